import {
  readCompletionWire,
  type MessageWire,
  type TimingsWire,
  type ToolCallWire,
  type UsageWire,
} from './chunk-schema.ts';
import { createThinkTagSplitter, createToolMarkupFilter } from './content-filters.ts';
import { readErrorEnvelope } from './error-envelope.ts';
import { ModelError } from './model-error.ts';
import type { FinishReason, ModelResponse, ModelStreamEvent, Usage } from './model.ts';
import { createToolCallAccumulator } from './tool-call-accumulator.ts';

/** Options for assembling a response. */
export interface StreamAssemblerOptions {
  /** Makes an id for a tool call the endpoint left without one (Gemini sends `""`). */
  createToolCallId?: (ordinal: number) => string;
  /** `tool-call-delta` events are reported only for calls at positions below this (see ModelCallOptions). */
  toolCallEventLimit?: number;
}

/** The assembled response plus the events that finishing released. */
export interface AssembledResponse {
  response: ModelResponse;
  events: ModelStreamEvent[];
}

/** Folds `chat.completion.chunk` objects into a response, reporting live events along the way. */
export interface StreamAssembler {
  /** Absorbs one parsed chunk; throws a ModelError of kind `stream` when the chunk carries an `error`. */
  push(chunk: unknown): ModelStreamEvent[];
  /** Ends the stream (with or without `[DONE]`) and returns the response. */
  finish(): AssembledResponse;
  /** How many chunks were pushed. */
  readonly chunkCount: number;
}

function usageFrom(wire: UsageWire): Usage | undefined {
  const inputTokens = wire.prompt_tokens ?? wire.input_tokens;
  const outputTokens = wire.completion_tokens ?? wire.output_tokens;
  if (typeof inputTokens !== 'number' && typeof outputTokens !== 'number') return undefined;
  const usage: Usage = { inputTokens: inputTokens ?? 0, outputTokens: outputTokens ?? 0 };
  if (typeof wire.total_tokens === 'number') usage.totalTokens = wire.total_tokens;
  const reasoningTokens = wire.completion_tokens_details?.reasoning_tokens;
  if (typeof reasoningTokens === 'number') usage.reasoningTokens = reasoningTokens;
  const cachedTokens = wire.prompt_tokens_details?.cached_tokens ?? wire.prompt_cache_hit_tokens;
  if (typeof cachedTokens === 'number') usage.cachedTokens = cachedTokens;
  return usage;
}

/** llama.cpp reports `timings` instead of usage: prompt tokens evaluated plus those reused from cache. */
function usageFromTimings(wire: TimingsWire): Usage | undefined {
  if (typeof wire.prompt_n !== 'number' || typeof wire.predicted_n !== 'number') return undefined;
  const cached = typeof wire.cache_n === 'number' ? wire.cache_n : 0;
  const usage: Usage = { inputTokens: wire.prompt_n + cached, outputTokens: wire.predicted_n };
  usage.totalTokens = usage.inputTokens + usage.outputTokens;
  if (cached > 0) usage.cachedTokens = cached;
  return usage;
}

/** The text inside a Mistral `thinking` part: a string or a list of `{type:"text",text}` parts. */
function thinkingText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  return value
    .map((part) => (typeof part === 'object' && part !== null ? String((part as { text?: unknown }).text ?? '') : ''))
    .join('');
}

/** Builds the error a stream reported in a chunk or a named `error` event. */
export function streamErrorFromPayload(payload: unknown): ModelError {
  const envelope = readErrorEnvelope(typeof payload === 'object' && payload !== null ? { error: payload } : payload);
  const message = envelope.message ?? 'The endpoint reported an error in the middle of the stream.';
  return new ModelError('stream', message, { code: envelope.code ?? null });
}

/** Default id for a tool call without one; the Model injects a random-based generator. */
function defaultToolCallId(ordinal: number): string {
  return `call_${ordinal}`;
}

