/** Classes of model-call failure, each with its own advice to the user. */
export type ModelErrorKind =
  | 'auth' // 401/403
  | 'not-found' // 404: unknown model or wrong base URL
  | 'rate-limit' // 429 that a wait can fix
  | 'quota' // 429 that no wait can fix (insufficient_quota, request larger than the limit)
  | 'context-length' // 400 context length exceeded
  | 'tools-unsupported' // the endpoint rejected the request because of `tools`
  | 'bad-request' // other 4xx
  | 'server' // 5xx
  | 'network' // fetch failed: offline, DNS, CORS refused
  | 'timeout' // no answer within the configured timeout
  | 'stream' // an error object inside a 200 stream
  | 'local-model' // the in-browser model could not load or run its file (not GGUF, truncated, out of memory)
  | 'aborted'; // the user pressed Stop

/** A failed model call, classified, with the endpoint's own message. */
export class ModelError extends Error {
  readonly kind: ModelErrorKind;
  readonly status?: number;
  readonly code?: string | number | null;
  /** How long the endpoint asked us to wait, when it said so (header or prose). */
  readonly retryAfterMs?: number;
  /** Model ids the endpoint lists, offered on a 404. */
  availableModels?: string[];

  constructor(
    kind: ModelErrorKind,
    message: string,
    details: { status?: number; code?: string | number | null; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ModelError';
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.code !== undefined) this.code = details.code;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}
