import { describe, expect, it } from 'vitest';
import { createCorsSafeFetch, normalizeBaseUrl } from './openai-client.ts';
import { createRecordingFetch, jsonResponse } from './wire-test-helpers.ts';

describe('createCorsSafeFetch', () => {
  it('lets only Authorization, Content-Type and Accept through', async () => {
    const { fetch, requests } = createRecordingFetch([jsonResponse({})]);
    const safeFetch = createCorsSafeFetch(fetch, { sendAuthorization: true });
    await safeFetch('http://x/v1/chat/completions', {
      method: 'POST',
      headers: {
        Authorization: 'Bearer k',
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Stainless-Lang': 'js',
        'X-Stainless-Retry-Count': '0',
        'User-Agent': 'OpenAI/JS 6',
        'OpenAI-Organization': 'org',
        'Idempotency-Key': 'k',
      },
      body: '{}',
    });
    expect(requests[0]?.headers).toEqual({
      authorization: 'Bearer k',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('drops the placeholder Authorization when there is no key and captures error bodies', async () => {
    const { fetch, requests } = createRecordingFetch([jsonResponse({ message: 'nope' }, 400)]);
    let captured = '';
    const safeFetch = createCorsSafeFetch(fetch, {
      sendAuthorization: false,
      onErrorBody: (text) => (captured = text),
    });
    const response = await safeFetch('http://x', { headers: { Authorization: 'Bearer not-needed' } });
    expect(requests[0]?.headers).toEqual({});
    expect(captured).toBe('{"message":"nope"}');
    expect(await response.text()).toBe('{"message":"nope"}');
  });
});

describe('normalizeBaseUrl', () => {
  it('trims slashes and whitespace and defaults to OpenAI', () => {
    expect(normalizeBaseUrl(' http://localhost:1234/v1// ')).toBe('http://localhost:1234/v1');
    expect(normalizeBaseUrl('')).toBe('https://api.openai.com/v1');
  });
});
