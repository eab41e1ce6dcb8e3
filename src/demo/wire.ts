import type { ChatMessage, ToolCall, ToolSpec } from '../model/model.ts';
import type { ScriptedReply, ScriptRequest } from './scripted-model.ts';
import { estimateTokens, splitIntoFragments, splitIntoPieces } from './text.ts';

/** The model id the demo reports. */
export const DEMO_MODEL = 'glassbox-demo';
/** The `system_fingerprint` the demo reports. */
export const DEMO_FINGERPRINT = 'fp_glassbox_demo';
/** The SSE event that ends a stream. */
export const SSE_DONE = 'data: [DONE]\n\n';

/** A tool call ready for the wire: id assigned, arguments as a JSON string. */
export interface WireToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A reply ready to be encoded as a chat.completion or a chunk stream. */
export interface WireReply {
  content?: string;
  reasoning?: string;
  toolCalls?: WireToolCall[];
  finishReason: string;
}

/** OpenAI-shaped token usage. */
export interface WireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  completion_tokens_details?: { reasoning_tokens: number };
}

/** Response metadata shared by every chunk of one completion. */
export interface WireMeta {
  id: string;
  created: number;
  model: string;
}

/** A chat-completions request body, read leniently and normalised to string contents. */
export interface ChatRequestBody extends ScriptRequest {
  model: string;
  stream: boolean;
  includeUsage: boolean;
  hasStreamOptions: boolean;
}

/** The OpenAI error envelope `{ error: { message, type, param, code } }`. */
export function errorEnvelope(
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): { error: Record<string, unknown> } {
  return { error: { message, type, param, code } };
}

function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('');
  }
  return null;
}

function readToolCall(raw: unknown): ToolCall {
  const call = (typeof raw === 'object' && raw !== null ? raw : {}) as {
    id?: unknown;
    function?: { name?: unknown; arguments?: unknown };
  };
  const rawArguments = call.function?.arguments;
  return {
    id: String(call.id ?? ''),
    type: 'function',
    function: {
      name: String(call.function?.name ?? ''),
      arguments: typeof rawArguments === 'string' ? rawArguments : JSON.stringify(rawArguments ?? {}),
    },
  };
}

/** Validates and normalises a parsed request body; returns an error message for a malformed one. */
export function readChatRequest(body: unknown): ChatRequestBody | { error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { error: 'The request body must be a JSON object.' };
  const record = body as Record<string, unknown>;
  if (!Array.isArray(record.messages) || record.messages.length === 0)
    return { error: "'messages' must be a non-empty array." };
  const messages: ChatMessage[] = [];
  for (const [index, raw] of record.messages.entries()) {
    if (typeof raw !== 'object' || raw === null) return { error: `messages[${index}] must be an object.` };
    const message = raw as Record<string, unknown>;
    const content = textOf(message.content);
    switch (message.role) {
      case 'system':
      case 'developer':
        messages.push({ role: 'system', content: content ?? '' });
        break;
      case 'user':
        messages.push({ role: 'user', content: content ?? '' });
        break;
      case 'assistant':
        messages.push({
          role: 'assistant',
          content,
          ...(Array.isArray(message.tool_calls) ? { tool_calls: message.tool_calls.map(readToolCall) } : {}),
        });
        break;
      case 'tool':
        messages.push({ role: 'tool', tool_call_id: String(message.tool_call_id ?? ''), content: content ?? '' });
        break;
      default:
        return { error: `messages[${index}].role must be one of system, user, assistant, tool.` };
    }
  }
  const tools = Array.isArray(record.tools)
    ? (record.tools as ToolSpec[]).filter((tool) => typeof tool?.function?.name === 'string')
    : undefined;
  const streamOptions = record.stream_options;
  const includeUsage =
    typeof streamOptions === 'object' &&
    streamOptions !== null &&
    (streamOptions as { include_usage?: unknown }).include_usage === true;
  return {
    messages,
    ...(tools && tools.length > 0 ? { tools } : {}),
    model: typeof record.model === 'string' ? record.model : DEMO_MODEL,
    stream: record.stream === true,
    includeUsage,
    hasStreamOptions: streamOptions !== undefined && streamOptions !== null,
  };
}

/** Number of tool calls already in the conversation, so new call ids continue the sequence. */
export function countToolCalls(messages: ChatMessage[]): number {
  return messages.reduce(
    (count, message) => count + (message.role === 'assistant' ? (message.tool_calls?.length ?? 0) : 0),
    0,
  );
}

