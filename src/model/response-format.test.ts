import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED_DATA_TAG, sharedPath } from '../testing/shared-data.ts';
import { classifyHttpError } from './classify-error.ts';
import { createEndpointMemory, endpointKey } from './endpoint-memory.ts';
import type { ModelRequest, ModelStreamEvent } from './model.ts';
import { createOpenAICompatibleModel } from './openai-compatible-model.ts';
import { nextResponseFormatLevel, type ResponseFormatLevel } from './response-format.ts';
import { chunk, createRecordingFetch, jsonResponse, sseResponse, type Reply } from './wire-test-helpers.ts';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(sharedPath('wire-fixtures', name), 'utf8'));
}

// Error bodies with the shapes these servers send when they refuse a response_format.
const LMSTUDIO_JSON_OBJECT = { error: "'response_format.type' must be 'json_schema' or 'text'" };
const DEEPSEEK_JSON_SCHEMA = {
  error: {
    message: 'This response_format type is unavailable now',
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_request_error',
  },
};
const OPENAI_STRICT_SCHEMA = {
  error: {
    message:
      "Invalid schema for response_format 'agent_decision': In context=('properties', 'args'), 'additionalProperties' is required to be supplied and to be false.",
    type: 'invalid_request_error',
    param: 'response_format',
    code: null,
  },
};
const GROQ_JSON_SCHEMA = {
  error: {
    message:
      'This model does not support response format `json_schema`. See supported models at https://console.groq.com/docs/structured-outputs',
    type: 'invalid_request_error',
  },
};
const VLLM_GUIDED = {
  object: 'error',
  message: 'guided decoding backend outlines does not support json_object',
  type: 'BadRequestError',
  param: null,
  code: 400,
};

const next = (status: number, body: unknown, level: ResponseFormatLevel, tried: ResponseFormatLevel[] = [level]) =>
  nextResponseFormatLevel(classifyHttpError({ status, body }), level, new Set(tried));

describe('the response_format ladder', () => {
  it('steps down as the error body says', () => {
    expect(next(400, OPENAI_STRICT_SCHEMA, 'json_schema_strict')).toBe('json_schema');
    expect(next(400, DEEPSEEK_JSON_SCHEMA, 'json_schema_strict')).toBe('json_object');
    expect(next(400, DEEPSEEK_JSON_SCHEMA, 'json_schema')).toBe('json_object');
    expect(next(400, GROQ_JSON_SCHEMA, 'json_schema_strict')).toBe('json_object');
    expect(next(400, VLLM_GUIDED, 'json_object')).toBe('prompt');
  });

  it('follows a refusal that names what it takes: LM Studio refuses json_object, takes json_schema', () => {
    expect(next(400, LMSTUDIO_JSON_OBJECT, 'json_object')).toBe('json_schema_strict');
    // json_schema was refused before: the prompt alone is left.
    expect(next(400, LMSTUDIO_JSON_OBJECT, 'json_object', ['json_schema_strict', 'json_schema', 'json_object'])).toBe(
      'prompt',
    );
  });

  it('leaves errors that are not about response_format alone (recorded bodies)', { tags: [SHARED_DATA_TAG] }, () => {
    for (const [name, status] of [
      ['openai-error-400-unsupported-parameter.json', 400],
      ['openai-error-400-context-length.json', 400],
      ['deepseek-error-400-context-length.json', 400],
      ['groq-error-400-tool-use-failed.json', 400],
      ['openai-error-500-server-error.json', 500],
      ['llamacpp-error-500-tools-requires-jinja.json', 500],
      ['openai-error-401-invalid-api-key.json', 401],
      ['openai-error-429-insufficient-quota.json', 429],
    ] as const) {
      expect(next(status, fixture(name), 'json_schema_strict'), name).toBeUndefined();
    }
  });

  it('never goes below prompt', () => {
    expect(next(400, DEEPSEEK_JSON_SCHEMA, 'prompt')).toBeUndefined();
  });
});

const decisionRequest: ModelRequest = {
  messages: [{ role: 'user', content: 'Reply in JSON' }],
  responseFormat: {
    name: 'agent_decision',
    schema: { type: 'object', properties: {}, required: [], additionalProperties: false },
  },
};
const decisionStream = () =>
  sseResponse([
    chunk({ role: 'assistant', content: '' }),
    chunk({ content: '{"type":"final","answer":"Hi"}' }),
    chunk({}, { finish: 'stop' }),
  ]);

