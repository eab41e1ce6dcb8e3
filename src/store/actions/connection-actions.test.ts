import { describe, it, expect } from 'vitest';
import { defaultSettings, type Settings } from '../../config/settings.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import { setServices } from '../services.ts';
import { checkConnection } from './connection-actions.ts';

const settings: Settings = {
  ...defaultSettings,
  provider: 'custom',
  baseUrl: 'http://models.test/v1',
  apiKey: 'sk-test',
  model: 'model-a',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Installs a fetch that answers /models with `models` and chat requests with `chat`; returns the requests seen. */
function install(chat: () => Response | Promise<Response>, models = ['model-a', 'model-b']) {
  const seen: Array<{ method: string; url: string; authorization: string | null }> = [];
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ method: request.method, url: request.url, authorization: request.headers.get('authorization') });
    if (request.url.endsWith('/models'))
      return json(200, { object: 'list', data: models.map((id) => ({ id, object: 'model' })) });
    return chat();
  }) as typeof fetch;
  let counter = 0;
  setServices({
    persistence: createMemoryPersistence({ newId: (prefix) => `${prefix}_${(counter += 1)}`, now: () => 0 }),
    fetch: fakeFetch,
    now: () => 0,
    newId: (prefix) => `${prefix}_${(counter += 1)}`,
  });
  return seen;
}

const okCompletion = () =>
  json(200, {
    id: 'c1',
    object: 'chat.completion',
    created: 0,
    model: 'model-a',
    choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }],
  });

describe('checkConnection', () => {
  it('lists the models and has the model answer a short test message', async () => {
    const seen = install(okCompletion);
    const result = await checkConnection({ ...settings, stream: false });
    expect(result).toEqual({ ok: true, models: ['model-a', 'model-b'], answeredModel: 'model-a' });
    expect(seen.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'GET /v1/models',
      'POST /v1/chat/completions',
    ]);
    expect(seen.every((request) => request.authorization === 'Bearer sk-test')).toBe(true);
  });

  it('reports a key the chat endpoint rejects even when /models does not check it', async () => {
    install(() =>
      json(401, {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
      }),
    );
    const result = await checkConnection({ ...settings, stream: false });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain('The API key was rejected');
      expect(result.message).toContain('Incorrect API key provided');
    }
  });

  it('names the models on offer when the chosen one is not listed, without sending a chat request', async () => {
    const seen = install(okCompletion, ['other-model']);
    const result = await checkConnection({ ...settings, stream: false });
    expect(result).toEqual({
      ok: false,
      message: expect.stringContaining('does not list the model "model-a". Available: other-model'),
    });
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('gives network and CORS advice when nothing answers', async () => {
    setServices({
      persistence: createMemoryPersistence({ newId: (prefix) => prefix, now: () => 0 }),
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
      now: () => 0,
      newId: (prefix) => prefix,
    });
    const result = await checkConnection({ ...settings, baseUrl: 'http://localhost:11434/v1' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain('Cannot reach the endpoint');
      expect(result.message).toContain('OLLAMA_ORIGINS');
    }
  });

  it('asks for a base URL first', async () => {
    install(okCompletion);
    expect(await checkConnection({ ...settings, baseUrl: '  ' })).toEqual({
      ok: false,
      message: expect.stringContaining('Enter the base URL first'),
    });
  });
});
