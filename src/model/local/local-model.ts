/**
 * `In this browser (GGUF)`: a Model that runs a GGUF file through llama.cpp in WebAssembly (wllama, in its own
 * worker), behind the same interface as the endpoints and the demo. Streaming text, Stop that cancels generation at
 * the next token, tool calls parsed by llama.cpp from the chat template's own format, a GBNF grammar when the
 * request has one (the grammar plan protocol), and no retries: a failure is reported once with a clear message.
 * wllama (and its 10 MB of WebAssembly) is imported on the first call only.
 */
import type { MessageWire } from '../chunk-schema.ts';
import { createMessageAssembler } from '../message-assembler.ts';
import { ModelError } from '../model-error.ts';
import { raceAbort } from '../abort.ts';
import type {
  LocalRunFacts,
  Model,
  ModelCallOptions,
  ModelRequest,
  ModelResponse,
  ModelStreamEvent,
  Usage,
} from '../model.ts';
import { GgufError } from './gguf-header.ts';
import { LOCAL_PROVIDER, localContextSize, localThreads, templateSupportsTools } from './local-provider.ts';
import { openModelFiles } from './model-files.ts';
import type { ChatCompletionChunk, ChatCompletionParams } from '@wllama/wllama';
import type { WireChatParams } from './wllama-protocol.ts';

export interface LocalModelConfig {
  /** The model file's name in OPFS. */
  file: string;
  temperature?: number | null;
  /** Settings' context window: the model loads with at least 4,096 and at most what it was trained on. */
  contextWindow: number;
  /** Tests and the bench may open files from elsewhere. */
  open?: (name: string) => Promise<Blob | Blob[]>;
  threads?: number;
  now?: () => number;
}

/** Creates the model of the local provider. Loading happens on the first call and is kept for the tab. */
export function createLocalModel(config: LocalModelConfig): Model {
  const threads = config.threads ?? localThreads().threads;
  const parameters: Record<string, unknown> = { file: config.file, threads, stream: true };
  if (typeof config.temperature === 'number') parameters['temperature'] = config.temperature;
  return {
    provider: LOCAL_PROVIDER,
    modelId: config.file,
    parameters,
    generate: (request, options) => generateLocally(config, threads, request, options),
  };
}

async function generateLocally(
  config: LocalModelConfig,
  threads: number,
  request: ModelRequest,
  options: ModelCallOptions,
): Promise<ModelResponse> {
  const now = config.now ?? (() => performance.now());
  const started = now();
  // Where the time to first token goes (the bench reads it beside the model worker's `local:*` marks).
  performance.clearMarks('local:generate');
  performance.mark('local:generate');
  try {
    const runtime = await import('./wllama-runtime.ts');
    // Stop works while the model loads too (the load itself goes on, for the next run).
    const loading = runtime.loadedModel({
      file: config.file,
      open: config.open ?? openModelFiles,
      threads,
      contextSize: (info) => localContextSize(config.contextWindow, info.contextLength),
    });
    const loaded = await raceAbort(loading, options.signal);
    if (request.tools?.length && !templateSupportsTools(loaded.info.chatTemplate)) {
      throw new ModelError('tools-unsupported', `The chat template of ${config.file} has no tool calls.`);
    }
    options.signal.throwIfAborted();
    const collected = collectStream(options, now, started);
    // Stop returns at once; the model worker cancels the generation at its next token.
    await raceAbort(
      runtime.streamChat(loaded, chatParams(config, request), options.signal, collected.absorb),
      options.signal,
    );
    options.signal.throwIfAborted();
    return collected.finish({
      file: loaded.file,
      ...(loaded.info.quantisation ? { quantisation: loaded.info.quantisation } : {}),
      threads: loaded.threads,
      contextSize: loaded.contextSize,
    });
  } catch (error) {
    throw localModelError(error, options.signal);
  }
}