/** Gives a scripted reply's tool calls ids `call_demo_<n>` (continuing from `previousCalls`) and JSON arguments. */
export function toWireReply(reply: ScriptedReply, previousCalls = 0): WireReply {
  return {
    ...(reply.content !== undefined ? { content: reply.content } : {}),
    ...(reply.reasoning !== undefined ? { reasoning: reply.reasoning } : {}),
    ...(reply.toolCalls && reply.toolCalls.length > 0
      ? {
          toolCalls: reply.toolCalls.map((call, index) => ({
            id: `call_demo_${previousCalls + index + 1}`,
            name: call.name,
            arguments: JSON.stringify(call.arguments),
          })),
        }
      : {}),
    finishReason: reply.finishReason,
  };
}

/** Deterministic usage estimate: the prompt (messages and tools) and the completion (text, reasoning, tool calls). */
export function estimateUsage(request: ScriptRequest, reply: WireReply): WireUsage {
  const prompt =
    request.messages.reduce((sum, message) => {
      const calls =
        message.role === 'assistant'
          ? (message.tool_calls ?? []).map((call) => call.function.name + call.function.arguments).join('')
          : '';
      return sum + 4 + estimateTokens(message.content ?? '') + estimateTokens(calls);
    }, 3) + (request.tools && request.tools.length > 0 ? estimateTokens(JSON.stringify(request.tools)) : 0);
  const reasoning = estimateTokens(reply.reasoning ?? '');
  const completion =
    estimateTokens(reply.content ?? '') +
    reasoning +
    (reply.toolCalls ?? []).reduce((sum, call) => sum + 3 + estimateTokens(call.name + call.arguments), 0);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    ...(reasoning > 0 ? { completion_tokens_details: { reasoning_tokens: reasoning } } : {}),
  };
}

/** A complete non-streaming `chat.completion` object. */
export function toChatCompletion(reply: WireReply, meta: WireMeta, usage?: WireUsage): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: reply.content ?? null };
  if (reply.reasoning) message.reasoning_content = reply.reasoning;
  if (reply.toolCalls && reply.toolCalls.length > 0) {
    message.tool_calls = reply.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  message.refusal = null;
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    system_fingerprint: DEMO_FINGERPRINT,
    choices: [{ index: 0, message, logprobs: null, finish_reason: reply.finishReason }],
    ...(usage ? { usage } : {}),
  };
}

/** Options for encoding a reply as stream chunks. */
export interface ChunkOptions {
  /** Append a usage-only chunk (`choices: []`), as for `stream_options.include_usage`. */
  includeUsage: boolean;
  usage?: WireUsage;
  /** How the content is cut into deltas; defaults to word-ish pieces. */
  contentPieces?: string[];
}

/** The `chat.completion.chunk` objects of a streamed reply, shaped like OpenAI's. */
export function toChunkObjects(reply: WireReply, meta: WireMeta, options: ChunkOptions): Record<string, unknown>[] {
  const base = {
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    system_fingerprint: DEMO_FINGERPRINT,
  };
  const usageField = options.includeUsage ? { usage: null } : {};
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...usageField,
  });
  const chunks: Record<string, unknown>[] = [chunk({ role: 'assistant', content: reply.content ? '' : null })];
  for (const piece of splitIntoPieces(reply.reasoning ?? '')) chunks.push(chunk({ reasoning_content: piece }));
  for (const piece of options.contentPieces ?? splitIntoPieces(reply.content ?? ''))
    chunks.push(chunk({ content: piece }));
  for (const [index, call] of (reply.toolCalls ?? []).entries()) {
    chunks.push(
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }),
    );
    for (const fragment of splitIntoFragments(call.arguments)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }));
    }
  }
  chunks.push(chunk({}, reply.finishReason));
  if (options.includeUsage && options.usage) chunks.push({ ...base, choices: [], usage: options.usage });
  return chunks;
}

/** One SSE event carrying a JSON payload. */
export function encodeSseData(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** The full SSE body of a streamed reply, as one string per event, ending with `data: [DONE]`. */
export function toSseEvents(reply: WireReply, meta: WireMeta, options: ChunkOptions): string[] {
  return [...toChunkObjects(reply, meta, options).map(encodeSseData), SSE_DONE];
}
