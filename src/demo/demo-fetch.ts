import { abortableSleep, abortReason } from '../model/abort.ts';
import { buildDemoResponse } from './demo-response.ts';
import { localEmbeddingsResponse } from './local-embedder.ts';
import { stableHash } from './text.ts';
import { DEMO_MODEL, errorEnvelope, readChatRequest } from './wire.ts';

/** The base URL the demo provider uses; `.invalid` guarantees it can never reach a real host. */
export const DEMO_BASE_URL = 'https://demo.glassbox.invalid/v1';
/** The model id of the scripted demo. */
export const DEMO_MODEL_ID = DEMO_MODEL;

/** Options of the in-page demo endpoint. */
export interface DemoFetchOptions {
  /** Pause between streamed chunks, so streaming is visible; default 15 ms, 0 in tests. */
  chunkDelayMs?: number;
  /** Clock for the `created` timestamps; defaults to `Date.now`. */
  now?: () => number;
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-glassbox-demo': 'scripted' },
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return abortableSleep(ms, signal ?? new AbortController().signal);
}

/** Most pauses one streamed answer takes: a long answer sends several events per pause, so it never crawls. */
export const MAX_STREAM_PAUSES = 40;

/**
 * A text/event-stream body that emits the events with a pause between groups (one event per group for short answers,
 * more for long ones, so at most `maxPauses` pauses), and errors out when the signal aborts.
 */
export function paceEvents(
  events: string[],
  delayMs: number,
  signal?: AbortSignal,
  maxPauses = MAX_STREAM_PAUSES,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const groupSize = Math.max(1, Math.ceil(events.length / Math.max(1, maxPauses)));
  let index = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => controller.error(abortReason(signal)), { once: true });
    },
    async pull(controller) {
      if (signal?.aborted) {
        controller.error(abortReason(signal));
        return;
      }
      if (index > 0 && delayMs > 0) {
        try {
          await sleep(delayMs, signal);
        } catch (error) {
          controller.error(error);
          return;
        }
      }
      const group = events.slice(index, index + groupSize);
      index += group.length;
      if (group.length === 0) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(group.join('')));
      if (index >= events.length) controller.close();
    },
  });
}

function requestParts(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): { url: URL; method: string; signal?: AbortSignal; body: () => Promise<string> } {
  if (typeof Request !== 'undefined' && input instanceof Request) {
    const signal = init?.signal ?? input.signal;
    return {
      url: new URL(input.url),
      method: (init?.method ?? input.method).toUpperCase(),
      ...(signal ? { signal } : {}),
      body: async () => (typeof init?.body === 'string' ? init.body : input.text()),
    };
  }
  const url = new URL(typeof input === 'string' ? input : input.toString());
  const signal = init?.signal ?? undefined;
  return {
    url,
    method: (init?.method ?? 'GET').toUpperCase(),
    ...(signal ? { signal } : {}),
    body: async () => {
      const body = init?.body;
      if (body === undefined || body === null) return '';
      if (typeof body === 'string') return body;
      return new Response(body).text();
    },
  };
}

/**
 * A `fetch` that answers OpenAI-compatible requests with the scripted demo model, entirely in the page:
 * POST …/chat/completions (streamed or not), POST …/embeddings (the local demo embedder) and GET …/models; anything
 * else is a 404 error envelope.
 */
export function createDemoFetch(options: DemoFetchOptions = {}): typeof fetch {
  const chunkDelayMs = Math.max(0, options.chunkDelayMs ?? 15);
  const now = options.now ?? Date.now;

  async function demoFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = requestParts(input, init);
    if (request.signal?.aborted) throw abortReason(request.signal);
    const path = request.url.pathname.replace(/\/+$/u, '');
    const created = Math.floor(now() / 1000);

    if (path.endsWith('/models') && request.method === 'GET') {
      return jsonResponse({
        object: 'list',
        data: [{ id: DEMO_MODEL_ID, object: 'model', created: 1735689600, owned_by: 'glassbox (scripted demo)' }],
      });
    }
    if (path.endsWith('/embeddings') && request.method === 'POST') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await request.body());
      } catch {
        return jsonResponse(
          errorEnvelope('The request body is not valid JSON.', 'invalid_request_error', 'invalid_json'),
          400,
        );
      }
      const embedded = localEmbeddingsResponse(parsed);
      return 'error' in embedded
        ? jsonResponse(errorEnvelope(embedded.error, 'invalid_request_error', 'invalid_request'), 400)
        : jsonResponse(embedded.body);
    }
    if (!path.endsWith('/chat/completions')) {
      return jsonResponse(
        errorEnvelope(
          `Unknown request URL: ${request.method} ${path}. The demo endpoint serves /chat/completions, /embeddings and /models.`,
          'invalid_request_error',
          'unknown_url',
        ),
        404,
      );
    }
    if (request.method !== 'POST') {
      return jsonResponse(
        errorEnvelope(
          `Method ${request.method} is not allowed on ${path}; use POST.`,
          'invalid_request_error',
          'method_not_allowed',
        ),
        405,
      );
    }

    const raw = await request.body();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return jsonResponse(
        errorEnvelope('The request body is not valid JSON.', 'invalid_request_error', 'invalid_json'),
        400,
      );
    }
    const body = readChatRequest(parsed);
    if ('error' in body)
      return jsonResponse(errorEnvelope(body.error, 'invalid_request_error', 'invalid_request'), 400);

    const response = buildDemoResponse(body, { id: `chatcmpl-demo-${stableHash(raw)}`, created, model: DEMO_MODEL_ID });
    if (response.kind === 'json') {
      if (chunkDelayMs > 0) await sleep(chunkDelayMs, request.signal);
      return jsonResponse(response.body);
    }
    return new Response(paceEvents(response.events, chunkDelayMs, request.signal), {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-glassbox-demo': 'scripted',
      },
    });
  }

  return demoFetch as typeof fetch;
}
