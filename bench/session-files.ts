import {
  SESSION_FILE_FORMAT,
  SESSION_FILE_VERSION,
  type FileMessage,
  type FileSpan,
  type SessionFile,
} from '../src/db/session-file-schema.ts';
import { WORDS } from '../src/testing/fixture-words.ts';
import { generateSessionSpans, seededRandom } from '../src/testing/span-fixtures.ts';

const CODE_SNIPPETS = [
  'export function sum(values: number[]): number {\n  return values.reduce((total, value) => total + value, 0);\n}',
  'const response = await fetch(url, { signal });\nif (!response.ok) throw new Error(`HTTP ${response.status}`);',
  'for (const item of items) {\n  if (item.done) continue;\n  queue.push({ id: item.id, at: Date.now() });\n}',
];

/** ~`length` characters of deterministic prose: sentences of pseudo-random words. */
function prose(random: () => number, length: number): string {
  let text = '';
  let sentence = 0;
  while (text.length < length) {
    const word = WORDS[Math.floor(random() * WORDS.length)] ?? 'agent';
    text += sentence === 0 ? word[0]?.toUpperCase() + word.slice(1) : ` ${word}`;
    sentence += 1;
    if (sentence > 8 + Math.floor(random() * 8)) {
      text += '. ';
      sentence = 0;
    }
  }
  return `${text.trimEnd().replace(/[.]?$/, '.')}`;
}

/** Runs of synthetic spans, as few per run as gives at least `count` spans in all. */
function spansAtLeast(sessionId: string, runs: number, count: number, seed: number) {
  for (let perRun = Math.max(2, Math.floor(count / runs)); ; perRun += 1) {
    const spans = generateSessionSpans({ sessionId, runs, spansPerRun: perRun, seed });
    if (spans.length >= count) return spans;
  }
}

/** Options of {@link generateSessionFile}. */
export interface GeneratedSessionOptions {
  /** Session id (also the prefix of message ids). */
  id: string;
  title: string;
  messages: number;
  /** Spans to generate alongside (0: none); each user/assistant pair is one run. */
  spans?: number;
  seed?: number;
  /** Characters per message, about. */
  messageLength?: number;
}

/**
 * A deterministic session in our own export format: alternating user/assistant messages of ~400 characters, every
 * tenth one with a fenced code block, and optionally a span tree per user/assistant pair (from generateSessionSpans).
 */
export function generateSessionFile(options: GeneratedSessionOptions): SessionFile {
  const random = seededRandom(options.seed ?? 7);
  const length = options.messageLength ?? 400;
  const runCount = Math.ceil(options.messages / 2);
  const spanCount = options.spans ?? 0;
  const generatedSpans = spanCount > 0 ? spansAtLeast(options.id, runCount, spanCount, options.seed ?? 7) : [];
  const roots = generatedSpans.filter((span) => span.kind === 'run');
  const spans: FileSpan[] = generatedSpans.map(({ sessionId: _sessionId, ...span }) => span);
  const start = 1_700_000_000_000;
  const messages: FileMessage[] = [];
  for (let index = 0; index < options.messages; index += 1) {
    const run = Math.floor(index / 2);
    const runId = roots[run]?.spanId ?? `run_${options.id}_${run}`;
    const withCode = index % 10 === 9;
    const body = prose(random, withCode ? length - 160 : length);
    const content = withCode ? `${body}\n\n\`\`\`ts\n${CODE_SNIPPETS[index % CODE_SNIPPETS.length]}\n\`\`\`\n` : body;
    const createdAt = roots[run] ? roots[run].startTime + (index % 2) * 500 : start + index * 30_000;
    messages.push({
      id: `msg_${options.id}_${index}`,
      seq: index,
      runId,
      createdAt,
      message: index % 2 === 0 ? { role: 'user', content } : { role: 'assistant', content },
    });
  }
  const last = messages.at(-1)?.createdAt ?? start;
  return {
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    exportedAt: new Date(last).toISOString(),
    scope: 'session',
    sessions: [
      {
        id: options.id,
        title: options.title,
        titleEdited: true,
        createdAt: messages[0]?.createdAt ?? start,
        updatedAt: last,
        status: 'done',
        messages,
        spans,
        toolState: [],
        attachments: [],
      },
    ],
  };
}

/** The last message's text as the chat shows it (Markdown rendered: code fences and trailing space dropped). */
export function lastMessageMarker(file: SessionFile): string {
  const content = file.sessions[0]?.messages.at(-1)?.message.content ?? '';
  // The first words of the last message: plain prose, identical in the DOM.
  return content.slice(0, 60);
}
