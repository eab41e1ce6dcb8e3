import { z } from 'zod';

const TEXT_CONTENT_TYPES = new Set(['text', 'multimodal_text']);
const optionalText = z.string().nullable().optional();

const contentSchema = z
  .object({
    content_type: z.string(),
    parts: z.array(z.unknown()).optional(),
    text: optionalText,
    language: optionalText,
    // Browser tool output: `tether_browsing_display` has `result`, `tether_quote` has `url`, `domain`, `title`, `text`.
    result: optionalText,
    url: optionalText,
    domain: optionalText,
    title: optionalText,
    thoughts: z.array(z.object({ summary: z.string().optional(), content: z.string().optional() })).optional(),
  })
  .superRefine((content, context) => {
    if (TEXT_CONTENT_TYPES.has(content.content_type) && content.parts === undefined) {
      context.addIssue({ code: 'custom', path: ['parts'], message: 'expected array' });
    }
  });

/** One message of a ChatGPT export, as far as the import reads it. */
export const chatGptMessageSchema = z.object({
  author: z.object({ role: z.string(), name: z.string().nullable().optional() }),
  create_time: z.number().finite().nullable().optional(),
  content: contentSchema,
  recipient: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});

/** A parsed ChatGPT message. */
export type ChatGptMessage = z.output<typeof chatGptMessageSchema>;

/** What one ChatGPT message contributes to the imported transcript. */
export type MessagePiece =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'reasoning'; text: string }
  | { kind: 'none' };

const citationsSchema = z.array(
  z.object({
    start_ix: z.number().int().nonnegative(),
    end_ix: z.number().int().nonnegative(),
    metadata: z
      .object({ title: z.string().nullable().optional(), url: z.string().nullable().optional() })
      .nullable()
      .optional(),
  }),
);

// `【3†title†host】`, `【3:1†source】`: ChatGPT's browser citation marks.
const CITATION_MARK = /【(\d+)(?::\d+)?†([^†【】]*)(?:†([^【】]*))?】/g;
// Newer exports wrap citations and entity references in private-use characters: `\ue200cite\ue202turn0search0\ue201`.
const PRIVATE_USE_CITATION = /\ue200[^\ue201]*\ue201/g;
const SAFE_LINK_URL = /^https?:\/\/[^\s<>]+$/i;

