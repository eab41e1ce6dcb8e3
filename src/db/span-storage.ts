import { ATTR } from '../trace/attributes.ts';
import type { Span } from '../trace/span.ts';

/** Attribute of a stored llm span: how many earlier conversation messages its `llm.messages` leaves out. */
export const LLM_MESSAGES_OMITTED = 'llm.messages_omitted';

/** Below this many characters of message text a request is stored whole. */
const STORE_WHOLE_CHARS = 8_000;

type WireMessage = { role?: unknown; content?: unknown; tool_calls?: unknown };

function textLength(message: WireMessage): number {
  let length = typeof message.content === 'string' ? message.content.length : 0;
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls as Array<{ function?: { arguments?: unknown } }>) {
      const args = call.function?.arguments;
      length += typeof args === 'string' ? args.length : 0;
    }
  }
  return length;
}

/** A message longer than this is stored as its beginning and end. */
const MESSAGE_KEEP_CHARS = 8_000;
const HEAD_CHARS = 3_000;
const TAIL_CHARS = 1_000;

function shortened(message: WireMessage): WireMessage {
  const content = message.content;
  if (typeof content !== 'string' || content.length <= MESSAGE_KEEP_CHARS) return message;
  const left = content.length - HEAD_CHARS - TAIL_CHARS;
  return {
    ...message,
    content: `${content.slice(0, HEAD_CHARS)}\n[… ${left} characters not stored in the trace …]\n${content.slice(-TAIL_CHARS)}`,
  };
}

/**
 * A span as it is written to storage. An llm span's `llm.messages` repeats the whole conversation on every model
 * call, so storing it as is would write the session again with every step. Stored, a long request keeps its leading
 * system messages and everything from the latest user message on (what this turn added), with one note in place of
 * the earlier messages, which the session's transcript holds; `llm.messages_omitted` counts them. A message longer
 * than 8,000 characters (a pasted file, a tool result, the transcript a summary call reads) keeps its first 3,000
 * and last 1,000 characters. Other spans, and short requests, are stored unchanged; the span in memory (the live
 * trace) is not touched.
 */
export function spanForStorage(span: Span): Span {
  const messages = span.attributes[ATTR.llmMessages];
  if (span.kind !== 'llm' || !Array.isArray(messages)) return span;
  const list = messages as WireMessage[];
  let head = 0;
  while (head < list.length && list[head]?.role === 'system') head += 1;
  const lastUser = list.findLastIndex((message) => message?.role === 'user');
  const omitted = lastUser - head;
  let earlierChars = 0;
  for (let index = head; index < lastUser; index += 1) earlierChars += textLength(list[index] ?? {});
  const omit = omitted >= 2 && earlierChars >= STORE_WHOLE_CHARS;
  const long = list.some(
    (message) => typeof message?.content === 'string' && message.content.length > MESSAGE_KEEP_CHARS,
  );
  if (!omit && !long) return span;
  const note = {
    role: 'system',
    content: `(${omitted} earlier message${omitted === 1 ? '' : 's'} of this conversation ${omitted === 1 ? 'is' : 'are'} not repeated in the stored trace; the chat holds them.)`,
  };
  const kept = omit ? [...list.slice(0, head), note, ...list.slice(lastUser)] : list;
  return {
    ...span,
    attributes: {
      ...span.attributes,
      [ATTR.llmMessages]: kept.map(shortened),
      ...(omit ? { [LLM_MESSAGES_OMITTED]: omitted } : {}),
    },
  };
}
