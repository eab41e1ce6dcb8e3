import { describe, expect, it } from 'vitest';
import { listModels, testConnection } from './list-models.ts';
import { createRecordingFetch, jsonResponse, never } from './wire-test-helpers.ts';

describe('listModels', () => {
  it('GETs {baseUrl}/models through the client with CORS-safe headers and returns sorted ids', async () => {
    const { fetch, requests } = createRecordingFetch([
      jsonResponse({
        object: 'list',
        data: [{ id: 'gpt-4o', object: 'model' }, { id: 'babbage-002' }, { id: 'gpt-4o' }],
      }),
    ]);
    expect(await listModels({ baseUrl: 'https://api.openai.com/v1/', apiKey: 'sk-1', fetch })).toEqual([
      'babbage-002',
      'gpt-4o',
    ]);
    expect(requests[0]).toMatchObject({ url: 'https://api.openai.com/v1/models', method: 'GET' });
    expect(Object.keys(requests[0]?.headers ?? {}).sort()).toEqual(['accept', 'authorization']);
  });

  it('accepts Ollama-style `models` lists and bare arrays', async () => {
    const ollama = createRecordingFetch([jsonResponse({ models: [{ name: 'qwen3:8b' }, { model: 'llama3.2' }] })]);
    expect(await listModels({ baseUrl: 'http://localhost:11434/v1', apiKey: '', fetch: ollama.fetch })).toEqual([
      'llama3.2',
      'qwen3:8b',
    ]);
    const bare = createRecordingFetch([jsonResponse(['b', 'a'])]);
    expect(await listModels({ baseUrl: 'http://x/v1', apiKey: '', fetch: bare.fetch })).toEqual(['a', 'b']);
  });

  it('throws a classified ModelError for HTTP failures and non-lists', async () => {
    const unauthorized = createRecordingFetch([
      jsonResponse({ error: { message: 'bad key', code: 'invalid_api_key' } }, 401),
    ]);
    await expect(listModels({ baseUrl: 'http://x/v1', apiKey: 'k', fetch: unauthorized.fetch })).rejects.toMatchObject({
      kind: 'auth',
      message: 'bad key',
    });
    const page = createRecordingFetch([
      new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    ]);
    await expect(listModels({ baseUrl: 'http://x', apiKey: '', fetch: page.fetch })).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('gives up after its timeout and honours the caller’s signal', async () => {
    const slow = createRecordingFetch([() => never<Response>()]);
    await expect(
      listModels({ baseUrl: 'http://x/v1', apiKey: '', fetch: slow.fetch, timeoutMs: 20 }),
    ).rejects.toMatchObject({ kind: 'timeout' });
    const controller = new AbortController();
    controller.abort();
    await expect(
      listModels({ baseUrl: 'http://x/v1', apiKey: '', fetch: slow.fetch, signal: controller.signal }),
    ).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('testConnection', () => {
  it('returns the models on success', async () => {
    const { fetch } = createRecordingFetch([jsonResponse({ data: [{ id: 'm1' }] })]);
    expect(await testConnection({ baseUrl: 'http://x/v1', apiKey: '', fetch })).toEqual({ ok: true, models: ['m1'] });
  });

  it('returns a network error when the browser cannot reach the endpoint (CORS or offline)', async () => {
    const { fetch } = createRecordingFetch([
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    const result = await testConnection({ baseUrl: 'http://localhost:1234/v1', apiKey: '', fetch });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'network' });
  });
});