function escapeLinkText(text: string): string {
  return text
    .replace(/[[\]\\]/g, '\\$&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Replaces citation marks with Markdown links where the message's metadata names the source, else readable text. */
export function readableCitations(text: string, metadata: Record<string, unknown> | null | undefined): string {
  let result = text;
  const citations = citationsSchema.safeParse(metadata?.citations);
  if (citations.success && citations.data.length > 0) {
    // Indices count code points; replace from the end so earlier indices stay valid.
    const points = Array.from(result);
    for (const citation of citations.data.toSorted((a, b) => b.start_ix - a.start_ix)) {
      const mark = points.slice(citation.start_ix, citation.end_ix).join('');
      if (!/^【[^【】]*】$/.test(mark)) continue;
      const url = citation.metadata?.url ?? '';
      const title = escapeLinkText(citation.metadata?.title ?? '') || url;
      const link = SAFE_LINK_URL.test(url) ? ` ([${title}](<${url}>))` : '';
      points.splice(citation.start_ix, citation.end_ix - citation.start_ix, link);
    }
    result = points.join('');
  }
  return result
    .replace(PRIVATE_USE_CITATION, '')
    .replace(CITATION_MARK, (_mark, index: string, title: string, host: string | undefined) => {
      const label = title.trim();
      // `【3†Title†host】` heads a search result; `【6† русский 】` is a link's text in a quoted page;
      // `【3:1†source】` is a bare citation with nothing to show.
      if (host !== undefined) return `[${index}] ${label}${host.trim() ? ` (${host.trim()})` : ''}`;
      return label === 'source' ? '' : label;
    });
}

/** A fenced code block whose fence is longer than any backtick run inside. */
export function fenced(text: string, info: string): string {
  const body = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const longest = Math.max(2, ...Array.from(body.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${body}\n${fence}`;
}

function quoted(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line) => (line.trim() ? `> ${line}` : '>'))
    .join('\n');
}

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (typeof part === 'object' && part !== null) {
    const record = part as Record<string, unknown>;
    if (typeof record.text === 'string') return record.text;
    const kind = typeof record.content_type === 'string' ? record.content_type.replace(/_/g, ' ') : 'attachment';
    return `[${kind}]`;
  }
  return '';
}

function partsText(message: ChatGptMessage): string {
  return (message.content.parts ?? []).map(partText).join('\n').trim();
}

/** A fence info string from a tool name: `python`, `browser`, `dalle.text2im`. */
function infoString(name: string | null | undefined): string {
  return (name ?? '').replace(/[^\w.-]/g, '').slice(0, 40);
}

function toolOutput(message: ChatGptMessage): string {
  const { content } = message;
  switch (content.content_type) {
    case 'execution_output':
      return content.text ? fenced(content.text, 'output') : '';
    case 'tether_browsing_display':
      return content.result?.trim() ? quoted(readableCitations(content.result, null)) : '';
    case 'tether_quote': {
      const body = content.text?.trim() ? quoted(readableCitations(content.text, null)) : '';
      const url = content.url ?? '';
      const title = escapeLinkText(content.title ?? '') || content.domain || url;
      const source = SAFE_LINK_URL.test(url) ? `— [${title}](<${url}>)` : title ? `— ${title}` : '';
      return [body, source].filter(Boolean).join('\n\n');
    }
    default: {
      const text = TEXT_CONTENT_TYPES.has(content.content_type) ? partsText(message) : (content.text ?? '').trim();
      return text ? quoted(readableCitations(text, message.metadata)) : '';
    }
  }
}

/** True for ChatGPT's hidden messages: system prompts, custom instructions (`user_editable_context`), memory. */
function isHidden(message: ChatGptMessage): boolean {
  return (
    message.metadata?.is_visually_hidden_from_conversation === true ||
    message.author.role === 'system' ||
    message.content.content_type === 'user_editable_context'
  );
}

/**
 * What one message of a conversation's branch shows: user text, or part of the assistant's turn — its answers,
 * its tool calls (code sent to `python` or `browser`, as code blocks) and the tools' output (readable text).
 */
export function messagePiece(message: ChatGptMessage): MessagePiece {
  if (isHidden(message)) return { kind: 'none' };
  const { content } = message;
  if (content.content_type === 'thoughts') {
    const text = (content.thoughts ?? [])
      .map((thought) => thought.content ?? '')
      .filter(Boolean)
      .join('\n\n');
    return text ? { kind: 'reasoning', text } : { kind: 'none' };
  }
  const role = message.author.role;
  if (role === 'user') {
    const text = TEXT_CONTENT_TYPES.has(content.content_type) ? partsText(message) : '';
    return text ? { kind: 'user', text } : { kind: 'none' };
  }
  if (role === 'tool') {
    const text = toolOutput(message);
    return text ? { kind: 'assistant', text } : { kind: 'none' };
  }
  if (role !== 'assistant') return { kind: 'none' };
  const toUser = message.recipient === undefined || message.recipient === null || message.recipient === 'all';
  const body =
    content.content_type === 'code'
      ? (content.text ?? '')
      : TEXT_CONTENT_TYPES.has(content.content_type)
        ? partsText(message)
        : '';
  if (!body.trim()) return { kind: 'none' };
  if (toUser && content.content_type !== 'code')
    return { kind: 'assistant', text: readableCitations(body, message.metadata).trim() };
  const language = content.language && content.language !== 'unknown' ? content.language : '';
  return {
    kind: 'assistant',
    text: fenced(body, infoString(toUser ? language : message.recipient) || infoString(language)),
  };
}
