import { readCompletionWire, type TimingsWire, type UsageWire } from './chunk-schema.ts';
import { readErrorEnvelope } from './error-envelope.ts';
import { ModelError } from './model-error.ts';
import type { FinishReason, ModelResponse, ModelStreamEvent, Usage } from './model.ts';
import { createMessageAssembler } from './message-assembler.ts';

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
  const message = createMessageAssembler({
    createToolCallId: options.createToolCallId ?? defaultToolCallId,
    toolCallEventLimit: options.toolCallEventLimit ?? Number.POSITIVE_INFINITY,
  });
  let finishReason: FinishReason | undefined;
  let usage: Usage | undefined;
  let responseId: string | undefined;
  let responseModel: string | undefined;
  let chunkCount = 0;

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
        const delta = choice.delta ?? choice.message;
        if (delta) message.absorb(delta, events);
        if (choice.finish_reason && finishReason === undefined) finishReason = choice.finish_reason;
      }
      return events;
    },

    finish() {
      const events: ModelStreamEvent[] = [];
      const assembled = message.finish(events);
      const calls = assembled.toolCalls;
      const response: ModelResponse = {
        text: assembled.droppedMarkup ? assembled.text.trimEnd() : assembled.text,
        reasoning: assembled.reasoning,
        toolCalls: calls,
        finishReason: finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop'),
      };
      if (assembled.refusal) response.refusal = assembled.refusal;
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
