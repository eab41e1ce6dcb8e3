import { describe, it, expect, vi } from 'vitest';
import { otlpTracesUrl, parseOtlpHeaders, postOtlp, type FetchLike } from './otlp-post.ts';

const body = { resourceSpans: [] };
const refusingFetch: FetchLike = async () => {
  throw new TypeError('Failed to fetch');
};

describe('postOtlp', () => {
  it('POSTs JSON with the custom headers to the traces path', async () => {
    const fetch = vi.fn<FetchLike>(async () => new Response('{}', { status: 200 }));
    const result = await postOtlp(
      'https://cloud.langfuse.com/api/public/otel',
      body,
      { Authorization: 'Basic abc' },
      fetch,
    );
    expect(result).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://cloud.langfuse.com/api/public/otel/v1/traces');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ Authorization: 'Basic abc', 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it('explains a CORS or network refusal (fetch TypeError)', async () => {
    const result = await postOtlp('http://localhost:4318', body, {}, refusingFetch);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/CORS/);
    expect(!result.ok && result.message).toContain('http://localhost:4318');
  });

  it('explains rejected credentials', async () => {
    for (const status of [401, 403]) {
      const result = await postOtlp(
        'http://localhost:4318/v1/traces',
        body,
        {},
        async () => new Response('invalid key', { status }),
      );
      expect(!result.ok && result.message).toMatch(new RegExp(`credentials \\(HTTP ${status}\\)`));
      expect(!result.ok && result.message).toContain('invalid key');
    }
  });

  it('reports other statuses, partial rejections and bad URLs with the details', async () => {
    const notFound = await postOtlp('http://localhost:4318', body, {}, async () => new Response('', { status: 404 }));
    expect(!notFound.ok && notFound.message).toContain('http://localhost:4318/v1/traces');
    const failing = await postOtlp(
      'http://localhost:4318',
      body,
      {},
      async () => new Response('boom', { status: 500, statusText: 'Server Error' }),
    );
    expect(!failing.ok && failing.message).toBe('The collector answered HTTP 500 Server Error. It said: boom');
    const partial = await postOtlp(
      'http://x.test',
      body,
      {},
      async () =>
        new Response(JSON.stringify({ partialSuccess: { rejectedSpans: '2', errorMessage: 'bad span' } }), {
          status: 200,
        }),
    );
    expect(!partial.ok && partial.message).toBe('The collector rejected 2 span(s): bad span');
    const fetch = vi.fn<FetchLike>();
    const invalid = await postOtlp('not a url', body, {}, fetch);
    expect(!invalid.ok && invalid.message).toMatch(/not a valid collector URL/);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('otlpTracesUrl', () => {
  it('appends /v1/traces to a base and keeps a full traces URL', () => {
    expect(otlpTracesUrl('http://localhost:4318/')).toBe('http://localhost:4318/v1/traces');
    expect(otlpTracesUrl('http://localhost:4318/v1/traces')).toBe('http://localhost:4318/v1/traces');
    expect(() => otlpTracesUrl('ftp://x')).toThrow();
  });
});

describe('parseOtlpHeaders', () => {
  it('reads Name=value and Name: value, by line or comma, keeping = inside values', () => {
    expect(parseOtlpHeaders('Authorization=Basic cGs6c2s=, x-langfuse-ingestion-version=4\nX-Team: a:b')).toEqual({
      ok: true,
      headers: { Authorization: 'Basic cGs6c2s=', 'x-langfuse-ingestion-version': '4', 'X-Team': 'a:b' },
    });
    expect(parseOtlpHeaders('')).toEqual({ ok: true, headers: {} });
    expect(parseOtlpHeaders('=oops').ok).toBe(false);
    expect(parseOtlpHeaders('bad name=1').ok).toBe(false);
  });
});