function chatParams(config: LocalModelConfig, request: ModelRequest): WireChatParams {
  return {
    messages: request.messages as ChatCompletionParams['messages'],
    // No limit unless asked, as for endpoints: a reply under a grammar then always completes (or fills the context).
    ...(request.maxOutputTokens === undefined ? {} : { max_tokens: request.maxOutputTokens }),
    ...(typeof (request.temperature ?? config.temperature) === 'number'
      ? { temperature: (request.temperature ?? config.temperature) as number }
      : {}),
    ...(request.tools?.length
      ? { tools: request.tools as unknown as ChatCompletionParams['tools'], tool_choice: 'auto' }
      : {}),
    ...(request.grammar ? { grammar: request.grammar } : {}),
    timings_per_token: false,
  };
}

/** Folds chunks into events and the response, with the speed llama.cpp measured. */
function collectStream(options: ModelCallOptions, now: () => number, started: number) {
  let ordinal = 0;
  const assembler = createMessageAssembler({
    createToolCallId: () => `call_local_${Date.now().toString(36)}${ordinal++}`,
    toolCallEventLimit: options.toolCallLimit ?? Number.POSITIVE_INFINITY,
  });
  let firstTokenAt: number | undefined;
  let finishReason = 'stop';
  let usage: Usage | undefined;
  let timings: ChatCompletionChunk['timings'];
  const emit = (events: ModelStreamEvent[]): void => {
    for (const event of events) options.onEvent?.(event);
  };
  return {
    absorb(chunk: ChatCompletionChunk): void {
      const choice = chunk.choices?.[0];
      if (choice?.delta) {
        const events: ModelStreamEvent[] = [];
        assembler.absorb(choice.delta as MessageWire, events);
        if (events.length > 0) firstTokenAt ??= now();
        emit(events);
      }
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      if (chunk.timings) timings = chunk.timings;
    },
    finish(facts: Omit<LocalRunFacts, 'promptTokensPerSecond' | 'generationTokensPerSecond'>): ModelResponse {
      const events: ModelStreamEvent[] = [];
      const message = assembler.finish(events);
      emit(events);
      // llama.cpp's timings count the prompt tokens it processed; those it reused from its cache are the rest.
      usage ??= timings
        ? { inputTokens: timings.prompt_n + timings.cache_n, outputTokens: timings.predicted_n }
        : undefined;
      const local: LocalRunFacts = {
        ...facts,
        ...(timings ? speed(timings) : {}),
      };
      return {
        text: message.text,
        reasoning: message.reasoning,
        toolCalls: message.toolCalls,
        finishReason: message.toolCalls.length > 0 ? 'tool_calls' : finishReason,
        ...(usage ? { usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens } } : {}),
        responseModel: facts.file,
        ...(firstTokenAt === undefined ? {} : { timeToFirstTokenMs: Math.round(firstTokenAt - started) }),
        local,
      };
    },
  };
}

function speed(t: NonNullable<ChatCompletionChunk['timings']>) {
  const round = (value: number): number => Math.round(value * 10) / 10;
  return {
    ...(t.prompt_n > 0 && t.prompt_ms > 0 ? { promptTokensPerSecond: round((t.prompt_n * 1000) / t.prompt_ms) } : {}),
    ...(t.predicted_n > 0 && t.predicted_ms > 0
      ? { generationTokensPerSecond: round((t.predicted_n * 1000) / t.predicted_ms) }
      : {}),
  };
}

/** Any failure as a ModelError with a sentence a person can act on. */
export function localModelError(error: unknown, signal: AbortSignal): ModelError {
  if (error instanceof ModelError) return error;
  if (signal.aborted || (error instanceof Error && error.name === 'AbortError')) {
    return new ModelError('aborted', 'The request was stopped.', { cause: error });
  }
  if (error instanceof Error && error.name === 'LocalModelDiedError') {
    return new ModelError('local-model', error.message, { cause: error });
  }
  if (error instanceof GgufError) return new ModelError('local-model', error.message, { cause: error });
  const text = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && error.name === 'NotFoundError') {
    return new ModelError('local-model', 'The model file is not stored in this browser: add it again in Settings.', {
      cause: error,
    });
  }
  if (/memory|OOM|allocat|RangeError/i.test(`${text} ${error instanceof Error ? error.name : ''}`)) {
    return new ModelError('local-model', `The model needs more memory than this page can have (${text}).`, {
      cause: error,
    });
  }
  return new ModelError('local-model', text || 'The model could not run.', { cause: error });
}
