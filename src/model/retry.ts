import { abortableSleep } from './abort.ts';
import { classifyError } from './classify-error.ts';
import { ModelError } from './model-error.ts';
import type { ModelStreamEvent } from './model.ts';

/** How hard to retry a failed model call. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** The longest wait we are willing to sleep; a longer required wait is reported instead. */
  maxRetryWaitMs: number;
  /** First backoff step, doubled on each retry. Default 1000. */
  baseDelayMs?: number;
}

/** Waits `ms`, rejecting as soon as `signal` aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** A failure marked so that the retry loop gives up on it (e.g. output was already streamed). */
const NOT_RETRYABLE = new WeakSet<ModelError>();

/** Marks an error as final, whatever its kind. */
export function markNotRetryable(error: ModelError): ModelError {
  NOT_RETRYABLE.add(error);
  return error;
}

/**
 * Whether a wait can fix this failure: network errors, 408, 409, 429 rate limits and 5xx — but not
 * quota, context or tools errors (llama.cpp's "tools param requires --jinja" is a 500 retries cannot fix).
 */
export function isRetryable(error: ModelError): boolean {
  if (NOT_RETRYABLE.has(error)) return false;
  switch (error.kind) {
    case 'network':
    case 'rate-limit':
    case 'server':
      return true;
    case 'timeout':
      return error.status === 408;
    case 'bad-request':
      return error.status === 409;
    default:
      return false;
  }
}

/** The wait before retry number `retry` (1-based): the endpoint's own wait, else exponential with jitter. */
export function retryDelayMs(retry: number, error: ModelError, policy: RetryPolicy, random: () => number): number {
  if (error.retryAfterMs !== undefined) return Math.max(0, error.retryAfterMs);
  const base = (policy.baseDelayMs ?? 1000) * 2 ** (retry - 1);
  // "Equal jitter": half fixed, half random, so parallel clients spread out but never retry instantly.
  const jittered = base / 2 + (base / 2) * random();
  return Math.round(Math.min(jittered, policy.maxRetryWaitMs));
}

/** What the retry loop needs besides the operation. */
export interface RetryOptions {
  policy: RetryPolicy;
  signal: AbortSignal;
  sleep?: Sleep;
  random?: () => number;
  onEvent?: (event: ModelStreamEvent) => void;
}

function abortedError(cause?: unknown): ModelError {
  return new ModelError('aborted', 'The request was stopped.', cause === undefined ? {} : { cause });
}

/**
 * Runs `operation` until it succeeds, a failure is not retryable, retries run out, or the required wait
 * exceeds `maxRetryWaitMs` (then the error, with its `retryAfterMs`, is thrown for the user to see).
 * Emits `retry-scheduled` before every wait.
 */
export async function withRetries<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  for (let attempt = 0; ; attempt++) {
    if (options.signal.aborted) throw abortedError(options.signal.reason);
    let error: ModelError;
    try {
      return await operation(attempt);
    } catch (thrown) {
      error = classifyError(thrown, { aborted: options.signal.aborted });
    }
    if (error.kind === 'aborted' || !isRetryable(error) || attempt >= options.policy.maxRetries) throw error;
    if (error.retryAfterMs !== undefined && error.retryAfterMs > options.policy.maxRetryWaitMs) throw error;

    const retry = attempt + 1;
    const delayMs = retryDelayMs(retry, error, options.policy, random);
    const summary: { kind: string; status?: number; message: string } = { kind: error.kind, message: error.message };
    if (error.status !== undefined) summary.status = error.status;
    options.onEvent?.({ type: 'retry-scheduled', attempt: retry, delayMs, error: summary });
    try {
      await sleep(delayMs, options.signal);
    } catch (sleepError) {
      throw abortedError(sleepError);
    }
    if (options.signal.aborted) throw abortedError(options.signal.reason);
  }
}
