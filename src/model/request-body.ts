import type { ModelError } from './model-error.ts';
import type { ChatMessage, ModelRequest, ToolCall, ToolSpec } from './model.ts';
import { wireResponseFormat, type ResponseFormatLevel, type WireResponseFormat } from './response-format.ts';

/** A message as sent on the wire. */
export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** The JSON body of `POST /chat/completions`. */
export interface ChatRequestBody {
  model: string;
  messages: WireMessage[];
  tools?: ToolSpec[];
  tool_choice?: 'auto';
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  stream?: true;
  stream_options?: { include_usage: true };
  response_format?: WireResponseFormat;
}

/** Request options an endpoint may reject and the call can do without (or spell differently). */
export type DroppableOption = 'stream_options' | 'max_tokens' | 'temperature';

/** Everything that decides the request body. */
export interface RequestBodyInput {
  model: string;
  request: ModelRequest;
  stream: boolean;
  /** The configured temperature; the request's own wins when set. */
  temperature?: number | null | undefined;
  /** Options this endpoint rejected before. */
  dropped: ReadonlySet<DroppableOption>;
  /** How to ask for the request's `responseFormat` (strict `json_schema` when not given). */
  responseFormatLevel?: ResponseFormatLevel;
}

/**
 * Echoes history in the form every server accepts: an assistant message with tool calls sends `content: null`
 * (never `""`, which some gateways reject as an empty text block), one without sends a string, and an empty
 * `tool_calls` array is omitted.
 */
function toWireMessage(message: ChatMessage): WireMessage {
  if (message.role !== 'assistant') return message;
  const toolCalls = (message.tool_calls ?? []).map((call) => ({
    id: call.id,
    type: 'function' as const,
    function: {
      name: call.function.name,
      arguments: call.function.arguments.trim() === '' ? '{}' : call.function.arguments,
    },
  }));
  if (toolCalls.length === 0) return { role: 'assistant', content: message.content ?? '' };
  return { role: 'assistant', content: message.content === '' ? null : message.content, tool_calls: toolCalls };
}

/** Builds the chat-completions body: `tools` + `tool_choice` only with tools, usage requested when streaming. */
export function buildChatRequestBody(input: RequestBodyInput): ChatRequestBody {
  const body: ChatRequestBody = { model: input.model, messages: input.request.messages.map(toWireMessage) };
  const tools = input.request.tools ?? [];
  if (tools.length > 0) {
    body.tools = tools;
    body.tool_choice = 'auto';
  }
  const temperature = input.request.temperature ?? input.temperature;
  if (typeof temperature === 'number' && !input.dropped.has('temperature')) body.temperature = temperature;
  const maxOutputTokens = input.request.maxOutputTokens;
  if (typeof maxOutputTokens === 'number') {
    if (input.dropped.has('max_tokens')) body.max_completion_tokens = maxOutputTokens;
    else body.max_tokens = maxOutputTokens;
  }
  if (input.request.responseFormat) {
    const format = wireResponseFormat(input.request.responseFormat, input.responseFormatLevel ?? 'json_schema_strict');
    if (format) body.response_format = format;
  }
  if (input.stream) {
    body.stream = true;
    if (!input.dropped.has('stream_options')) body.stream_options = { include_usage: true };
  }
  return body;
}

const UNSUPPORTED =
  /unsupported|not supported|does not support|unrecognized|unknown|not permitted|not allowed|only the default|invalid/i;

/**
 * Which option, if any, a 400/422 says the endpoint cannot take: `stream_options`/`include_usage`
 * (older servers), `max_tokens` (newer OpenAI models want `max_completion_tokens`), or `temperature`
 * (reasoning models accept only the default).
 */
export function rejectedOption(error: ModelError, body: ChatRequestBody): DroppableOption | undefined {
  if (error.status !== 400 && error.status !== 422) return undefined;
  const text = `${error.message} ${error.code ?? ''}`;
  if (body.stream_options && /stream_options|include_usage/i.test(text)) return 'stream_options';
  const mentionsMaxTokens = /max_tokens/i.test(text);
  if (
    body.max_tokens !== undefined &&
    mentionsMaxTokens &&
    (UNSUPPORTED.test(text) || /max_completion_tokens/.test(text))
  ) {
    return 'max_tokens';
  }
  if (body.temperature !== undefined && /temperature/i.test(text) && UNSUPPORTED.test(text)) return 'temperature';
  return undefined;
}
