import { isRecord } from '../json/deep-json.ts';

/** A message part in the OpenTelemetry GenAI message schema. */
export type GenAiPart =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'tool_call'; id?: string; name: string; arguments?: unknown }
  | { type: 'tool_call_response'; id?: string; response: unknown };

/** A chat message in the OpenTelemetry GenAI schema (`gen_ai.input.messages`). */
export interface GenAiMessage {
  role: string;
  parts: GenAiPart[];
}

/** An output message in the OpenTelemetry GenAI schema (`gen_ai.output.messages`). */
export interface GenAiOutputMessage extends GenAiMessage {
  finish_reason: string;
}

/** Tool-call arguments as an object when they are JSON, else the raw text. */
function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function toolCallParts(toolCalls: unknown): GenAiPart[] {
  if (!Array.isArray(toolCalls)) return [];
  const parts: GenAiPart[] = [];
  for (const call of toolCalls) {
    if (!isRecord(call)) continue;
    const fn = isRecord(call.function) ? call.function : call;
    const name = typeof fn.name === 'string' ? fn.name : '';
    const part: GenAiPart = { type: 'tool_call', name, arguments: parseArguments(fn.arguments) };
    if (typeof call.id === 'string') part.id = call.id;
    parts.push(part);
  }
  return parts;
}

function textContent(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    // Content given as OpenAI content parts: keep the text ones.
    const texts = content.flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : []));
    return texts.length > 0 ? texts.join('') : undefined;
  }
  return undefined;
}

/** Maps OpenAI chat messages (as recorded in `llm.messages`) to GenAI input messages; malformed entries are skipped. */
export function toGenAiInputMessages(messages: unknown): GenAiMessage[] {
  if (!Array.isArray(messages)) return [];
  const result: GenAiMessage[] = [];
  for (const message of messages) {
    if (!isRecord(message) || typeof message.role !== 'string') continue;
    const text = textContent(message.content);
    if (message.role === 'tool') {
      const part: GenAiPart = { type: 'tool_call_response', response: text ?? '' };
      if (typeof message.tool_call_id === 'string') part.id = message.tool_call_id;
      result.push({ role: 'tool', parts: [part] });
      continue;
    }
    const parts: GenAiPart[] = [];
    if (text !== undefined && text !== '') parts.push({ type: 'text', content: text });
    if (message.role === 'assistant') parts.push(...toolCallParts(message.tool_calls));
    result.push({ role: message.role, parts });
  }
  return result;
}

/** The GenAI finish reason for a provider's: `tool_calls` becomes `tool_call`, others pass through. */
export function toGenAiFinishReason(reason: string | undefined): string {
  if (reason === undefined || reason === '') return 'stop';
  return reason === 'tool_calls' || reason === 'function_call' ? 'tool_call' : reason;
}

/** Builds the GenAI output message of an llm span from its output attributes. */
export function toGenAiOutputMessages(output: {
  text?: unknown;
  reasoning?: unknown;
  refusal?: unknown;
  toolCalls?: unknown;
  finishReason?: string;
}): GenAiOutputMessage[] {
  const parts: GenAiPart[] = [];
  if (typeof output.reasoning === 'string' && output.reasoning !== '')
    parts.push({ type: 'reasoning', content: output.reasoning });
  if (typeof output.text === 'string' && output.text !== '') parts.push({ type: 'text', content: output.text });
  if (typeof output.refusal === 'string' && output.refusal !== '')
    parts.push({ type: 'text', content: output.refusal });
  parts.push(...toolCallParts(output.toolCalls));
  return [{ role: 'assistant', parts, finish_reason: toGenAiFinishReason(output.finishReason) }];
}
