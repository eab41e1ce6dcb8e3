import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { readErrorEnvelope } from './error-envelope.ts';
import { ModelError, type ModelErrorKind } from './model-error.ts';
import { retryAfterFromHeaders, retryAfterFromMessage, type HeaderSource } from './retry-after.ts';

const TOOLS_UNSUPPORTED_PATTERNS = [
  /does not support (?:tools|tool[ _-]?(?:use|calling|calls)|function[ _-]?calling)/i,
  /tools? param(?:eter)?s? requires? --jinja/i,
  /tool(?:s| calling| use| calls)? (?:is |are )?not supported/i,
  /function calling is not (?:supported|enabled)/i,
  /tool choice requires --enable-auto-tool-choice/i,
  /tool_choice\b.*\bnot supported/i,
  /unrecognized request argument supplied: tools/i,
  /\bbody\.tools: extra inputs are not permitted/i,
];

const CONTEXT_LENGTH_PATTERNS = [
  /context[ _-]?(?:length|window|size)/i,
  /maximum context/i,
  /too many (?:input )?tokens/i,
  /(?:prompt|input) (?:is )?too long/i,
  /reduce the length of the (?:messages|prompt|input)/i,
  /exceeds? (?:the )?(?:model'?s? )?max(?:imum)? (?:input|token|prompt)/i,
  /\bn_ctx\b/i,
];

const QUOTA_PATTERNS = [
  /insufficient[_ ]quota/i,
  /exceeded your current quota/i,
  /check your plan and billing/i,
  /insufficient (?:credits|balance|funds)/i,
  /request too large/i,
  /larger than (?:the )?(?:\w+ )?limit/i,
];

/** True when an endpoint's error text says it cannot take `tools` (Ollama, llama.cpp, vLLM, …). */
export function isToolsUnsupportedText(text: string): boolean {
  return TOOLS_UNSUPPORTED_PATTERNS.some((pattern) => pattern.test(text));
}

/** True when an endpoint's error text or code says the prompt exceeded the context window. */
export function isContextLengthText(text: string): boolean {
  return CONTEXT_LENGTH_PATTERNS.some((pattern) => pattern.test(text));
}

/** True when a 429 is about billing or a request too large for the limit: waiting cannot fix it. */
export function isQuotaText(text: string): boolean {
  return QUOTA_PATTERNS.some((pattern) => pattern.test(text));
}

/** An HTTP failure as the model layer sees it. */
export interface HttpFailure {
  status: number;
  /** The response body: raw text, parsed JSON, or undefined when unread. */
  body: unknown;
  headers?: HeaderSource;
  /** Clock for `Retry-After` dates. */
  now?: number;
}

function kindForStatus(status: number, haystack: string): ModelErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'quota';
  if (status === 404) return 'not-found';
  if (status === 408) return 'timeout';
  if (status === 413) return 'context-length';
  if (status === 429) return isQuotaText(haystack) ? 'quota' : 'rate-limit';
  if (isToolsUnsupportedText(haystack)) return 'tools-unsupported';
  if (isContextLengthText(haystack)) return 'context-length';
  if (status >= 400 && status < 500) return 'bad-request';
  return 'server';
}

/** Classifies an HTTP error response by status first, then by the endpoint's code and message. */
export function classifyHttpError(failure: HttpFailure): ModelError {
  const envelope = readErrorEnvelope(failure.body);
  const message = envelope.message ?? `The endpoint answered HTTP ${failure.status} without an explanation.`;
  const haystack = [message, envelope.code, envelope.type, envelope.param].filter((part) => part != null).join(' ');
  const kind = kindForStatus(failure.status, haystack);
  const retryAfterMs =
    retryAfterFromHeaders(failure.headers, failure.now ?? Date.now()) ?? retryAfterFromMessage(message);
  const details: { status: number; code?: string | number | null; retryAfterMs?: number } = { status: failure.status };
  if (envelope.code !== undefined) details.code = envelope.code;
  if (retryAfterMs !== undefined) details.retryAfterMs = retryAfterMs;
  return new ModelError(kind, message, details);
}

/** Context the caller knows about a failure that the error object alone cannot tell. */
export interface FailureContext {
  /** Our own per-attempt timer fired. */
  timedOut?: boolean;
  timeoutMs?: number;
  /** The user's signal was aborted (Stop). */
  aborted?: boolean;
  /** The raw error body, captured before the client consumed it. */
  errorBody?: string;
  now?: number;
}

function timeoutError(context: FailureContext, cause: unknown): ModelError {
  const seconds = context.timeoutMs === undefined ? undefined : Math.round(context.timeoutMs / 1000);
  const message =
    seconds === undefined
      ? 'The endpoint did not answer within the timeout.'
      : `The endpoint did not answer within ${seconds} s.`;
  return new ModelError('timeout', message, { cause });
}

function errorName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : undefined;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause =
      error.cause instanceof Error && error.cause.message !== error.message ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** Maps anything a model call can throw (client errors, fetch failures, aborts, timeouts) to a ModelError. */
export function classifyError(error: unknown, context: FailureContext = {}): ModelError {
  if (error instanceof ModelError) return error;
  if (context.aborted) return new ModelError('aborted', 'The request was stopped.', { cause: error });
  if (context.timedOut) return timeoutError(context, error);
  if (error instanceof APIError && typeof error.status === 'number') {
    const body = context.errorBody ?? (error.error === undefined ? undefined : { error: error.error });
    const failure: HttpFailure = { status: error.status, body };
    if (error.headers) failure.headers = error.headers;
    if (context.now !== undefined) failure.now = context.now;
    return classifyHttpError(failure);
  }
  if (error instanceof APIUserAbortError)
    return new ModelError('aborted', 'The request was stopped.', { cause: error });
  if (error instanceof APIConnectionTimeoutError || errorName(error) === 'TimeoutError')
    return timeoutError(context, error);
  if (errorName(error) === 'AbortError') return new ModelError('aborted', 'The request was stopped.', { cause: error });
  if (error instanceof APIConnectionError || error instanceof TypeError) {
    const cause = error instanceof APIConnectionError && error.cause !== undefined ? error.cause : error;
    return new ModelError('network', `Could not reach the endpoint: ${errorMessage(cause)}`, { cause: error });
  }
  return new ModelError('server', errorMessage(error), { cause: error });
}
