import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEMO_MODEL_ID,
  buildDemoResponse,
  errorEnvelope,
  estimateUsage,
  localEmbeddingsResponse,
  readChatRequest,
  toChatCompletion,
  toSseEvents,
  type ChatRequestBody,
} from '../../src/demo/index.ts';
import {
  defaultErrorBody,
  fillerPieces,
  rejectStreamOptionsBody,
  rejectToolsBody,
  replyToWire,
  splitSseBody,
  validateBehaviours,
  type MockBehaviour,
} from './behaviours.ts';
import { corsHeaders, headerRecord, parseBody, readBody, sendJson, startSse } from './http-helpers.ts';
import { writePaced } from './paced-writer.ts';
import type { MockLlmServer, MockLlmServerOptions, RecordedRequest, ResponseTiming } from './server-types.ts';

export type { MockBehaviour, MockToolCall } from './behaviours.ts';
export type { MockLlmServer, MockLlmServerOptions, RecordedRequest, ResponseTiming } from './server-types.ts';

const STRICT_ALLOWED_HEADERS = 'authorization, content-type';

/** Starts the scripted OpenAI-compatible HTTP server (chat completions, models, CORS, control endpoints). */
export async function startMockLlmServer(options: MockLlmServerOptions = {}): Promise<MockLlmServer> {
  const host = options.host ?? '127.0.0.1';
  const defaultDelay = Math.max(0, options.chunkDelayMs ?? 0);
  const models = options.models ?? [DEMO_MODEL_ID];
  const requests: RecordedRequest[] = [];
  const preflights: RecordedRequest[] = [];
  let queue: MockBehaviour[] = [];
  let rejectTools: Extract<MockBehaviour, { kind: 'reject-tools' }> | undefined;
  let rejectStreamOptions: Extract<MockBehaviour, { kind: 'reject-stream-options' }> | undefined;
  let embeddingsFailure: { status: number; body: unknown } | undefined;
  let completionCount = 0;
  let inFlight = 0;
  let aborted = 0;
  const timings: ResponseTiming[] = [];
  const preciseNow = (): number => performance.timeOrigin + performance.now();
  const holds: Array<() => void> = [];
  let earlyReleases = 0;

  /** Waits for `release()`; false when the client went away first. */
  const hold = (response: ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      if (earlyReleases > 0) {
        earlyReleases -= 1;
        resolve(true);
        return;
      }
      const go = (): void => {
        response.off('close', gone);
        resolve(true);
      };
      const gone = (): void => {
        const index = holds.indexOf(go);
        if (index >= 0) holds.splice(index, 1);
        resolve(false);
      };
      holds.push(go);
      response.once('close', gone);
    });
  const release = (): void => {
    const next = holds.shift();
    if (next) next();
    else earlyReleases += 1;
  };

  const reset = (): void => {
    queue = [];
    rejectTools = undefined;
    rejectStreamOptions = undefined;
    embeddingsFailure = undefined;
    requests.length = 0;
    preflights.length = 0;
    timings.length = 0;
    aborted = 0;
    earlyReleases = 0;
  };

  /** Sticky rejections take effect when they reach the head of the queue. */
  const nextBehaviour = (): MockBehaviour | undefined => {
    for (;;) {
      const head = queue[0];
      if (head?.kind === 'reject-tools') rejectTools = head;
      else if (head?.kind === 'reject-stream-options') rejectStreamOptions = head;
      else return queue.shift();
      queue.shift();
    }
  };

  const handleChat = async (response: ServerResponse, body: ChatRequestBody, raw: unknown): Promise<void> => {
    const rawRecord = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const hasTools = Array.isArray(rawRecord.tools) && rawRecord.tools.length > 0;
    const routed = options.route?.(raw);
    // Consume the queue head first so sticky rejections placed there apply to this very request.
    const peeked = routed ?? nextBehaviour();
    if (rejectTools && hasTools) {
      if (peeked && !routed) queue.unshift(peeked);
      sendJson(response, rejectTools.status, rejectToolsBody(rejectTools.status, rejectTools.message));
      return;
    }
    if (rejectStreamOptions && body.hasStreamOptions) {
      if (peeked && !routed) queue.unshift(peeked);
      sendJson(response, rejectStreamOptions.status ?? 400, rejectStreamOptionsBody(rejectStreamOptions.message));
      return;
    }
    completionCount += 1;
    const meta = {
      id: `chatcmpl-mock-${completionCount}`,
      created: Math.floor(Date.now() / 1000),
      model: body.model || DEMO_MODEL_ID,
    };
    const timing: ResponseTiming = { completionId: meta.id, receivedAt: preciseNow(), routed: routed !== undefined };
    timings.push(timing);
    response.once('finish', () => {
      timing.lastByteAt = preciseNow();
    });
    const behaviour = peeked;
    if (!behaviour) {
      const demo = buildDemoResponse(body, meta);
      if (demo.kind === 'json') {
        sendJson(response, 200, demo.body);
        return;
      }
      startSse(response);
      await writePaced(response, demo.events, defaultDelay, { end: true });
      return;
    }
    switch (behaviour.kind) {
      case 'reply': {
        const pieces = behaviour.tokens !== undefined ? fillerPieces(behaviour.tokens) : undefined;
        const reply = replyToWire(behaviour, pieces);
        const estimated = estimateUsage(body, reply);
        if (pieces) estimated.completion_tokens = pieces.length + (reply.toolCalls?.length ?? 0);
        estimated.total_tokens = estimated.prompt_tokens + estimated.completion_tokens;
        const usage = behaviour.usage === null ? undefined : { ...estimated, ...behaviour.usage };
        if (!body.stream) {
          sendJson(response, 200, toChatCompletion(reply, meta, usage));
          return;
        }
        const interval =
          behaviour.chunkDelayMs ?? (behaviour.chunksPerSecond ? 1000 / behaviour.chunksPerSecond : defaultDelay);
        startSse(response);
        const contentPieces = pieces ?? behaviour.parts;
        const events = toSseEvents(reply, meta, {
          includeUsage: body.includeUsage,
          ...(usage ? { usage } : {}),
          ...(contentPieces ? { contentPieces } : {}),
        });
        // Parts: the role chunk and each part's chunk (events 0 … i + 1), then a hold; the end after the last one.
        let written = 0;
        for (let index = 0; index < (behaviour.parts?.length ?? 0); index += 1) {
          if (
            (await writePaced(response, events.slice(written, index + 2), interval, { end: false })) === 'disconnected'
          )
            return;
          written = index + 2;
          if (!(await hold(response))) return;
        }
        await writePaced(response, events.slice(written), interval, { end: true });
        return;
      }
      case 'error':
        sendJson(response, behaviour.status, behaviour.body ?? defaultErrorBody(behaviour.status), behaviour.headers);
        return;
      case 'json':
        sendJson(response, behaviour.status ?? 200, behaviour.body, behaviour.headers);
        return;
      case 'sse':
        startSse(response, behaviour.status ?? 200, behaviour.headers);
        await writePaced(response, splitSseBody(behaviour.body), defaultDelay, { end: true });
        return;
      case 'hang': {
        if (behaviour.content !== undefined && body.stream) {
          startSse(response);
          const events = toSseEvents({ content: behaviour.content, finishReason: 'stop' }, meta, {
            includeUsage: false,
          });
          // Everything but the finish chunk and [DONE]: the stream stays open with no end.
          await writePaced(response, events.slice(0, -2), defaultDelay, { end: false });
        }
        // Never answer; the socket closes when the client aborts or the server shuts down.
        return;
      }
      default:
        return;
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://mock.invalid');
    const path = url.pathname.replace(/\/+$/u, '') || '/';
    const method = (request.method ?? 'GET').toUpperCase();
    const raw = await readBody(request);
    const record: RecordedRequest = {
      method,
      path,
      headers: headerRecord(request),
      body: parseBody(raw),
      receivedAt: Date.now(),
    };

    if (method === 'OPTIONS') {
      preflights.push(record);
      const asked = request.headers['access-control-request-headers'];
      response.writeHead(204, {
        ...corsHeaders(),
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': options.strictCors
          ? STRICT_ALLOWED_HEADERS
          : typeof asked === 'string' && asked.length > 0
            ? asked
            : '*',
        'access-control-max-age': '60',
        ...(request.headers['access-control-request-private-network'] === 'true'
          ? { 'access-control-allow-private-network': 'true' }
          : {}),
      });
      response.end();
      return;
    }

    if (path.startsWith('/__control/')) {
      if (path === '/__control/requests' && method === 'GET') return sendJson(response, 200, requests);
      if (path === '/__control/reset' && method === 'POST') {
        reset();
        return sendJson(response, 200, { ok: true });
      }
      if (path === '/__control/release' && method === 'POST') {
        release();
        return sendJson(response, 200, { held: holds.length });
      }
      if (path === '/__control/enqueue' && method === 'POST') {
        const behaviours = validateBehaviours(record.body);
        if ('error' in behaviours)
          return sendJson(response, 400, errorEnvelope(behaviours.error, 'invalid_request_error', 'invalid_behaviour'));
        queue.push(...behaviours);
        return sendJson(response, 200, { queued: queue.length });
      }
      return sendJson(
        response,
        404,
        errorEnvelope(`Unknown control endpoint ${method} ${path}`, 'invalid_request_error', 'unknown_url'),
      );
    }

    requests.push(record);
    if ((path === '/v1/models' || path === '/models') && method === 'GET') {
      return sendJson(response, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: 1735689600, owned_by: 'glassbox-mock' })),
      });
    }
    if (path === '/v1/embeddings' || path === '/embeddings') {
      if (method !== 'POST')
        return sendJson(
          response,
          405,
          errorEnvelope(`Method ${method} is not allowed; use POST.`, 'invalid_request_error', 'method_not_allowed'),
        );
      if (embeddingsFailure) return sendJson(response, embeddingsFailure.status, embeddingsFailure.body);
      const embedded = localEmbeddingsResponse(record.body);
      return 'error' in embedded
        ? sendJson(response, 400, errorEnvelope(embedded.error, 'invalid_request_error', 'invalid_request'))
        : sendJson(response, 200, embedded.body);
    }
    if (path === '/v1/chat/completions' || path === '/chat/completions') {
      if (method !== 'POST')
        return sendJson(
          response,
          405,
          errorEnvelope(`Method ${method} is not allowed; use POST.`, 'invalid_request_error', 'method_not_allowed'),
        );
      if (typeof record.body !== 'object' || record.body === null) {
        return sendJson(
          response,
          400,
          errorEnvelope('The request body is not valid JSON.', 'invalid_request_error', 'invalid_json'),
        );
      }
      const body = readChatRequest(record.body);
      if ('error' in body)
        return sendJson(response, 400, errorEnvelope(body.error, 'invalid_request_error', 'invalid_request'));
      inFlight += 1;
      response.once('close', () => {
        inFlight -= 1;
        if (!response.writableFinished) aborted += 1;
      });
      return handleChat(response, body, record.body);
    }
    return sendJson(
      response,
      404,
      errorEnvelope(`Unknown request URL: ${method} ${path}.`, 'invalid_request_error', 'unknown_url'),
    );
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 500, errorEnvelope(`Mock server failure: ${String(error)}`, 'server_error', null));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}/v1`,
    port,
    requests,
    preflights,
    get inFlight() {
      return inFlight;
    },
    get aborted() {
      return aborted;
    },
    get held() {
      return holds.length;
    },
    release,
    timings,
    enqueue: (...behaviours) => {
      queue.push(...behaviours);
    },
    failEmbeddings: (failure) => {
      embeddingsFailure = failure;
    },
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging and streaming responses would otherwise keep the server open forever.
        server.closeAllConnections();
      }),
  };
}
