import type { ChatMessage, ToolCall } from '../model/model.ts';
import type { AnyTool } from '../tools/define-tool.ts';
import { buildJsonPlanSystemPrompt, toJsonPlanMessages } from './json-plan-protocol.ts';
import { buildReactSystemPrompt, toReactMessages } from './react-text-protocol.ts';

/** Which wire protocol a request uses: native tool calls, text ReAct, or one JSON decision per reply (JSON plan). */
export type WireProtocol = 'tools' | 'react' | 'json';

/**
 * The messages to send: one system message first (the system prompt merged with any leading system messages
 * the context hook produced), then the conversation, rewritten for text ReAct when that protocol is in use.
 */
export function buildRequestMessages(
  systemPrompt: string,
  context: readonly ChatMessage[],
  protocol: WireProtocol,
  tools: readonly AnyTool[],
): ChatMessage[] {
  let index = 0;
  const systemParts = [systemPrompt];
  for (; index < context.length; index += 1) {
    const message = context[index] as ChatMessage;
    if (message.role !== 'system') break;
    systemParts.push(message.content);
  }
  const rest = context.slice(index);
  const base = systemParts.filter((part) => part.trim() !== '').join('\n\n');
  if (protocol === 'json')
    return [{ role: 'system', content: buildJsonPlanSystemPrompt(base, tools) }, ...toJsonPlanMessages(rest)];
  const system = protocol === 'react' && tools.length > 0 ? buildReactSystemPrompt(base, tools) : base;
  const body = protocol === 'react' ? toReactMessages(rest) : [...rest];
  return system === '' ? body : [{ role: 'system', content: system }, ...body];
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
