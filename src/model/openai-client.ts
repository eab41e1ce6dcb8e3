import OpenAI from 'openai';

/**
 * The only request headers we let through. Servers whose CORS allows just `Authorization` and
 * `Content-Type` (a common default) fail the browser preflight on the client's `x-stainless-*`,
 * `User-Agent`, `OpenAI-Organization`/`OpenAI-Project` or idempotency headers. `Accept` is CORS-safelisted.
 */
const ALLOWED_REQUEST_HEADERS = new Set(['authorization', 'content-type', 'accept']);

/** Options for the header-stripping fetch. */
export interface CorsSafeFetchOptions {
  /** False when no API key is configured: no placeholder `Authorization` goes out. */
  sendAuthorization: boolean;
  /** Receives the raw body of a non-2xx response before the client parses it (envelopes vary). */
  onErrorBody?: (text: string) => void;
}

/** Wraps `fetch` so requests carry only the headers an OpenAI-compatible server needs. */
export function createCorsSafeFetch(baseFetch: typeof fetch, options: CorsSafeFetchOptions): typeof fetch {
  const corsSafeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers();
    new Headers(init?.headers).forEach((value, name) => {
      if (!ALLOWED_REQUEST_HEADERS.has(name)) return;
      if (name === 'authorization' && !options.sendAuthorization) return;
      headers.set(name, value);
    });
    const response = await baseFetch(input, { ...init, headers });
    if (!response.ok && options.onErrorBody) {
      try {
        options.onErrorBody(await response.clone().text());
      } catch {
        // The client reads the body itself as well; a body we cannot read leaves its fallback in place.
      }
    }
    return response;
  };
  return corsSafeFetch as typeof fetch;
}

/** Trims whitespace and trailing slashes; an empty base URL means OpenAI's own API. */
export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  return trimmed === '' ? 'https://api.openai.com/v1' : trimmed;
}

/** What one client instance needs. */
export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  onErrorBody?: (text: string) => void;
}

/** The global fetch, called unbound so browsers do not throw "Illegal invocation". */
const globalFetch: typeof fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  globalThis.fetch(input, init)) as typeof fetch;

/** Creates the `openai` client that makes every request; retries are ours, so the client's are off. */
export function createOpenAIClient(options: ClientOptions): OpenAI {
  const corsSafeFetch = createCorsSafeFetch(options.fetch ?? globalFetch, {
    sendAuthorization: options.apiKey.trim() !== '',
    ...(options.onErrorBody ? { onErrorBody: options.onErrorBody } : {}),
  });
  return new OpenAI({
    baseURL: normalizeBaseUrl(options.baseUrl),
    apiKey: options.apiKey.trim() || 'not-needed',
    dangerouslyAllowBrowser: true,
    fetch: corsSafeFetch,
    maxRetries: 0,
    ...(options.timeoutMs !== undefined && options.timeoutMs > 0 && Number.isFinite(options.timeoutMs)
      ? { timeout: Math.max(1, Math.round(options.timeoutMs)) }
      : {}),
  });
}