function setup(replies: Reply[], provider = 'lmstudio', baseUrl = 'http://localhost:1234/v1') {
  const memory = createEndpointMemory();
  const { fetch, requests } = createRecordingFetch(replies);
  const make = () =>
    createOpenAICompatibleModel({
      provider,
      baseUrl,
      apiKey: '',
      model: 'qwen',
      stream: true,
      timeoutMs: 5000,
      fetch,
      sleep: async () => {},
      random: () => 0.5,
      endpointMemory: memory,
    });
  const events: ModelStreamEvent[] = [];
  const generate = () =>
    make().generate(decisionRequest, { signal: new AbortController().signal, onEvent: (event) => events.push(event) });
  return { memory, requests, events, generate, key: endpointKey({ provider, baseUrl, model: 'qwen' }) };
}

describe('JSON replies through the model', () => {
  it('falls back once on a refusal, says so, remembers the level and starts there next time', async () => {
    const { memory, requests, events, generate, key } = setup([
      jsonResponse(DEEPSEEK_JSON_SCHEMA, 400),
      decisionStream(),
      decisionStream(),
    ]);
    const response = await generate();
    expect(response).toMatchObject({ text: '{"type":"final","answer":"Hi"}', responseFormatLevel: 'json_object' });
    const formats = requests.map((request) => (request.body as { response_format?: unknown }).response_format);
    expect(formats[0]).toEqual({
      type: 'json_schema',
      json_schema: { name: 'agent_decision', schema: decisionRequest.responseFormat?.schema, strict: true },
    });
    expect(formats[1]).toEqual({ type: 'json_object' });
    expect(events).toContainEqual({
      type: 'response-format-fallback',
      from: 'json_schema_strict',
      to: 'json_object',
      reason: 'This response_format type is unavailable now',
    });
    expect(memory.get(key, 'response_format')).toBe('json_object');

    await generate();
    expect(requests[2]?.body).toMatchObject({ response_format: { type: 'json_object' } });
  });

  it('goes down the whole ladder to the prompt alone, each level once', async () => {
    const { requests, generate } = setup([
      jsonResponse(OPENAI_STRICT_SCHEMA, 400),
      jsonResponse(GROQ_JSON_SCHEMA, 400),
      jsonResponse(VLLM_GUIDED, 400),
      decisionStream(),
    ]);
    expect((await generate()).responseFormatLevel).toBe('prompt');
    expect(
      requests.map(
        (request) =>
          (request.body as { response_format?: { type: string; json_schema?: { strict: boolean } } }).response_format,
      ),
    ).toEqual([
      expect.objectContaining({ type: 'json_schema', json_schema: expect.objectContaining({ strict: true }) }),
      expect.objectContaining({ type: 'json_schema', json_schema: expect.objectContaining({ strict: false }) }),
      { type: 'json_object' },
      undefined,
    ]);
  });

  it(
    'starts DeepSeek at json_object and gives up on an error that is not about the format',
    { tags: [SHARED_DATA_TAG] },
    async () => {
      const { requests, generate } = setup(
        [jsonResponse(fixture('openai-error-401-invalid-api-key.json'), 401)],
        'deepseek',
        'https://api.deepseek.com',
      );
      await expect(generate()).rejects.toMatchObject({ kind: 'auth' });
      expect(requests).toHaveLength(1);
      expect(requests[0]?.body).toMatchObject({ response_format: { type: 'json_object' } });
    },
  );

  it('sends no response_format without a JSON request', async () => {
    const { fetch, requests } = createRecordingFetch([decisionStream()]);
    const model = createOpenAICompatibleModel({
      provider: 'x',
      baseUrl: 'http://h/v1',
      apiKey: '',
      model: 'm',
      stream: true,
      timeoutMs: 5000,
      fetch,
      endpointMemory: createEndpointMemory(),
    });
    const response = await model.generate(
      { messages: [{ role: 'user', content: 'Hi' }] },
      { signal: new AbortController().signal },
    );
    expect(response.responseFormatLevel).toBeUndefined();
    expect(requests[0]?.body).not.toHaveProperty('response_format');
  });
});
