import { afterEach, describe, expect, it, vi } from 'vitest';
import { STREAM_HOLD_MS } from './chat-attempt.ts';
import { createEndpointMemory } from './endpoint-memory.ts';
import type { ModelStreamEvent } from './model.ts';
import { createOpenAICompatibleModel, type OpenAICompatibleConfig } from './openai-compatible-model.ts';
import {
  chunk,
  createRecordingFetch,
  jsonResponse,
  never,
  sseResponse,
  sseText,
  type Reply,
} from './wire-test-helpers.ts';

function setup(replies: Reply[], overrides: Partial<OpenAICompatibleConfig> = {}) {
  const { fetch, requests } = createRecordingFetch(replies);
  const events: ModelStreamEvent[] = [];
  const sleeps: number[] = [];
  const model = createOpenAICompatibleModel({
    provider: 'test',
    baseUrl: 'http://localhost:11434/v1',
    apiKey: '',
    model: 'qwen3',
    stream: true,
    timeoutMs: 5000,
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    endpointMemory: createEndpointMemory(),
    ...overrides,
  });
  const generate = (signal = new AbortController().signal) =>
    model.generate({ messages: [{ role: 'user', content: 'Hi' }] }, { signal, onEvent: (event) => events.push(event) });
  return { requests, events, sleeps, generate };
}

