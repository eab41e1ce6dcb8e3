import type { ChatCompletionCreateParams } from 'openai/resources/chat/completions';
import { createAttemptSignal, raceAbort, type AttemptSignal } from './abort.ts';
import { classifyError, classifyHttpError } from './classify-error.ts';
import { readErrorEnvelope } from './error-envelope.ts';
import { ModelError } from './model-error.ts';
import { pageTurn } from './page-turn.ts';
import type { ModelResponse, ModelStreamEvent } from './model.ts';
import { createOpenAIClient } from './openai-client.ts';
import type { ChatRequestBody } from './request-body.ts';
import { markNotRetryable } from './retry.ts';
import { createSseParser, type ServerSentEvent } from './sse-parser.ts';
import {
  createStreamAssembler,
  normalizeCompletion,
  streamErrorFromPayload,
  type AssembledResponse,
  type StreamAssembler,
} from './stream-assembler.ts';

/** Everything one HTTP attempt needs. */
export interface ChatAttemptInput {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch | undefined;
  timeoutMs: number;
  body: ChatRequestBody;
  /** The user's Stop. */
  signal: AbortSignal;
  onEvent?: ((event: ModelStreamEvent) => void) | undefined;
  now: () => number;
  createToolCallId: (ordinal: number) => string;
  /** See ModelCallOptions.toolCallLimit. */
  toolCallLimit?: number | undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function webPageError(status: number): ModelError {
  return markNotRetryable(
    new ModelError(
      'not-found',
      'The endpoint returned a web page instead of an API response; the base URL probably lacks the API path (often /v1).',
      { status },
    ),
  );
}

/** An error body inside a 200: classified by the status it states, else reported as a stream error. */
function errorInsideSuccess(body: unknown, now: number): ModelError {
  const envelope = readErrorEnvelope(body);
  if (envelope.statusCode !== undefined) return classifyHttpError({ status: envelope.statusCode, body, now });
  const record = body as { error?: unknown };
  return streamErrorFromPayload(record.error);
}

/** Checks and normalises a non-streamed answer: a completion, an error body inside a 200, or junk. */
function normalizeJsonAnswer(
  parsed: ReturnType<typeof parseJson>,
  text: string,
  status: number,
  input: ChatAttemptInput,
): AssembledResponse {
  if (!parsed.ok) {
    if (/^\s*</.test(text)) throw webPageError(status);
    const message = `The endpoint answered with something that is not JSON: ${text.slice(0, 200)}`;
    throw markNotRetryable(new ModelError('server', message, { status }));
  }
  const body = parsed.value as { choices?: unknown; error?: unknown } | null;
  if (body && typeof body === 'object' && body.error && !Array.isArray(body.choices)) {
    throw errorInsideSuccess(body, input.now());
  }
  if (!body || typeof body !== 'object' || !Array.isArray(body.choices)) {
    const message = 'The endpoint answered, but not with a chat completion (no "choices").';
    throw markNotRetryable(new ModelError('server', message, { status }));
  }
  return normalizeCompletion(body, {
    createToolCallId: input.createToolCallId,
    ...(input.toolCallLimit === undefined ? {} : { toolCallEventLimit: input.toolCallLimit }),
  });
}

/**
 * Makes one chat-completions request through the `openai` client and assembles the answer, streamed
 * (own SSE parsing: named `error` events, comments, EOF without `[DONE]`) or not. Throws a ModelError.
 */
export async function runChatAttempt(input: ChatAttemptInput): Promise<ModelResponse> {
  const attempt = createAttemptSignal(input.signal, input.timeoutMs);
  let errorBody: string | undefined;
  let emittedOutput = false;
  let firstTokenAt: number | undefined;
  const startedAt = input.now();
  const assemblerOptions = {
    createToolCallId: input.createToolCallId,
    ...(input.toolCallLimit === undefined ? {} : { toolCallEventLimit: input.toolCallLimit }),
  };
  const assembler = createStreamAssembler(assemblerOptions);

  const emit = (events: ModelStreamEvent[]): void => {
    for (const event of events) {
      if (!emittedOutput) {
        emittedOutput = true;
        firstTokenAt = input.now();
      }
      input.onEvent?.(event);
    }
  };

  try {
    const client = createOpenAIClient({
      baseUrl: input.baseUrl,
      apiKey: input.apiKey,
      fetch: input.fetch,
      timeoutMs: input.timeoutMs,
      onErrorBody: (text) => {
        errorBody = text;
      },
    });
    const params = input.body as unknown as ChatCompletionCreateParams;
    const response = await raceAbort(
      client.chat.completions.create(params, { signal: attempt.signal }).asResponse(),
      attempt.signal,
    );
    attempt.restartTimer();
    const contentType = response.headers.get('content-type') ?? '';
    if (/text\/html/i.test(contentType)) throw webPageError(response.status);

    const assembleStream = async (source: Response): Promise<ModelResponse> => {
      await readEventStream(source, assembler, attempt, emit);
      const finished = assembler.finish();
      emit(finished.events);
      if (firstTokenAt !== undefined) finished.response.timeToFirstTokenMs = firstTokenAt - startedAt;
      return finished.response;
    };
    if (input.body.stream && !/json/i.test(contentType)) return await assembleStream(response);

    const text = await raceAbort(response.text(), attempt.signal);
    const parsed = parseJson(text);
    // An event stream mislabelled as JSON by a proxy still reads as a stream.
    if (!parsed.ok && input.body.stream && /^\s*(?:data|event|:)/.test(text))
      return await assembleStream(new Response(text));
    const normalized = normalizeJsonAnswer(parsed, text, response.status, input);
    emit(normalized.events);
    return normalized.response;
  } catch (error) {
    const modelError = classifyError(error, {
      aborted: input.signal.aborted,
      timedOut: attempt.timedOut,
      timeoutMs: input.timeoutMs,
      ...(errorBody === undefined ? {} : { errorBody }),
      now: input.now(),
    });
    // A retry after output was shown would repeat it; the caller sees the error instead.
    throw emittedOutput ? markNotRetryable(modelError) : modelError;
  } finally {
    attempt.dispose();
  }
}

/**
 * How long reading a stream holds the main thread before it gives the page a turn: a body that arrives faster than it
 * is handled (a 2 MB answer, a flood of tool calls) is read from the buffer without a task boundary, and would
 * otherwise hold it until all of it is handled.
 */
export const STREAM_HOLD_MS = 16;

/** Reads an SSE body into the assembler until `[DONE]` or EOF, honouring Stop and the idle timeout. */
async function readEventStream(
  response: Response,
  assembler: StreamAssembler,
  attempt: AttemptSignal,
  emit: (events: ModelStreamEvent[]) => void,
): Promise<void> {
  if (!response.body) {
    throw new ModelError('server', 'The endpoint sent an empty response body.', { status: response.status });
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let finished = false;
  let turnAt = performance.now();

  const handle = (event: ServerSentEvent): boolean => {
    const data = event.data.trim();
    if (data === '[DONE]') return true;
    const parsed = parseJson(data);
    if (event.event?.toLowerCase() === 'error') {
      const payload = parsed.ok ? parsed.value : data;
      const inner = typeof payload === 'object' && payload !== null && 'error' in payload ? payload.error : payload;
      throw streamErrorFromPayload(inner);
    }
    // Keep-alives and unparseable fragments carry nothing to assemble.
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return false;
    emit(assembler.push(parsed.value));
    return false;
  };

  try {
    while (!finished) {
      const { value, done } = await raceAbort(reader.read(), attempt.signal);
      attempt.restartTimer();
      const events = done
        ? [...parser.push(decoder.decode()), ...parser.flush()]
        : parser.push(decoder.decode(value, { stream: true }));
      for (const event of events) {
        if (handle(event)) {
          finished = true;
          break;
        }
        // Stop pressed meanwhile ends the reading here, with the rest of the buffer unhandled.
        if (performance.now() - turnAt >= STREAM_HOLD_MS) {
          await raceAbort(pageTurn(), attempt.signal);
          turnAt = performance.now();
        }
      }
      if (done) finished = true;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  if (assembler.chunkCount === 0) {
    const message = 'The endpoint closed the stream without sending a response.';
    throw new ModelError('server', message, { status: response.status });
  }
}
