import { describe, it, expect, vi } from 'vitest';
import { createReplayFetch, jsonResponse } from '../../testing/replay-fetch.ts';
import { describeWeatherCode } from '../weather/weather-codes.ts';
import { fetchJson } from './fetch-json.ts';
import { htmlToText, shortenText } from './html-to-text.ts';

const options = { toolName: 'test_tool', service: 'Example API', timeoutMs: 1000 };

describe('fetchJson', () => {
  it('parses JSON answers', async () => {
    const fetch = createReplayFetch([{ match: 'example', respond: () => jsonResponse({ ok: 1 }) }]);
    expect(await fetchJson({ fetch, signal: new AbortController().signal }, 'https://example.test/a', options)).toEqual(
      { ok: 1 },
    );
  });

  it("reports HTTP errors with the body's reason", async () => {
    const fetch = createReplayFetch([
      { match: '/mediawiki', respond: () => jsonResponse({ error: { info: 'Bad title' } }, 400) },
      {
        match: '/plain',
        respond: () => new Response('Service Unavailable', { status: 503, statusText: 'Service Unavailable' }),
      },
    ]);
    const context = { fetch, signal: new AbortController().signal };
    await expect(fetchJson(context, 'https://example.test/mediawiki', options)).rejects.toThrow(
      'Example API answered HTTP 400: Bad title',
    );
    await expect(fetchJson(context, 'https://example.test/plain', options)).rejects.toThrow(
      'Example API answered HTTP 503 Service Unavailable: Service Unavailable',
    );
  });

  it('reports a body that is not JSON', async () => {
    const fetch = createReplayFetch([{ match: 'example', respond: () => new Response('<html>captive portal</html>') }]);
    await expect(
      fetchJson({ fetch, signal: new AbortController().signal }, 'https://example.test/', options),
    ).rejects.toThrow('Example API sent a response that is not JSON: <html>captive portal</html>');
  });

  it('never calls fetch for an already cancelled run', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    const fetch = createReplayFetch([]);
    await expect(fetchJson({ fetch, signal: controller.signal }, 'https://example.test/', options)).rejects.toThrow(
      'stopped',
    );
    expect(fetch.requests).toHaveLength(0);
  });

  it('times out a service that never answers, even when fetch ignores the signal', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    const context = { signal: new AbortController().signal, fetch: fetch as unknown as typeof globalThis.fetch };
    await expect(fetchJson(context, 'https://example.test/', { ...options, timeoutMs: 20 })).rejects.toThrow(
      'test_tool timed out after 0 s: Example API did not answer in time. Try again later.',
    );
  });

  it('rethrows the Stop reason when the run is cancelled during the request', async () => {
    const controller = new AbortController();
    const stop = new Error('stopped by the user');
    const fetch = vi.fn(() => {
      queueMicrotask(() => controller.abort(stop));
      return new Promise<Response>(() => undefined);
    });
    const context = { signal: controller.signal, fetch: fetch as unknown as typeof globalThis.fetch };
    await expect(fetchJson(context, 'https://example.test/', options)).rejects.toBe(stop);
  });

  it('calls fetch detached from the context object, as window.fetch requires', async () => {
    const fetch = vi.fn(async () => jsonResponse({}));
    const context = { signal: new AbortController().signal, fetch: fetch as unknown as typeof globalThis.fetch };
    await fetchJson(context, 'https://example.test/', options);
    expect(fetch.mock.contexts[0]).toBeUndefined();
  });
});

describe('htmlToText', () => {
  it('strips tags and decodes entities', () => {
    expect(
      htmlToText('<span class="searchmatch">Tom</span> &amp; Jerry&#39;s &quot;show&quot; &#x4E2D;&nbsp;<b>x</b>'),
    ).toBe('Tom & Jerry\'s "show" 中 x');
    expect(htmlToText('&bogus; &#0;')).toBe('&bogus; &#0;');
  });

  it('shortens at a sentence end', () => {
    expect(shortenText('First sentence. Second sentence is long.', 20)).toBe('First sentence.');
    expect(shortenText('First sentence. Second sentence is long.', 34)).toBe('First sentence. Second sentence…');
    expect(shortenText('no sentence end here at all', 15)).toBe('no sentence…');
    expect(shortenText('第一句话很长。第二句', 9)).toBe('第一句话很长。');
    expect(shortenText('short', 10)).toBe('short');
  });
});

describe('describeWeatherCode', () => {
  it('turns WMO codes into words', () => {
    expect(describeWeatherCode(0)).toBe('Clear sky');
    expect(describeWeatherCode(65)).toBe('Heavy rain');
    expect(describeWeatherCode(99)).toBe('Thunderstorm with heavy hail');
    expect(describeWeatherCode(42)).toBe('Unknown conditions (WMO code 42)');
    expect(describeWeatherCode(null)).toBe('Unknown conditions');
  });
});
