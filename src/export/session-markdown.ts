import type { FileSession } from '../db/session-file-schema.ts';
import { computeTotals } from '../trace/totals.ts';
import { formatDuration, formatTokens } from '../trace/format.ts';
import { showJson } from '../json/deep-json.ts';
import { ENGLISH_LABELS, messageHeading, type ReadableLabels } from './readable-labels.ts';
import type { Language } from '../i18n/translate.ts';
import { sessionSources, sourcesMarkdown, sourcesWords } from './session-sources.ts';
import { sessionSpans, toolNameOf } from './session-parts.ts';

/** A code fence longer than any run of backticks in `text`, so the text cannot close it. */
function fence(text: string, info = ''): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const marker = '`'.repeat(Math.max(3, longest + 1));
  return `${marker}${info}\n${text}\n${marker}`;
}

/** Pretty JSON when the text is JSON, else the text itself; JSON too deep to show is cut with a note saying so. */
export function prettyJson(text: string, labels: ReadableLabels): { text: string; json: boolean; note?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { text, json: false };
  }
  return shownJson(value, labels);
}

/** Pretty JSON of a value, cut past the levels a reader can follow, with the note that says how deep it was. */
export function shownJson(value: unknown, labels: ReadableLabels): { text: string; json: boolean; note?: string } {
  const shown = showJson(value);
  if (shown.cutDepth === undefined) return { text: shown.text, json: true };
  return {
    text: shown.text,
    json: true,
    note: labels.tooDeep.replace('{levels}', shown.cutDepth.toLocaleString('en-US')),
  };
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/u;

/** `<` as `&lt;` in text outside inline code spans, keeping autolinks such as `<https://example.com>`. */
function escapeInline(line: string): string {
  return line
    .split(/(`+[^`]*?`+)/u)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/<(?!(?:https?|mailto):[^\s<>]*>)/giu, '&lt;')))
    .join('');
}

/**
 * Message text with its raw HTML shown as text: a viewer that renders HTML in Markdown (most do) would otherwise
 * run or show what a model or an imported file wrote, `<img onerror=…>`, `<script>`, `<iframe>`. Code (fenced
 * blocks and inline spans) is left as written: it is shown as text already.
 */
export function escapeRawHtml(markdown: string): string {
  let fenceMarker: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = FENCE.exec(line)?.[1];
      if (fenceMarker !== undefined) {
        if (marker && marker[0] === fenceMarker[0] && marker.length >= fenceMarker.length) fenceMarker = undefined;
        return line;
      }
      if (marker) {
        fenceMarker = marker;
        return line;
      }
      return escapeInline(line);
    })
    .join('\n');
}

function quoted(label: string, text: string): string {
  return text
    .split('\n')
    .map((line, index) => (index === 0 ? `> **${label}:** ${line}` : `> ${line}`))
    .join('\n');
}

/**
 * A session as Markdown for people: one section per message, reasoning as a quoted "Reasoning:" paragraph, tool
 * calls (their arguments) and tool results as fenced blocks, and the session's totals at the end. Message text is
 * the model's Markdown as written, except raw HTML, which shows as text (`escapeRawHtml`).
 */
export function sessionMarkdown(
  session: FileSession,
  options: { labels?: ReadableLabels; exportedAt?: string; language?: Language } = {},
): string {
  const labels = options.labels ?? ENGLISH_LABELS;
  const sourcesOf = sessionSources(session);
  const words = sourcesWords(options.language);
  const out: string[] = [`# ${escapeRawHtml(session.title.replace(/\s+/g, ' ').trim()) || 'Glassbox'}`];
  if (options.exportedAt) out.push(`_${labels.exportedAt} · ${options.exportedAt}_`);
  for (const entry of session.messages) {
    const { message } = entry;
    if (message.role === 'tool') {
      const name = entry.meta?.toolName ?? toolNameOf(session, message.tool_call_id) ?? labels.tool;
      const status = entry.meta?.toolStatus ? ` (${entry.meta.toolStatus})` : '';
      const result = prettyJson(message.content, labels);
      out.push(`### ${labels.toolResult}: \`${name}\`${status}`, fence(result.text, result.json ? 'json' : 'text'));
      if (result.note) out.push(`_${result.note}_`);
      continue;
    }
    const heading = messageHeading(entry, labels);
    out.push(`## ${heading}`);
    if (entry.reasoning?.trim()) out.push(quoted(labels.reasoning, escapeRawHtml(entry.reasoning.trim())));
    const content = message.content ?? '';
    if (content.trim()) out.push(escapeRawHtml(content.trim()));
    const sources = sourcesMarkdown(sourcesOf(entry), words);
    if (sources) out.push(sources);
    if (message.role === 'assistant') {
      for (const call of message.tool_calls ?? []) {
        const args = prettyJson(call.function.arguments, labels);
        out.push(`**${labels.toolCall}:** \`${call.function.name}\``, fence(args.text, args.json ? 'json' : 'text'));
        if (args.note) out.push(`_${args.note}_`);
      }
    }
  }
  const spans = sessionSpans(session);
  if (spans.length > 0) {
    const totals = computeTotals(spans);
    out.push(
      `## ${labels.totals}`,
      [
        `- ${labels.tokens}: ${formatTokens(totals.inputTokens)} / ${formatTokens(totals.outputTokens)}`,
        `- ${labels.duration}: ${formatDuration(totals.durationMs)}`,
        `- ${labels.runs}: ${totals.runs}`,
        `- ${labels.llmCalls}: ${totals.llmCalls}`,
        `- ${labels.toolCalls}: ${totals.toolCalls}`,
        `- ${labels.errors}: ${totals.errors}`,
      ].join('\n'),
    );
  }
  return `${out.join('\n\n')}\n`;
}
