import { describe, expect, it, vi } from 'vitest';
import { ModelError } from './model-error.ts';
import type { ModelStreamEvent } from './model.ts';
import { createEndpointMemory } from './endpoint-memory.ts';
import { createOpenAICompatibleModel, type OpenAICompatibleConfig } from './openai-compatible-model.ts';
import { abortableSleep } from './abort.ts';
import { isRetryable, markNotRetryable, retryDelayMs, withRetries } from './retry.ts';
import { chunk, createRecordingFetch, jsonResponse, sseResponse, type Reply } from './wire-test-helpers.ts';

const policy = { maxRetries: 3, maxRetryWaitMs: 20_000 };

function recordingSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { waits, sleep };
}

describe('isRetryable', () => {
  it('retries network, rate-limit, 5xx, 408 and 409 only', () => {
    expect(isRetryable(new ModelError('network', 'x'))).toBe(true);
    expect(isRetryable(new ModelError('rate-limit', 'x', { status: 429 }))).toBe(true);
    expect(isRetryable(new ModelError('server', 'x', { status: 503 }))).toBe(true);
    expect(isRetryable(new ModelError('timeout', 'x', { status: 408 }))).toBe(true);
    expect(isRetryable(new ModelError('bad-request', 'x', { status: 409 }))).toBe(true);
    expect(isRetryable(new ModelError('timeout', 'x'))).toBe(false);
    expect(isRetryable(new ModelError('quota', 'x', { status: 429 }))).toBe(false);
    expect(isRetryable(new ModelError('tools-unsupported', 'x', { status: 500 }))).toBe(false);
    expect(isRetryable(new ModelError('bad-request', 'x', { status: 400 }))).toBe(false);
    expect(isRetryable(new ModelError('stream', 'x'))).toBe(false);
    expect(isRetryable(markNotRetryable(new ModelError('server', 'x', { status: 500 })))).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('grows exponentially with jitter, capped, and honours the endpoint’s wait', () => {
    const error = new ModelError('server', 'x');
    expect(retryDelayMs(1, error, policy, () => 0)).toBe(500);
    expect(retryDelayMs(1, error, policy, () => 1)).toBe(1000);
    expect(retryDelayMs(3, error, policy, () => 1)).toBe(4000);
    expect(retryDelayMs(10, error, policy, () => 1)).toBe(20_000);
    expect(retryDelayMs(1, new ModelError('rate-limit', 'x', { retryAfterMs: 7000 }), policy, () => 0)).toBe(7000);
  });
});

describe('withRetries', () => {
  it('retries until success and reports each scheduled retry before waiting', async () => {
    const { waits, sleep } = recordingSleep();
    const events: ModelStreamEvent[] = [];
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls++;
        if (calls < 3) throw new ModelError('server', `fail ${calls}`, { status: 500 });
        return 'ok';
      },
      {
        policy,
        signal: new AbortController().signal,
        sleep,
        random: () => 0.5,
        onEvent: (event) => events.push(event),
      },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual([750, 1500]);
    expect(events).toEqual([
      { type: 'retry-scheduled', attempt: 1, delayMs: 750, error: { kind: 'server', status: 500, message: 'fail 1' } },
      { type: 'retry-scheduled', attempt: 2, delayMs: 1500, error: { kind: 'server', status: 500, message: 'fail 2' } },
    ]);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const { waits, sleep } = recordingSleep();
    const operation = vi.fn(async () => {
      throw new ModelError('network', 'down');
    });
    await expect(
      withRetries(operation, {
        policy: { maxRetries: 2, maxRetryWaitMs: 1000 },
        signal: new AbortController().signal,
        sleep,
      }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(operation).toHaveBeenCalledTimes(3);
    expect(waits).toHaveLength(2);
  });

  it('throws at once when the required wait exceeds the limit, keeping retryAfterMs', async () => {
    const { waits, sleep } = recordingSleep();
    const error = new ModelError('rate-limit', 'wait a day', { status: 429, retryAfterMs: 86_400_000 });
    await expect(
      withRetries(
        async () => {
          throw error;
        },
        { policy, signal: new AbortController().signal, sleep },
      ),
    ).rejects.toBe(error);
    expect(waits).toEqual([]);
  });

  it('turns an abort during the wait into an aborted error without another attempt', async () => {
    const controller = new AbortController();
    const operation = vi.fn(async () => {
      throw new ModelError('server', 'x', { status: 502 });
    });
    const promise = withRetries(operation, {
      policy,
      signal: controller.signal,
      sleep: abortableSleep,
      onEvent: () => controller.abort(),
    });
    await expect(promise).rejects.toMatchObject({ kind: 'aborted' });
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('wraps unknown failures as ModelErrors', async () => {
    await expect(
      withRetries(
        async () => {
          throw new Error('bug');
        },
        { policy: { maxRetries: 0, maxRetryWaitMs: 0 }, signal: new AbortController().signal },
      ),
    ).rejects.toBeInstanceOf(ModelError);
  });
});

function setupModel(replies: Reply[], overrides: Partial<OpenAICompatibleConfig> = {}) {
  const { fetch, requests } = createRecordingFetch(replies);
  const sleeps: number[] = [];
  const events: ModelStreamEvent[] = [];
  const model = createOpenAICompatibleModel({
    provider: 'test',
    baseUrl: 'https://api.example.com/v1',
    apiKey: 'sk-test',
    model: 'm',
    stream: true,
    timeoutMs: 5000,
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    endpointMemory: createEndpointMemory(),
    ...overrides,
  });
  const generate = (signal = new AbortController().signal) =>
    model.generate({ messages: [{ role: 'user', content: 'Hi' }] }, { signal, onEvent: (event) => events.push(event) });
  return { requests, sleeps, events, generate };
}

const ok = () => sseResponse([chunk({ content: 'fine' }), chunk({}, { finish: 'stop' })]);
const rateLimited = (headers: Record<string, string> = {}, message = 'Rate limit reached.') =>
  jsonResponse({ error: { message, type: 'requests', code: 'rate_limit_exceeded' } }, 429, headers);
const serverError = () =>
  jsonResponse(
    {
      error: {
        message: 'The server had an error processing your request.',
        type: 'server_error',
        param: null,
        code: null,
      },
    },
    500,
  );

describe('retries through the model and the openai client', () => {
  it('waits as long as a 429’s Retry-After header says, then succeeds', async () => {
    const { requests, sleeps, events, generate } = setupModel([rateLimited({ 'retry-after': '2' }), ok()]);
    expect((await generate()).text).toBe('fine');
    expect(requests).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
    expect(events[0]).toEqual({
      type: 'retry-scheduled',
      attempt: 1,
      delayMs: 2000,
      error: { kind: 'rate-limit', status: 429, message: 'Rate limit reached.' },
    });
  });

  it('honours a wait stated only in prose', async () => {
    const { sleeps, generate } = setupModel([
      rateLimited({}, 'Limit 7000, Used 6990. Please try again in 1.5s. Visit the docs.'),
      ok(),
    ]);
    await generate();
    expect(sleeps).toEqual([1500]);
  });

  it('throws a rate-limit error with retryAfterMs instead of sleeping past the limit', async () => {
    const { requests, sleeps, generate } = setupModel([rateLimited({}, 'Please retry after 86400 seconds.'), ok()]);
    const error = await generate().catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterMs: 86_400_000 });
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('never retries insufficient_quota', async () => {
    const quota = jsonResponse(
      {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      },
      429,
    );
    const { requests, generate } = setupModel([quota, ok()]);
    await expect(generate()).rejects.toMatchObject({ kind: 'quota', code: 'insufficient_quota' });
    expect(requests).toHaveLength(1);
  });

  it('retries a 500 with backoff and then succeeds', async () => {
    const { requests, sleeps, generate } = setupModel([serverError(), serverError(), ok()]);
    expect((await generate()).text).toBe('fine');
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([750, 1500]);
  });

  it('gives up after maxRetries', async () => {
    const { requests, generate } = setupModel([() => jsonResponse({ error: { message: 'busy' } }, 503)], {
      maxRetries: 2,
    });
    await expect(generate()).rejects.toMatchObject({ kind: 'server', status: 503 });
    expect(requests).toHaveLength(3);
  });

  it('does not retry a 500 that says tools are unsupported, nor a plain 400', async () => {
    const jinja = setupModel([
      jsonResponse({ error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' } }, 500),
      ok(),
    ]);
    await expect(jinja.generate()).rejects.toMatchObject({ kind: 'tools-unsupported' });
    expect(jinja.requests).toHaveLength(1);
    const badRequest = setupModel([jsonResponse({ error: { message: "Invalid value for 'messages'." } }, 400), ok()]);
    await expect(badRequest.generate()).rejects.toMatchObject({ kind: 'bad-request', status: 400 });
    expect(badRequest.requests).toHaveLength(1);
  });

  it('retries a network failure', async () => {
    const { requests, generate } = setupModel([
      () => {
        throw new TypeError('Failed to fetch');
      },
      ok(),
    ]);
    expect((await generate()).text).toBe('fine');
    expect(requests).toHaveLength(2);
  });

  it('stops during the backoff wait when the user presses Stop', async () => {
    const controller = new AbortController();
    const { requests, generate } = setupModel([() => jsonResponse({ error: { message: 'busy' } }, 502)], {
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          controller.abort();
        }),
    });
    await expect(generate(controller.signal)).rejects.toMatchObject({ kind: 'aborted' });
    expect(requests).toHaveLength(1);
  });
});
