import type { ChatMessage, ToolCall } from '../model/model.ts';

/**
 * The system prompt merged with any leading system messages the context hook produced, and the conversation after
 * them: what a protocol builds its request from.
 */
export function splitSystemMessages(
  systemPrompt: string,
  context: readonly ChatMessage[],
): { system: string; messages: ChatMessage[] } {
  let index = 0;
  const systemParts = [systemPrompt];
  for (; index < context.length; index += 1) {
    const message = context[index] as ChatMessage;
    if (message.role !== 'system') break;
    systemParts.push(message.content);
  }
  return {
    system: systemParts.filter((part) => part.trim() !== '').join('\n\n'),
    messages: context.slice(index),
  };
}

/**
 * The tool calls of the last assistant message that have no result yet, when the conversation ends with that
 * message and (some of) its results: what an interrupted run still owes.
 */
export function findUnansweredToolCalls(messages: readonly ChatMessage[]): ToolCall[] {
  const answered = new Set<string>();
  let index = messages.length - 1;
  for (; index >= 0; index -= 1) {
    const message = messages[index] as ChatMessage;
    if (message.role !== 'tool') break;
    answered.add(message.tool_call_id);
  }
  const last = messages[index];
  if (!last || last.role !== 'assistant' || !last.tool_calls?.length) return [];
  return last.tool_calls.filter((call) => !answered.has(call.id));
}