/** Creates a pure, incremental assembler of chat-completion chunks. */
export function createStreamAssembler(options: StreamAssemblerOptions = {}): StreamAssembler {
  const createToolCallId = options.createToolCallId ?? defaultToolCallId;
  const toolCallEventLimit = options.toolCallEventLimit ?? Number.POSITIVE_INFINITY;
  const thinkSplitter = createThinkTagSplitter();
  const markupFilter = createToolMarkupFilter();
  const toolCalls = createToolCallAccumulator();
  let text = '';
  let reasoning = '';
  let refusal = '';
  let finishReason: FinishReason | undefined;
  let usage: Usage | undefined;
  let responseId: string | undefined;
  let responseModel: string | undefined;
  let chunkCount = 0;

  const emitText = (delta: string, events: ModelStreamEvent[]): void => {
    if (delta === '') return;
    text += delta;
    events.push({ type: 'text-delta', delta });
  };
  const emitReasoning = (delta: string, events: ModelStreamEvent[]): void => {
    if (delta === '') return;
    reasoning += delta;
    events.push({ type: 'reasoning-delta', delta });
  };
  const absorbContent = (content: string, events: ModelStreamEvent[]): void => {
    if (content === '') return;
    const split = thinkSplitter.push(content);
    emitReasoning(split.reasoning, events);
    emitText(markupFilter.push(split.text), events);
  };
  const absorbParts = (parts: unknown[], events: ModelStreamEvent[]): void => {
    for (const part of parts) {
      if (typeof part === 'string') {
        absorbContent(part, events);
        continue;
      }
      if (typeof part !== 'object' || part === null) continue;
      const typed = part as {
        type?: unknown;
        text?: unknown;
        thinking?: unknown;
        refusal?: unknown;
        reasoning?: unknown;
      };
      if (typed.type === 'thinking') emitReasoning(thinkingText(typed.thinking), events);
      else if (typed.type === 'reasoning') emitReasoning(thinkingText(typed.reasoning ?? typed.text), events);
      else if (typed.type === 'refusal' && typeof typed.refusal === 'string') refusal += typed.refusal;
      else if (typeof typed.text === 'string') absorbContent(typed.text, events);
    }
  };
  const absorbToolCall = (fragment: ToolCallWire, events: ModelStreamEvent[]): void => {
    const event = toolCalls.push(fragment);
    if (toolCalls.count > 0) emitText(markupFilter.discard(), events);
    if (event && event.index < toolCallEventLimit) events.push(event);
  };
  const absorbMessage = (message: MessageWire, events: ModelStreamEvent[]): void => {
    // Some servers send the same reasoning under both names; prefer `reasoning_content`.
    emitReasoning(message.reasoning_content || message.reasoning || '', events);
    if (typeof message.content === 'string') absorbContent(message.content, events);
    else if (Array.isArray(message.content)) absorbParts(message.content, events);
    if (message.refusal) refusal += message.refusal;
    for (const fragment of message.tool_calls ?? []) if (fragment) absorbToolCall(fragment, events);
  };

  return {
    get chunkCount() {
      return chunkCount;
    },

    push(chunk) {
      chunkCount++;
      const wire = readCompletionWire(chunk);
      const chunkUsage =
        (wire.usage && usageFrom(wire.usage)) ||
        (wire.x_groq?.usage && usageFrom(wire.x_groq.usage)) ||
        (wire.timings && usageFromTimings(wire.timings));
      if (chunkUsage) usage = chunkUsage;
      if (!responseId && wire.id) responseId = wire.id;
      if (!responseModel && wire.model) responseModel = wire.model;
      if (wire.error !== undefined && wire.error !== null) throw streamErrorFromPayload(wire.error);

      const events: ModelStreamEvent[] = [];
      for (const choice of wire.choices ?? []) {
        // Only the first choice is assembled; `n` is never requested.
        if (!choice || (typeof choice.index === 'number' && choice.index !== 0)) continue;
        const message = choice.delta ?? choice.message;
        if (message) absorbMessage(message, events);
        if (choice.finish_reason && finishReason === undefined) finishReason = choice.finish_reason;
      }
      return events;
    },

    finish() {
      const events: ModelStreamEvent[] = [];
      const split = thinkSplitter.flush();
      emitReasoning(split.reasoning, events);
      emitText(markupFilter.push(split.text), events);
      emitText(toolCalls.count > 0 ? markupFilter.discard() : markupFilter.flush(), events);

      const calls = toolCalls.finish(createToolCallId);
      const response: ModelResponse = {
        text: markupFilter.droppedMarkup ? text.trimEnd() : text,
        reasoning,
        toolCalls: calls,
        finishReason: finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop'),
      };
      if (refusal) response.refusal = refusal;
      if (usage) response.usage = usage;
      if (responseId) response.responseId = responseId;
      if (responseModel) response.responseModel = responseModel;
      return { response, events };
    },
  };
}

/**
 * Normalises a non-streaming `chat.completion` through the same assembly as a stream: content null, ""
 * or absent, tool calls with or without `index`/`type`, empty ids, and every reasoning field name.
 */
export function normalizeCompletion(body: unknown, options: StreamAssemblerOptions = {}): AssembledResponse {
  const assembler = createStreamAssembler(options);
  const wire = readCompletionWire(body);
  if (wire.error !== undefined && wire.error !== null) throw streamErrorFromPayload(wire.error);
  const choices = (wire.choices ?? []).map((choice) => {
    if (!choice) return choice;
    const message = choice.message ?? choice.delta;
    // Whole calls in a message are distinct by position; give them positional indexes.
    const toolCalls = message?.tool_calls?.map((call, position) => (call ? { ...call, index: position } : call));
    return { ...choice, delta: message ? { ...message, tool_calls: toolCalls } : message, message: undefined };
  });
  const events = assembler.push({ ...wire, choices });
  const finished = assembler.finish();
  return { response: finished.response, events: [...events, ...finished.events] };
}
