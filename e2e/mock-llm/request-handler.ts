import type { IncomingMessage, ServerResponse } from 'node:http';
import { localEmbeddingsResponse } from '../../src/demo/local-embedder.ts';
import { errorEnvelope, readChatRequest } from '../../src/demo/wire.ts';
import { validateBehaviours } from './behaviours.ts';
import { handleChat } from './chat-handler.ts';
import { corsHeaders, headerRecord, parseBody, readBody, sendJson } from './http-helpers.ts';
import type { MockLlmState } from './server-state.ts';
import type { RecordedRequest } from './server-types.ts';

const STRICT_ALLOWED_HEADERS = 'authorization, content-type';

/** Routes one HTTP request: CORS preflights, control endpoints, models, embeddings and chat completions. */
export async function handleRequest(
  state: MockLlmState,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
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

  if (method === 'OPTIONS') return answerPreflight(state, request, response, record);
  if (path.startsWith('/__control/')) return handleControl(state, response, record);

  state.requests.push(record);
  if ((path === '/v1/models' || path === '/models') && method === 'GET') {
    return sendJson(response, 200, {
      object: 'list',
      data: state.models.map((id) => ({ id, object: 'model', created: 1735689600, owned_by: 'glassbox-mock' })),
    });
  }
  if (path === '/v1/embeddings' || path === '/embeddings') return answerEmbeddings(state, response, record);
  if (path === '/v1/chat/completions' || path === '/chat/completions') return answerChat(state, response, record);
  return sendJson(
    response,
    404,
    errorEnvelope(`Unknown request URL: ${method} ${path}.`, 'invalid_request_error', 'unknown_url'),
  );
}

function answerPreflight(
  state: MockLlmState,
  request: IncomingMessage,
  response: ServerResponse,
  record: RecordedRequest,
): void {
  state.preflights.push(record);
  const asked = request.headers['access-control-request-headers'];
  response.writeHead(204, {
    ...corsHeaders(),
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': state.options.strictCors
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
}

function handleControl(state: MockLlmState, response: ServerResponse, record: RecordedRequest): void {
  const { method, path } = record;
  if (path === '/__control/requests' && method === 'GET') return sendJson(response, 200, state.requests);
  if (path === '/__control/reset' && method === 'POST') {
    state.reset();
    return sendJson(response, 200, { ok: true });
  }
  if (path === '/__control/release' && method === 'POST') {
    state.holds.release();
    return sendJson(response, 200, { held: state.holds.count });
  }
  if (path === '/__control/enqueue' && method === 'POST') {
    const behaviours = validateBehaviours(record.body);
    if ('error' in behaviours)
      return sendJson(response, 400, errorEnvelope(behaviours.error, 'invalid_request_error', 'invalid_behaviour'));
    state.queue.push(...behaviours);
    return sendJson(response, 200, { queued: state.queue.length });
  }
  return sendJson(
    response,
    404,
    errorEnvelope(`Unknown control endpoint ${method} ${path}`, 'invalid_request_error', 'unknown_url'),
  );
}

function methodNotAllowed(response: ServerResponse, method: string): void {
  sendJson(
    response,
    405,
    errorEnvelope(`Method ${method} is not allowed; use POST.`, 'invalid_request_error', 'method_not_allowed'),
  );
}

function answerEmbeddings(state: MockLlmState, response: ServerResponse, record: RecordedRequest): void {
  if (record.method !== 'POST') return methodNotAllowed(response, record.method);
  if (state.embeddingsFailure) return sendJson(response, state.embeddingsFailure.status, state.embeddingsFailure.body);
  const embedded = localEmbeddingsResponse(record.body);
  return 'error' in embedded
    ? sendJson(response, 400, errorEnvelope(embedded.error, 'invalid_request_error', 'invalid_request'))
    : sendJson(response, 200, embedded.body);
}

function answerChat(state: MockLlmState, response: ServerResponse, record: RecordedRequest): Promise<void> | void {
  if (record.method !== 'POST') return methodNotAllowed(response, record.method);
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
  state.inFlight += 1;
  response.once('close', () => {
    state.inFlight -= 1;
    if (!response.writableFinished) state.aborted += 1;
  });
  return handleChat(state, response, body, record.body);
}
