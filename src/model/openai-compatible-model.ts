import { runChatAttempt } from './chat-attempt.ts';
import { classifyError } from './classify-error.ts';
import { defaultEndpointMemory, endpointKey, type EndpointMemory } from './endpoint-memory.ts';
import { listModels } from './list-models.ts';
import type { ModelError } from './model-error.ts';
import type { Model, ModelCallOptions, ModelRequest, ModelResponse } from './model.ts';
import { normalizeBaseUrl } from './openai-client.ts';
import { buildChatRequestBody, rejectedOption, type DroppableOption } from './request-body.ts';
import { initialResponseFormatLevel, nextResponseFormatLevel, type ResponseFormatLevel } from './response-format.ts';
import { withRetries, type Sleep } from './retry.ts';

export type { EndpointMemory } from './endpoint-memory.ts';

/** How to reach and call an OpenAI-compatible chat-completions endpoint. */
export interface OpenAICompatibleConfig {
  /** Label for traces: `openai`, `ollama`, `lmstudio`, … */
  provider: string;
  /** API root, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseUrl: string;
  /** Empty for local servers: then no `Authorization` header is sent. */
  apiKey: string;
  model: string;
  stream: boolean;
  temperature?: number | null;
  /** Per attempt: the longest wait for the response to start, then for each further piece of it (long streams live on). */
  timeoutMs: number;
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /** The longest wait we sleep before a retry; a longer one is reported to the user. Default 20000. */
  maxRetryWaitMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  endpointMemory?: EndpointMemory;
}

const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_MAX_RETRY_WAIT_MS = 20_000;
const MODEL_LIST_TIMEOUT_MS = 10_000;
const DROPPABLE_OPTIONS: readonly DroppableOption[] = ['stream_options', 'max_tokens', 'temperature'];

/** Creates a Model that talks to an OpenAI-compatible endpoint through the `openai` client. */
export function createOpenAICompatibleModel(config: OpenAICompatibleConfig): Model {
  const baseUrl = normalizeBaseUrl(config.baseUrl);
  const memory = config.endpointMemory ?? defaultEndpointMemory;
  const now = config.now ?? Date.now;
  const random = config.random ?? Math.random;
  const policy = {
    maxRetries: config.maxRetries ?? DEFAULT_MAX_RETRIES,
    maxRetryWaitMs: config.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS,
  };
  const sleep: Sleep | undefined = config.sleep;

  const memoryKey = endpointKey({ provider: config.provider, baseUrl, model: config.model });

  const createToolCallId = (ordinal: number): string => {
    const randomPart = Math.floor(random() * 36 ** 8)
      .toString(36)
      .padStart(8, '0');
    return `call_${randomPart}${ordinal}`;
  };

  const parameters: Record<string, unknown> = {
    baseUrl,
    stream: config.stream,
    timeoutMs: config.timeoutMs,
    maxRetries: policy.maxRetries,
  };
  if (typeof config.temperature === 'number') parameters['temperature'] = config.temperature;

  const endpoint: Endpoint = { config, baseUrl, memory, memoryKey, now, createToolCallId };

  return {
    provider: config.provider,
    modelId: config.model,
    parameters,
    async generate(request, options) {
      const dropped = new Set(DROPPABLE_OPTIONS.filter((option) => memory.get(memoryKey, option) === false));
      try {
        return await withRetries(() => attemptWithFallbacks(endpoint, request, options, dropped), {
          policy,
          signal: options.signal,
          random,
          ...(sleep ? { sleep } : {}),
          ...(options.onEvent ? { onEvent: options.onEvent } : {}),
        });
      } catch (error) {
        const modelError = classifyError(error, { aborted: options.signal.aborted });
        if (modelError.kind === 'not-found' && modelError.status === 404 && !options.signal.aborted) {
          await attachAvailableModels(endpoint, modelError, options.signal);
        }
        throw modelError;
      }
    },
  };
}

/** One endpoint as the calls to it see it. */
interface Endpoint {
  config: OpenAICompatibleConfig;
  baseUrl: string;
  memory: EndpointMemory;
  memoryKey: string;
  now: () => number;
  createToolCallId: (ordinal: number) => string;
}

/** The JSON-reply level of this call: remembered, else where the ladder starts for this endpoint. */
function responseFormatLevel({ memory, memoryKey, config, baseUrl }: Endpoint): ResponseFormatLevel {
  return memory.get(memoryKey, 'response_format') ?? initialResponseFormatLevel(config.provider, baseUrl);
}

/**
 * One attempt, re-sent at once without any option the endpoint rejects (each dropped at most once), and with a
 * weaker `response_format` when it refuses the one sent (each level tried at most once; the working one is remembered).
 */
async function attemptWithFallbacks(
  endpoint: Endpoint,
  request: ModelRequest,
  options: ModelCallOptions,
  dropped: Set<DroppableOption>,
): Promise<ModelResponse> {
  const { config, memory, memoryKey } = endpoint;
  let level = responseFormatLevel(endpoint);
  const triedLevels = new Set<ResponseFormatLevel>();
  for (;;) {
    const body = buildChatRequestBody({
      model: config.model,
      request,
      stream: config.stream,
      temperature: config.temperature,
      dropped,
      responseFormatLevel: level,
    });
    try {
      const response = await runChatAttempt({
        baseUrl: endpoint.baseUrl,
        apiKey: config.apiKey,
        fetch: config.fetch,
        timeoutMs: config.timeoutMs,
        body,
        signal: options.signal,
        onEvent: options.onEvent,
        toolCallLimit: options.toolCallLimit,
        now: endpoint.now,
        createToolCallId: endpoint.createToolCallId,
      });
      if (!request.responseFormat) return response;
      if (memory.get(memoryKey, 'response_format') !== level) memory.set(memoryKey, 'response_format', level);
      return { ...response, responseFormatLevel: level };
    } catch (error) {
      const modelError = classifyError(error);
      const option = rejectedOption(modelError, body);
      if (option === undefined && request.responseFormat) {
        triedLevels.add(level);
        const next = nextResponseFormatLevel(modelError, level, triedLevels);
        if (next === undefined) throw modelError;
        memory.set(memoryKey, 'response_format', next);
        options.onEvent?.({ type: 'response-format-fallback', from: level, to: next, reason: modelError.message });
        level = next;
        continue;
      }
      if (option === undefined || dropped.has(option)) throw modelError;
      dropped.add(option);
      memory.set(memoryKey, option, false);
      options.onEvent?.({ type: 'option-dropped', option, reason: modelError.message });
    }
  }
}

/** After a 404 for the model: the models the endpoint does offer, on the error (best effort). */
async function attachAvailableModels(endpoint: Endpoint, error: ModelError, signal: AbortSignal): Promise<void> {
  const { config } = endpoint;
  try {
    const models = await listModels({
      baseUrl: endpoint.baseUrl,
      apiKey: config.apiKey,
      signal,
      timeoutMs: Math.min(config.timeoutMs, MODEL_LIST_TIMEOUT_MS),
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
    if (models.length > 0) error.availableModels = models;
  } catch {
    // Best effort: the 404 itself is what the user needs to see.
  }
}
