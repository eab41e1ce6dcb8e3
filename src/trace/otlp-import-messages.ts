import type { ChatMessage, ToolCall } from '../model/model.ts';
import { parseJsonText } from './json-values.ts';
import { isRecord, stringifyJson } from '../json/deep-json.ts';

export { parseJsonText } from './json-values.ts';

/** Any value as message text: strings as they are, everything else as JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return stringifyJson(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function toolCall(id: unknown, name: unknown, args: unknown, index: number): ToolCall {
  return {
    id: typeof id === 'string' && id !== '' ? id : `call_${index}`,
    type: 'function',
    function: { name: typeof name === 'string' ? name : '', arguments: asText(args ?? {}) },
  };
}

function pushMessage(result: ChatMessage[], role: string, text: string, toolCalls: ToolCall[]): void {
  if (role === 'assistant') {
    result.push(
      toolCalls.length > 0
        ? { role, content: text === '' ? null : text, tool_calls: toolCalls }
        : { role, content: text },
    );
  } else if (role === 'system' || role === 'developer') result.push({ role: 'system', content: text });
  else if (role === 'user' || role === 'human') result.push({ role: 'user', content: text });
  else if (text !== '') result.push({ role: 'user', content: text });
}

/** OpenTelemetry GenAI messages (`gen_ai.input.messages` / `gen_ai.output.messages`, JSON text or array) as chat messages. */
export function fromGenAiMessages(value: unknown): ChatMessage[] {
  const messages = parseJsonText(value);
  if (!Array.isArray(messages)) return [];
  const result: ChatMessage[] = [];
  for (const message of messages) {
    if (!isRecord(message) || typeof message.role !== 'string') continue;
    const parts = Array.isArray(message.parts) ? message.parts : [];
    const texts: string[] = [];
    const calls: ToolCall[] = [];
    for (const part of parts) {
      if (!isRecord(part)) continue;
      if (part.type === 'text' && typeof part.content === 'string') texts.push(part.content);
      else if (part.type === 'tool_call') calls.push(toolCall(part.id, part.name, part.arguments, calls.length));
      else if (part.type === 'tool_call_response') {
        result.push({
          role: 'tool',
          tool_call_id: typeof part.id === 'string' ? part.id : '',
          content: asText(part.response),
        });
      }
    }
    if (texts.length > 0 || calls.length > 0 || (parts.length === 0 && message.role !== 'tool')) {
      pushMessage(result, message.role, texts.join(''), calls);
    }
  }
  return result;
}

/** Reads OpenInference's flattened list `prefix.N.message.*` back into chat messages. */
export function fromOpenInferenceMessages(attributes: Record<string, unknown>, prefix: string): ChatMessage[] {
  const byIndex = new Map<number, Record<string, unknown>>();
  const pattern = new RegExp(`^${prefix.replaceAll('.', '\\.')}\\.(\\d+)\\.message\\.(.+)$`);
  for (const [key, value] of Object.entries(attributes)) {
    const match = pattern.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const fields = byIndex.get(index) ?? {};
    fields[match[2] as string] = value;
    byIndex.set(index, fields);
  }
  const result: ChatMessage[] = [];
  for (const index of [...byIndex.keys()].sort((a, b) => a - b)) {
    const fields = byIndex.get(index) as Record<string, unknown>;
    const role = typeof fields.role === 'string' ? fields.role : 'user';
    let text = typeof fields.content === 'string' ? fields.content : '';
    if (text === '') {
      const contents = Object.entries(fields)
        .filter(([key]) => /^contents\.\d+\.message_content\.text$/.test(key))
        .map(([, value]) => asText(value));
      text = contents.join('');
    }
    if (role === 'tool') {
      result.push({ role: 'tool', tool_call_id: asText(fields.tool_call_id), content: text });
      continue;
    }
    const calls: ToolCall[] = [];
    for (let call = 0; `tool_calls.${call}.tool_call.function.name` in fields; call += 1) {
      const at = `tool_calls.${call}.tool_call.`;
      calls.push(toolCall(fields[`${at}id`], fields[`${at}function.name`], fields[`${at}function.arguments`], call));
    }
    pushMessage(result, role, text, calls);
  }
  return result;
}

/** The Vercel AI SDK's `ai.prompt.messages` (its own message format, JSON text) as chat messages. */
export function fromVercelMessages(value: unknown): ChatMessage[] {
  const messages = parseJsonText(value);
  if (!Array.isArray(messages)) return [];
  const result: ChatMessage[] = [];
  for (const message of messages) {
    if (!isRecord(message) || typeof message.role !== 'string') continue;
    if (typeof message.content === 'string') {
      pushMessage(result, message.role, message.content, []);
      continue;
    }
    const parts = Array.isArray(message.content) ? message.content : [];
    const texts: string[] = [];
    const calls: ToolCall[] = [];
    for (const part of parts) {
      if (!isRecord(part)) continue;
      if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
      else if (part.type === 'tool-call')
        calls.push(toolCall(part.toolCallId, part.toolName, part.input ?? part.args, calls.length));
      else if (part.type === 'tool-result') {
        result.push({
          role: 'tool',
          tool_call_id: asText(part.toolCallId),
          content: asText(part.output ?? part.result),
        });
      }
    }
    if (message.role !== 'tool') pushMessage(result, message.role, texts.join(''), calls);
  }
  return result;
}

/** The Vercel AI SDK's `ai.response.toolCalls` as OpenAI tool calls. */
export function fromVercelToolCalls(value: unknown): ToolCall[] {
  const calls = parseJsonText(value);
  if (!Array.isArray(calls)) return [];
  return calls
    .filter(isRecord)
    .map((call, index) => toolCall(call.toolCallId, call.toolName, call.input ?? call.args, index));
}
