import type { ChatMessage, ModelResponse, ToolCall } from '../model/model.ts';
import type { NoticeCode } from './events.ts';
import type { AgentText } from './notice-text.ts';
import type { ToolCallOutcome } from './execute-tool-calls.ts';
import type { TranscriptEntry, TranscriptMeta } from './transcript.ts';

/** Makes transcript entries for one run. */
export interface EntryFactory {
  sessionId: string;
  runId: string;
  newId: (prefix: 'msg') => string;
  now: () => number;
  /** Set for the entries of a delegated run: they are shown in its group and never sent to the parent's model. */
  delegation?: { parentCallId: string; agent: string };
}

/** A notice to show the user: the code the UI keys on and its text as key + values (worded by the reader). */
export interface Notice {
  code: NoticeCode;
  text: AgentText;
}

/** A notice from its code and text. */
export function createNotice(code: NoticeCode, text: AgentText): Notice {
  return { code, text };
}

/** Builds one transcript entry; empty reasoning and meta are left out. */
export function createEntry(
  factory: EntryFactory,
  message: ChatMessage,
  extras: { reasoning?: string; spanId?: string; meta?: TranscriptMeta } = {},
): TranscriptEntry {
  const entry: TranscriptEntry = {
    id: factory.newId('msg'),
    sessionId: factory.sessionId,
    runId: factory.runId,
    createdAt: factory.now(),
    message,
  };
  if (extras.reasoning) entry.reasoning = extras.reasoning;
  if (extras.spanId) entry.spanId = extras.spanId;
  const given = factory.delegation ? { ...extras.meta, delegation: factory.delegation } : (extras.meta ?? {});
  const meta = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  if (Object.keys(meta).length > 0) entry.meta = meta as TranscriptMeta;
  return entry;
}

/** An assistant message as endpoints accept it back: content is null when there are tool calls and no text. */
export function assistantMessage(text: string, toolCalls: readonly ToolCall[]): ChatMessage {
  if (toolCalls.length === 0) return { role: 'assistant', content: text };
  return { role: 'assistant', content: text === '' ? null : text, tool_calls: [...toolCalls] };
}

/** Tool calls made safe to echo back: a non-empty unique id, `type: 'function'`, `{}` for empty arguments. */
export function normaliseToolCalls(calls: readonly ToolCall[], idPrefix: string, freshIds = false): ToolCall[] {
  const seen = new Set<string>();
  return calls.map((call, index) => {
    // A delegated run's ids must not clash with its parent's (approvals and the chat key on them): it makes its own.
    let id = (freshIds ? '' : call.id.trim()) || `${idPrefix}_${index}`;
    // The result must reference its call, so an id must be unique within the message.
    if (seen.has(id)) id = `${id}_${index}`;
    seen.add(id);
    const args = call.function.arguments.trim() === '' ? '{}' : call.function.arguments;
    return { id, type: 'function', function: { name: call.function.name, arguments: args } };
  });
}

/** The notice a response's ending deserves: cut off, filtered, or refused. */
export function finishNotice(response: Pick<ModelResponse, 'finishReason' | 'refusal'>): Notice | undefined {
  if (response.finishReason === 'length') {
    return createNotice('cut-off', { key: 'cut-off' });
  }
  if (response.finishReason === 'content_filter') {
    return createNotice('content-filter', { key: 'content-filter' });
  }
  if (response.finishReason === 'refusal' || (response.refusal !== undefined && response.refusal !== '')) {
    return createNotice('refusal', { key: 'refusal' });
  }
  return undefined;
}

/** The transcript entry for a tool call's outcome; its span is the tool span. */
export function toolEntry(factory: EntryFactory, outcome: ToolCallOutcome): TranscriptEntry {
  return createEntry(
    factory,
    { role: 'tool', tool_call_id: outcome.call.id, content: outcome.observation },
    {
      spanId: outcome.spanId,
      meta: {
        toolName: outcome.call.function.name,
        toolStatus: outcome.status,
        durationMs: outcome.durationMs,
        ...(outcome.replayed ? { replayed: true } : {}),
        ...(outcome.cached ? { cached: true } : {}),
      },
    },
  );
}

/** Joins notices for one entry's `meta.noticeText` (key + values; the chat words them in its language). */
export function joinNotices(notices: readonly (Notice | undefined)[]): Pick<TranscriptMeta, 'noticeText'> {
  const present = notices.filter((item): item is Notice => item !== undefined);
  if (present.length === 0) return {};
  return { noticeText: present.map((item) => item.text) };
}

/** Joins reasoning parts (the endpoint's reasoning channel, a ReAct thought) with a blank line. */
export function joinReasoning(...parts: (string | undefined)[]): string {
  return parts.filter((part): part is string => part !== undefined && part.trim() !== '').join('\n\n');
}
