import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../../../e2e/mock-llm/server.ts';
import { providerPresets } from '../../config/providers.ts';
import { defaultSettings } from '../../config/settings.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import { setServices } from '../services.ts';
import { checkConnection } from './connection-actions.ts';

// Test connection for every hosted preset against the scripted OpenAI-compatible server: the requests keep each
// preset's own base URL path (…/compatible-mode/v1, …/api/paas/v4, …/v1beta/openai); only the origin and that
// prefix are redirected to the server.
const HOSTED = providerPresets.filter((preset) => preset.needsKey);

let server: MockLlmServer;

beforeAll(async () => {
  server = await startMockLlmServer({ port: 0, chunkDelayMs: 0, models: HOSTED.map((preset) => preset.defaultModel) });
});

afterAll(async () => {
  await server.close();
});

describe('Test connection with each provider preset', () => {
  it.each(HOSTED.map((preset) => [preset.label, preset] as const))('%s', async (_label, preset) => {
    server.reset();
    const sent: Array<{ method: string; url: string }> = [];
    const redirecting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push({ method: request.method, url: request.url });
      expect(request.url.startsWith(`${preset.baseUrl}/`)).toBe(true);
      return fetch(new Request(server.url + request.url.slice(preset.baseUrl.length), request));
    }) as typeof fetch;
    let counter = 0;
    setServices({
      persistence: createMemoryPersistence({ newId: (prefix) => `${prefix}_${(counter += 1)}`, now: () => 0 }),
      fetch: redirecting,
      now: () => 0,
      newId: (prefix) => `${prefix}_${(counter += 1)}`,
    });
    server.enqueue({ kind: 'reply', content: 'OK' });
    const result = await checkConnection({
      ...defaultSettings,
      provider: preset.id,
      baseUrl: preset.baseUrl,
      model: preset.defaultModel,
      apiKey: 'sk-preset-test',
      contextWindow: preset.contextWindow,
    });
    expect(result).toMatchObject({ ok: true, answeredModel: preset.defaultModel });
    expect(sent).toEqual([
      { method: 'GET', url: `${preset.baseUrl}/models` },
      { method: 'POST', url: `${preset.baseUrl}/chat/completions` },
    ]);
    const [list, chat] = server.requests;
    expect(list?.headers.authorization).toBe('Bearer sk-preset-test');
    expect(chat?.headers.authorization).toBe('Bearer sk-preset-test');
    expect(chat?.headers['content-type']).toMatch(/^application\/json/);
    expect(chat?.body).toMatchObject({
      model: preset.defaultModel,
      messages: [{ role: 'user', content: 'Reply with the word OK.' }],
    });
  });
});
