import type {
  FinishReason,
  Model,
  ModelCallOptions,
  ModelRequest,
  ModelResponse,
  ModelStreamEvent,
  ToolCall,
  Usage,
} from '../model/model.ts';
import { ModelError } from '../model/model-error.ts';

/** One piece of a scripted stream, emitted in order. */
export type ScriptedChunk =
  | { text: string }
  | { reasoning: string }
  | { toolCall: { index: number; id?: string; name?: string; arguments?: string } }
  /** Any stream event verbatim, e.g. `retry-scheduled` or `option-dropped`. */
  | { event: ModelStreamEvent }
  /** Pauses the stream until the promise settles (or the call is aborted). */
  | { wait: Promise<unknown> | (() => Promise<unknown>) };

/** A scripted tool call; object arguments are serialised as JSON. */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  arguments?: string | Record<string, unknown>;
}

/** A scripted successful answer. Without `chunks`, its text, reasoning and tool calls are streamed as one chunk each. */
export interface ScriptedResponse {
  kind?: 'response';
  text?: string;
  reasoning?: string;
  refusal?: string;
  toolCalls?: ScriptedToolCall[];
  finishReason?: FinishReason;
  usage?: Usage;
  responseModel?: string;
  /** Streamed pieces; the response's text, reasoning and tool calls are assembled from them unless given. */
  chunks?: ScriptedChunk[];
}

/** A scripted failure: the chunks are streamed first, then the error is thrown. */
export interface ScriptedFailure {
  kind: 'error';
  error: Error;
  chunks?: ScriptedChunk[];
}

/** A call that streams its chunks and then never finishes until it is aborted. */
export interface ScriptedHang {
  kind: 'hang';
  chunks?: ScriptedChunk[];
}

/** What the scripted model does for one call. */
export type ScriptedTurn =
  | ScriptedResponse
  | ScriptedFailure
  | ScriptedHang
  | ((request: ModelRequest, options: ModelCallOptions) => Promise<ModelResponse>);

/** A request the scripted model received, deep-copied at call time. */
export interface RecordedRequest extends ModelRequest {
  /** The call's signal (live, so tests can check it was aborted). */
  signal: AbortSignal;
}

/** A Model that replays scripted turns in order and records every request. */
export interface ScriptedModel extends Model {
  readonly requests: RecordedRequest[];
  /** Appends more turns to the script. */
  push(...turns: ScriptedTurn[]): void;
  /** Turns not yet consumed. */
  readonly remaining: number;
}

/** Creates a scripted model; it throws a plain Error when a call arrives and the script is used up. */
export function createScriptedModel(
  turns: ScriptedTurn[],
  options: { provider?: string; modelId?: string; parameters?: Record<string, unknown> } = {},
): ScriptedModel {
  const queue = [...turns];
  const requests: RecordedRequest[] = [];
  return {
    provider: options.provider ?? 'scripted',
    modelId: options.modelId ?? 'scripted-model',
    parameters: options.parameters ?? { stream: true },
    requests,
    push(...more) {
      queue.push(...more);
    },
    get remaining() {
      return queue.length;
    },
    async generate(request, callOptions) {
      requests.push({ ...structuredClone(request), signal: callOptions.signal });
      const turn = queue.shift();
      if (turn === undefined) throw new Error(`ScriptedModel: no scripted turn left for request #${requests.length}`);
      throwIfAborted(callOptions.signal);
      if (typeof turn === 'function') return turn(request, callOptions);
      if (turn.kind === 'error') {
        await play(turn.chunks ?? [], callOptions);
        throw turn.error;
      }
      if (turn.kind === 'hang') {
        await play(turn.chunks ?? [], callOptions);
        await untilAborted(callOptions.signal);
        throw abortedError();
      }
      const chunks = turn.chunks ?? chunksOf(turn);
      const assembled = await play(chunks, callOptions);
      const toolCalls = turn.toolCalls ? turn.toolCalls.map(toToolCall) : assembled.toolCalls;
      const response: ModelResponse = {
        text: turn.text ?? assembled.text,
        reasoning: turn.reasoning ?? assembled.reasoning,
        toolCalls,
        finishReason: turn.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
        responseModel: turn.responseModel ?? options.modelId ?? 'scripted-model',
        ...(turn.refusal === undefined ? {} : { refusal: turn.refusal }),
        ...(turn.usage === undefined ? {} : { usage: turn.usage }),
      };
      return response;
    },
  };
}

function toToolCall(call: ScriptedToolCall, index: number): ToolCall {
  const args =
    call.arguments === undefined
      ? '{}'
      : typeof call.arguments === 'string'
        ? call.arguments
        : JSON.stringify(call.arguments);
  return { id: call.id ?? `call_${index}`, type: 'function', function: { name: call.name, arguments: args } };
}

function chunksOf(response: ScriptedResponse): ScriptedChunk[] {
  const chunks: ScriptedChunk[] = [];
  if (response.reasoning) chunks.push({ reasoning: response.reasoning });
  if (response.text) chunks.push({ text: response.text });
  (response.toolCalls ?? []).forEach((call, index) => {
    const toolCall = toToolCall(call, index);
    chunks.push({
      toolCall: { index, id: toolCall.id, name: toolCall.function.name, arguments: toolCall.function.arguments },
    });
  });
  return chunks;
}

async function play(
  chunks: ScriptedChunk[],
  options: ModelCallOptions,
): Promise<{ text: string; reasoning: string; toolCalls: ToolCall[] }> {
  let text = '';
  let reasoning = '';
  const calls = new Map<number, ToolCall>();
  for (const chunk of chunks) {
    throwIfAborted(options.signal);
    if ('wait' in chunk) {
      const pending = typeof chunk.wait === 'function' ? chunk.wait() : chunk.wait;
      await Promise.race([pending, untilAborted(options.signal)]);
      throwIfAborted(options.signal);
    } else if ('event' in chunk) {
      options.onEvent?.(chunk.event);
    } else if ('text' in chunk) {
      text += chunk.text;
      options.onEvent?.({ type: 'text-delta', delta: chunk.text });
    } else if ('reasoning' in chunk) {
      reasoning += chunk.reasoning;
      options.onEvent?.({ type: 'reasoning-delta', delta: chunk.reasoning });
    } else {
      const { index, id, name } = chunk.toolCall;
      const argumentsDelta = chunk.toolCall.arguments ?? '';
      const call = calls.get(index) ?? { id: '', type: 'function' as const, function: { name: '', arguments: '' } };
      if (id) call.id = id;
      if (name) call.function.name = name;
      call.function.arguments += argumentsDelta;
      calls.set(index, call);
      if (index >= (options.toolCallLimit ?? Number.POSITIVE_INFINITY)) continue;
      options.onEvent?.({
        type: 'tool-call-delta',
        index,
        argumentsDelta,
        ...(id === undefined ? {} : { id }),
        ...(name === undefined ? {} : { name }),
      });
    }
  }
  const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  return { text, reasoning, toolCalls };
}

function abortedError(): ModelError {
  return new ModelError('aborted', 'The request was aborted.');
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortedError();
}

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) {
      reject(abortedError());
      return;
    }
    signal.addEventListener('abort', () => reject(abortedError()), { once: true });
  });
}

/** A promise with its resolver exposed: lets a test hold a stream or a tool at a known point. */
export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** Creates a deferred promise. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