/** A 200 stream that sends `text` and then goes silent without closing. */
function stalledStream(text: string): Response {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return never<void>();
      sent = true;
      controller.enqueue(new TextEncoder().encode(text));
      return undefined;
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('stopping and timeouts', () => {
  it('aborts a stream mid-answer as soon as the user presses Stop', async () => {
    const controller = new AbortController();
    const { generate, events, requests } = setup([
      stalledStream(sseText([chunk({ content: 'Partial' })], { done: false })),
    ]);
    const promise = generate(controller.signal);
    await expect.poll(() => events.length).toBeGreaterThan(0);
    controller.abort();
    await expect(promise).rejects.toMatchObject({ kind: 'aborted' });
    expect(events).toEqual([{ type: 'text-delta', delta: 'Partial' }]);
    expect(requests[0]?.signal?.aborted).toBe(true);
  });

  it('aborts while waiting for the response headers', async () => {
    const controller = new AbortController();
    const { generate, requests } = setup([() => never<Response>()]);
    const promise = generate(controller.signal);
    await expect.poll(() => requests.length).toBe(1);
    controller.abort();
    await expect(promise).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('fails with a timeout, without retrying, when no answer arrives in time', async () => {
    const { generate, requests, sleeps } = setup([() => never<Response>()], { timeoutMs: 30 });
    await expect(generate()).rejects.toMatchObject({ kind: 'timeout' });
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('times out a stream that goes silent, and does not retry after output was shown', async () => {
    const { generate, requests, events } = setup(
      [
        stalledStream(sseText([chunk({ content: 'Hel' })], { done: false })),
        sseResponse([chunk({ content: 'again' })]),
      ],
      { timeoutMs: 40 },
    );
    await expect(generate()).rejects.toMatchObject({ kind: 'timeout' });
    expect(requests).toHaveLength(1);
    expect(events).toEqual([{ type: 'text-delta', delta: 'Hel' }]);
  });
});

describe('odd answers', () => {
  it('reads a JSON completion when the server ignores stream:true', async () => {
    const { generate } = setup([
      jsonResponse({
        choices: [{ index: 0, message: { role: 'assistant', content: 'Plain.' }, finish_reason: 'stop' }],
      }),
    ]);
    expect(await generate()).toMatchObject({ text: 'Plain.', finishReason: 'stop' });
  });

  it('reports a web page answer as a wrong base URL', async () => {
    const page = new Response('<!doctype html><html><title>App</title></html>', {
      status: 200,
      headers: { 'content-type': 'text/html' },
    });
    const { generate, requests } = setup([page]);
    const error = await generate().catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: 'not-found', status: 200 });
    expect(String((error as Error).message)).toContain('/v1');
    expect(requests).toHaveLength(1);
  });

  it('reports a 200 JSON error body by the status it states', async () => {
    const { generate } = setup([jsonResponse({ error: { message: 'model "qwen3" not found', status_code: 404 } })], {
      stream: false,
    });
    await expect(generate()).rejects.toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('reports a 200 body that is not a chat completion, without retrying', async () => {
    const { generate, requests } = setup([jsonResponse({ status: 'ok' })], { stream: false });
    await expect(generate()).rejects.toMatchObject({ kind: 'server' });
    expect(requests).toHaveLength(1);
  });

  it('reports an empty stream as a server failure', async () => {
    const { generate } = setup([() => sseResponse([], { done: true })], { maxRetries: 0 });
    await expect(generate()).rejects.toMatchObject({ kind: 'server' });
  });

  it('reads an event stream that a proxy labelled as JSON', async () => {
    const mislabelled = new Response(sseText([chunk({ content: 'still' }), chunk({ content: ' streamed' })]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
    const { generate, events } = setup([mislabelled]);
    expect((await generate()).text).toBe('still streamed');
    expect(events).toHaveLength(2);
  });

  it('parses SSE with CRLF line ends and unknown named events', async () => {
    const text = `event: ping\r\ndata: {}\r\n\r\ndata: ${JSON.stringify(chunk({ content: 'ok' }))}\r\n\r\ndata: [DONE]\r\n\r\n`;
    const response = new Response(text, {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
    });
    const { generate } = setup([response]);
    expect((await generate()).text).toBe('ok');
  });
});

describe('error bodies and model lists', () => {
  it('keeps the message of a top-level error envelope the client would drop (vLLM)', async () => {
    const { generate } = setup([
      jsonResponse(
        { object: 'error', message: 'The model `qwen` does not exist.', type: 'NotFoundError', code: 404 },
        404,
      ),
      jsonResponse({ data: [] }),
    ]);
    await expect(generate()).rejects.toMatchObject({ kind: 'not-found', message: 'The model `qwen` does not exist.' });
  });

  it('attaches the endpoint’s models to a 404', async () => {
    const notFound = jsonResponse(
      {
        error: { message: 'model "qwen3" not found, try pulling it first', type: 'api_error', param: null, code: null },
      },
      404,
    );
    const models = jsonResponse({ object: 'list', data: [{ id: 'llama3.2:latest' }, { id: 'gemma3:4b' }] });
    const { generate, requests } = setup([notFound, models]);
    const error = await generate().catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: 'not-found', status: 404, availableModels: ['gemma3:4b', 'llama3.2:latest'] });
    expect(requests[1]?.url).toBe('http://localhost:11434/v1/models');
    expect(requests[1]?.method).toBe('GET');
  });

  it('classifies 401 as auth', async () => {
    const { generate } = setup([
      jsonResponse(
        { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } },
        401,
      ),
    ]);
    await expect(generate()).rejects.toMatchObject({ kind: 'auth', status: 401, code: 'invalid_api_key' });
  });
});

describe('a body that arrived all at once', () => {
  /** An answer of `count` content chunks, sent in one piece (as a fast server's 2 MB answer sits in the buffer). */
  const answer = (count: number) =>
    sseResponse(
      Array.from({ length: count }, (_, index) => chunk({ content: `w${index} ` })),
      { sliceSize: 1 << 20 },
    );
  /** The page's clock moves a quarter of the hold on each reading: handling an event "takes" that long. */
  const slowClock = () => {
    let time = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (time += STREAM_HOLD_MS / 4));
  };
  afterEach(() => vi.restoreAllMocks());

  it('is handled with turns for the page in between', async () => {
    slowClock();
    const { generate, events } = setup([answer(100)]);
    let turn = false;
    setTimeout(() => (turn = true), 0);
    expect(await generate().then(() => turn)).toBe(true);
    expect(events.filter((event) => event.type === 'text-delta')).toHaveLength(100);
  });

  it('stops at the next turn when Stop is pressed, with the rest unhandled', async () => {
    const controller = new AbortController();
    slowClock();
    const { generate, events } = setup([answer(100)]);
    // Stop is pressed as the first words are shown.
    const record = events.push.bind(events);
    events.push = (...shown) => {
      controller.abort();
      return record(...shown);
    };
    await expect(generate(controller.signal)).rejects.toMatchObject({ kind: 'aborted' });
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThan(10);
  });
});
