import { ModelError } from '../model/model-error.ts';
import { stopEnd, type RunEnd, type RunEndError } from './stop-conditions.ts';
import { formatDuration } from './format-duration.ts';

/** Plain-words explanation of a failed model call, with what the user can do about it. */
export function describeModelError(error: ModelError): string {
  const said = error.message ? ` The endpoint said: ${error.message}` : '';
  const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
  switch (error.kind) {
    case 'auth':
      return `The endpoint refused the API key${status}. Check the API key in Settings.${said}`;
    case 'not-found': {
      const models = error.availableModels?.length
        ? ` Models it offers: ${error.availableModels.slice(0, 10).join(', ')}.`
        : '';
      return `The endpoint does not know this model or address${status}. Check the base URL and the model id in Settings.${models}${said}`;
    }
    case 'rate-limit':
      return error.retryAfterMs === undefined
        ? `The endpoint's rate limit was reached${status}. Wait a little, then send again.${said}`
        : `The endpoint's rate limit was reached${status}. Wait about ${formatDuration(error.retryAfterMs)}, then send again.${said}`;
    case 'quota':
      return `The account's quota or spending limit is used up${status}; waiting will not help. Check the provider's billing page or choose another provider.${said}`;
    case 'context-length':
      return `The conversation is longer than the model's context window${status}. Lower the context window in Settings so older messages are summarised, or start a new session.${said}`;
    case 'tools-unsupported':
      return `This endpoint does not accept tool definitions${status}. Set Protocol to Auto or Text ReAct in Settings.${said}`;
    case 'bad-request':
      return `The endpoint rejected the request${status}.${said}`;
    case 'server':
      return `The endpoint had a server error${status} and retries did not help. Try again later.${said}`;
    case 'network':
      return `The endpoint could not be reached: offline, wrong base URL, or the server refused the browser (CORS). For Ollama set OLLAMA_ORIGINS=*; in LM Studio turn on CORS in the server settings.${said}`;
    case 'timeout':
      return `The model did not answer within the request timeout. Try again, or raise the timeout in Settings.${said}`;
    case 'stream':
      return `The endpoint reported an error in the middle of its answer.${said}`;
    case 'local-model':
      return `The model in this browser could not run: ${error.message}`;
    case 'aborted':
      return 'Stopped by the user.';
  }
}

/** The `run-end` error details for a model error. */
export function toRunEndError(error: ModelError): RunEndError {
  return {
    kind: error.kind,
    message: error.message,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    ...(error.availableModels === undefined ? {} : { availableModels: [...error.availableModels] }),
  };
}

/** How a run ends after its model call failed. */
export function modelErrorEnd(error: unknown): RunEnd {
  if (error instanceof ModelError) {
    return { outcome: 'error', reason: 'model-error', message: describeModelError(error), error: toRunEndError(error) };
  }
  return { outcome: 'error', reason: 'model-error', message: `The model call failed: ${errorMessage(error)}` };
}

/** How a run ends after a bug or a failing event sink inside the runtime. */
export function internalErrorEnd(error: unknown): RunEnd {
  return {
    outcome: 'error',
    reason: 'internal-error',
    message: `The agent stopped because of an internal error: ${errorMessage(error)}`,
  };
}

/** How a run ends when the user pressed Stop. */
export const ABORTED_END: RunEnd = stopEnd('aborted', { key: 'stop.aborted' });

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** A short type name for a span's error: the error's `kind`, `name`, or `Error`. */
export function errorType(error: unknown): string {
  if (error instanceof ModelError) return error.kind;
  if (error instanceof Error) return error.name || 'Error';
  return 'Error';
}

/** The abort reason used when a run reaches its wall-clock deadline. */
export class DeadlineExceeded extends Error {
  constructor(readonly deadlineMs: number) {
    super(`The run reached its time limit of ${deadlineMs} ms.`);
    this.name = 'DeadlineExceeded';
  }
}
