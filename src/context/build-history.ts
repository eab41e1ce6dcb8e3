import type { TranscriptEntry } from '../agent/transcript.ts';
import type { ChatMessage } from '../model/model.ts';

/** The placeholder result for a tool call that never finished. */
export const interruptedToolResult = 'No result: the run ended before this tool call finished.';

/**
 * What a resumed run needs of its delegations: each delegated run's stored transcript as the messages to send it,
 * by the `delegate_<name>` call it answers (partial answers cut off by the interruption left out, unanswered tool
 * calls at its end left for the agent to run, as in {@link buildHistory} with `resume`).
 */
export function delegatedHistories(all: readonly TranscriptEntry[]): Map<string, ChatMessage[]> {
  const groups = new Map<string, TranscriptEntry[]>();
  for (const entry of all) {
    const delegation = entry.meta?.delegation;
    if (!delegation || entry.meta?.partial) continue;
    const { delegation: _delegation, ...meta } = entry.meta ?? {};
    const own = { ...entry, meta };
    const group = groups.get(delegation.parentCallId);
    if (group) group.push(own);
    else groups.set(delegation.parentCallId, [own]);
  }
  return new Map([...groups].map(([callId, entries]) => [callId, buildHistory(entries, { resume: true })]));
}

/**
 * The chat messages to send for a session's transcript. Endpoints reject unanswered tool calls and
 * orphan tool results, so each assistant message with tool calls is followed by exactly one result per
 * call — a placeholder for calls a stopped or interrupted run left open — except, with `resume`, the
 * trailing assistant message, whose missing calls the agent runs. Entries of delegated runs are left out, and so are
 * an answer check's superseded draft and its revision request.
 */
export function buildHistory(all: readonly TranscriptEntry[], options: { resume?: boolean } = {}): ChatMessage[] {
  // A delegated run's transcript is the user's to see; the parent's model sees only its answer (the tool result).
  // A draft the answer check superseded is the user's to see too: the model sees the revised answer.
  const hidden = (entry: TranscriptEntry): boolean =>
    entry.meta?.delegation !== undefined || entry.meta?.draftOf !== undefined;
  const entries = all.some(hidden) ? all.filter((entry) => !hidden(entry)) : all;
  const messages: ChatMessage[] = [];
  let index = 0;
  while (index < entries.length) {
    const message = (entries[index] as TranscriptEntry).message;
    index += 1;
    if (message.role === 'system' || message.role === 'tool') continue; // orphan results are dropped
    messages.push(message);
    if (message.role !== 'assistant' || !message.tool_calls?.length) continue;

    const results = new Map<string, ChatMessage>();
    while (index < entries.length && (entries[index] as TranscriptEntry).message.role === 'tool') {
      const result = (entries[index] as TranscriptEntry).message as Extract<ChatMessage, { role: 'tool' }>;
      if (!results.has(result.tool_call_id)) results.set(result.tool_call_id, result);
      index += 1;
    }
    const isTrailing = index >= entries.length;
    for (const call of message.tool_calls) {
      const result = results.get(call.id);
      if (result) messages.push(result);
      else if (!(options.resume && isTrailing)) {
        messages.push({ role: 'tool', tool_call_id: call.id, content: interruptedToolResult });
      }
    }
  }
  return messages;
}
