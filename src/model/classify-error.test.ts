import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError, InternalServerError } from 'openai';
import { describe, expect, it } from 'vitest';
import { classifyError, classifyHttpError } from './classify-error.ts';
import { ModelError } from './model-error.ts';

const headers = (values: Record<string, string>) => new Headers(values);

describe('classifyHttpError', () => {
  it('classifies 401 by status even though the type says invalid_request_error', () => {
    const error = classifyHttpError({
      status: 401,
      body: {
        error: {
          message: 'Incorrect API key provided: sk-***.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    });
    expect(error).toMatchObject({
      kind: 'auth',
      status: 401,
      code: 'invalid_api_key',
      message: 'Incorrect API key provided: sk-***.',
    });
  });

  it('maps 403 to auth and 404 to not-found across envelopes (OpenAI, Azure string code, Ollama null code)', () => {
    expect(classifyHttpError({ status: 403, body: '{"error":"forbidden"}' })).toMatchObject({
      kind: 'auth',
      message: 'forbidden',
    });
    expect(
      classifyHttpError({
        status: 404,
        body: { error: { code: 'model_not_found', message: 'The model `x` does not exist.' } },
      }),
    ).toMatchObject({ kind: 'not-found', code: 'model_not_found' });
    expect(
      classifyHttpError({ status: 404, body: '{"error":{"code":"404","message": "Resource not found"}}' }),
    ).toMatchObject({ kind: 'not-found', code: '404', message: 'Resource not found' });
    expect(
      classifyHttpError({
        status: 404,
        body: {
          error: {
            message: 'model "ollama" not found, try pulling it first',
            type: 'api_error',
            param: null,
            code: null,
          },
        },
      }),
    ).toMatchObject({ kind: 'not-found', code: null });
  });

  it('tells a transient 429 from a quota 429', () => {
    const groq = classifyHttpError({
      status: 429,
      body: {
        error: {
          message:
            'Rate limit reached for model `llama3-70b-8192` on tokens per minute (TPM): Limit 7000, Used 0, Requested ~12903. Please try again in 50.597142857s. Visit https://console.groq.com/docs/rate-limits for more information.',
          type: 'tokens',
          code: 'rate_limit_exceeded',
        },
      },
    });
    expect(groq).toMatchObject({ kind: 'rate-limit', retryAfterMs: 50597 });
    const quota = classifyHttpError({
      status: 429,
      body: {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      },
    });
    expect(quota.kind).toBe('quota');
    expect(
      classifyHttpError({
        status: 429,
        body: {
          error: { message: 'Request too large for gpt-4 on tokens per min (TPM): Limit 10000, Requested 12000.' },
        },
      }).kind,
    ).toBe('quota');
    const openrouter = classifyHttpError({
      status: 429,
      body: {
        error: {
          code: 429,
          message: 'Provider returned error',
          metadata: {
            provider_name: 'Google',
            raw: 'gemini is temporarily rate-limited upstream. Please retry shortly.',
          },
        },
        user_id: 'u',
      },
    });
    expect(openrouter).toMatchObject({ kind: 'rate-limit', code: 429 });
    expect(openrouter.message).toContain('temporarily rate-limited upstream');
  });

  it('reads Azure’s prose wait and prefers Retry-After headers over prose', () => {
    const azure = classifyHttpError({
      status: 429,
      body: {
        error: {
          code: '429',
          message:
            'Requests ... have exceeded token rate limit of your current AIServices S0 pricing tier. Please retry after 86400 seconds.',
        },
      },
    });
    expect(azure).toMatchObject({ kind: 'rate-limit', retryAfterMs: 86_400_000 });
    const withHeader = classifyHttpError({
      status: 429,
      body: { error: { message: 'try again in 30s' } },
      headers: headers({ 'retry-after': '2' }),
    });
    expect(withHeader.retryAfterMs).toBe(2000);
    const withMs = classifyHttpError({
      status: 429,
      body: {},
      headers: headers({ 'retry-after-ms': '1500', 'retry-after': '9' }),
    });
    expect(withMs.retryAfterMs).toBe(1500);
    const now = Date.parse('2025-01-01T00:00:00Z');
    const withDate = classifyHttpError({
      status: 503,
      body: '',
      headers: headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' }),
      now,
    });
    expect(withDate).toMatchObject({ kind: 'server', retryAfterMs: 7000 });
  });

  it('detects context overflow by code (OpenAI) or by message (DeepSeek)', () => {
    expect(
      classifyHttpError({
        status: 400,
        body: {
          error: {
            message: 'too big',
            type: 'invalid_request_error',
            param: 'messages',
            code: 'context_length_exceeded',
          },
        },
      }).kind,
    ).toBe('context-length');
    expect(
      classifyHttpError({
        status: 400,
        body: {
          error: {
            message: "This model's maximum context length is 131072 tokens. However, you requested 131134 tokens.",
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_request_error',
          },
        },
      }).kind,
    ).toBe('context-length');
    expect(
      classifyHttpError({
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'the request exceeds the available context size, try increasing it',
            type: 'exceed_context_size_error',
          },
        },
      }).kind,
    ).toBe('context-length');
    expect(classifyHttpError({ status: 413, body: 'Payload Too Large' }).kind).toBe('context-length');
  });

  it('detects endpoints that cannot take tools, on 400 and on 500', () => {
    expect(
      classifyHttpError({
        status: 500,
        body: { error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' } },
      }).kind,
    ).toBe('tools-unsupported');
    expect(
      classifyHttpError({
        status: 400,
        body: { error: { message: 'registry.ollama.ai/library/gemma:2b does not support tools' } },
      }).kind,
    ).toBe('tools-unsupported');
    expect(
      classifyHttpError({
        status: 400,
        body: {
          object: 'error',
          message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
          code: 400,
        },
      }).kind,
    ).toBe('tools-unsupported');
    expect(
      classifyHttpError({ status: 400, body: { error: { message: 'Tool use is not supported for this model.' } } })
        .kind,
    ).toBe('tools-unsupported');
  });

  it('keeps other 4xx as bad-request and 5xx as server, with the endpoint’s own words', () => {
    const toolUseFailed = classifyHttpError({
      status: 400,
      body: {
        error: {
          code: 'tool_use_failed',
          message: 'Tool call validation failed: parameters did not match schema',
          type: 'invalid_request_error',
        },
      },
    });
    expect(toolUseFailed).toMatchObject({ kind: 'bad-request', code: 'tool_use_failed' });
    const server = classifyHttpError({
      status: 500,
      body: {
        error: {
          message: 'The server had an error processing your request.',
          type: 'server_error',
          param: null,
          code: null,
        },
      },
    });
    expect(server).toMatchObject({
      kind: 'server',
      status: 500,
      message: 'The server had an error processing your request.',
    });
    expect(
      classifyHttpError({ status: 502, body: '<html><head><title>502 Bad Gateway</title></head></html>' }).message,
    ).toBe('502 Bad Gateway');
    expect(
      classifyHttpError({ status: 422, body: { detail: [{ loc: ['body', 'model'], msg: 'field required' }] } }).message,
    ).toBe('body.model: field required');
  });
});

describe('classifyError', () => {
  it('uses the raw error body when given and the client’s parsed error otherwise', () => {
    const apiError = new InternalServerError(500, { message: 'parsed' }, undefined, new Headers());
    expect(classifyError(apiError).message).toBe('parsed');
    expect(classifyError(apiError, { errorBody: '{"message":"raw top-level"}' }).message).toBe('raw top-level');
  });

  it('maps fetch failures to network, timeouts to timeout and Stop to aborted', () => {
    expect(classifyError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(
      classifyError(new APIConnectionError({ message: 'Connection error.', cause: new TypeError('fetch failed') }))
        .message,
    ).toContain('fetch failed');
    expect(classifyError(new APIConnectionTimeoutError()).kind).toBe('timeout');
    expect(classifyError(new APIUserAbortError()).kind).toBe('aborted');
    expect(classifyError(new DOMException('aborted', 'AbortError')).kind).toBe('aborted');
    expect(classifyError(new DOMException('late', 'TimeoutError'), { timeoutMs: 120_000 }).message).toContain('120 s');
    expect(classifyError(new TypeError('x'), { aborted: true }).kind).toBe('aborted');
    expect(classifyError(new TypeError('x'), { timedOut: true }).kind).toBe('timeout');
  });

  it('passes a ModelError through unchanged', () => {
    const error = new ModelError('quota', 'q');
    expect(classifyError(error)).toBe(error);
  });
});
