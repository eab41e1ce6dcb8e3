/*
 * Helpers for model-layer tests: build SSE/JSON responses shaped like real endpoints and a fetch that records
 * what the `openai` client sends. Test-only; nothing in the runtime imports this file.
 */

/** One line of an SSE body: an object becomes `data: <json>`, a string is written verbatim. */
export type SsePiece = Record<string, unknown> | string;

/** Joins pieces into an SSE body: objects as `data:` events, strings verbatim (comments, named events). */
export function sseText(pieces: SsePiece[], options: { done?: boolean } = {}): string {
  const parts = pieces.map((piece) => (typeof piece === 'string' ? piece : `data: ${JSON.stringify(piece)}\n\n`));
  if (options.done ?? true) parts.push('data: [DONE]\n\n');
  return parts.join('');
}

/** A body that delivers `text` in slices of `sliceSize` bytes, so events split at arbitrary points. */
export function slicedStream(text: string, sliceSize = 7): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + sliceSize));
      offset += sliceSize;
    },
  });
}

/** An HTTP 200 `text/event-stream` response. */
export function sseResponse(pieces: SsePiece[], options: { done?: boolean; sliceSize?: number } = {}): Response {
  return new Response(slicedStream(sseText(pieces, options), options.sliceSize), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });
}

/** A JSON response with any status and headers. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Builds a `chat.completion.chunk` with one choice. */
export function chunk(
  delta: Record<string, unknown>,
  options: { finish?: string | null; id?: string; model?: string; extra?: Record<string, unknown> } = {},
): Record<string, unknown> {
  return {
    id: options.id ?? 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1,
    model: options.model ?? 'test-model',
    choices: [{ index: 0, delta, finish_reason: options.finish ?? null }],
    ...options.extra,
  };
}

/** What the fake server saw. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
  signal: AbortSignal | undefined;
}

/** A reply: a Response (usable once), or a function of the request (may never settle; aborts reject it). */
export type Reply = Response | ((request: RecordedRequest) => Response | Promise<Response>);

/** A fetch that answers with `replies` in order (the last one repeats) and records every request. */
export function createRecordingFetch(replies: Reply[]): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const bodyText = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      url: String(input instanceof Request ? input.url : input),
      method: init?.method ?? 'GET',
      headers,
      body: bodyText === undefined ? undefined : (JSON.parse(bodyText) as Record<string, unknown>),
      signal: init?.signal ?? undefined,
    };
    requests.push(request);
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)];
    if (reply === undefined) throw new Error('No reply scripted');
    const signal = init?.signal;
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const pending = Promise.resolve(typeof reply === 'function' ? reply(request) : reply);
    if (!signal) return pending;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), {
        once: true,
      });
      pending.then(resolve, reject);
    });
  };
  return { fetch: fakeFetch as typeof fetch, requests };
}

/** A promise that never settles: an endpoint that never answers. */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}
