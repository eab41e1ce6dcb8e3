import { describe, expect, it } from 'vitest';
import { createEndpointMemory } from './endpoint-memory.ts';
import { ModelError } from './model-error.ts';
import type { ModelRequest, ModelResponse, ModelStreamEvent, ToolSpec } from './model.ts';
import { createOpenAICompatibleModel, type OpenAICompatibleConfig } from './openai-compatible-model.ts';
import {
  chunk,
  createRecordingFetch,
  jsonResponse,
  sseResponse,
  type Reply,
  type SsePiece,
} from './wire-test-helpers.ts';

const weatherTool: ToolSpec = {
  type: 'function',
  function: {
    name: 'weather',
    description: 'Weather for a place',
    parameters: { type: 'object', properties: { location: { type: 'string' } } },
  },
};
const hello: ModelRequest = { messages: [{ role: 'user', content: 'Hi' }] };

function setup(replies: Reply[], overrides: Partial<OpenAICompatibleConfig> = {}) {
  const { fetch, requests } = createRecordingFetch(replies);
  const sleeps: number[] = [];
  const model = createOpenAICompatibleModel({
    provider: 'test',
    baseUrl: 'http://localhost:8080/v1/',
    apiKey: 'sk-test',
    model: 'test-model',
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
  const events: ModelStreamEvent[] = [];
  const generate = (request: ModelRequest = hello, signal = new AbortController().signal): Promise<ModelResponse> =>
    model.generate(request, { signal, onEvent: (event) => events.push(event) });
  return { model, requests, events, sleeps, generate };
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ModelError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const textStream = (text: string) =>
  sseResponse([chunk({ role: 'assistant', content: '' }), chunk({ content: text }), chunk({}, { finish: 'stop' })]);

describe('requests', () => {
  it('sends a minimal streaming request with only CORS-safe headers', async () => {
    const { requests, generate } = setup([textStream('Hello')], { temperature: 0.3 });
    const response = await generate();
    expect(response.text).toBe('Hello');
    const [request] = requests;
    expect(request?.url).toBe('http://localhost:8080/v1/chat/completions');
    expect(request?.method).toBe('POST');
    expect(Object.keys(request?.headers ?? {}).sort()).toEqual(['accept', 'authorization', 'content-type']);
    expect(request?.headers['authorization']).toBe('Bearer sk-test');
    expect(request?.body).toEqual({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Hi' }],
      temperature: 0.3,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends tools with tool_choice "auto" only when tools are offered', async () => {
    const { requests, generate } = setup([textStream('a'), textStream('b')]);
    await generate({ ...hello, tools: [weatherTool] });
    await generate({ ...hello, tools: [] });
    expect(requests[0]?.body).toMatchObject({ tools: [weatherTool], tool_choice: 'auto' });
    expect(requests[1]?.body).not.toHaveProperty('tools');
    expect(requests[1]?.body).not.toHaveProperty('tool_choice');
  });

  it('sends no Authorization header when no API key is set', async () => {
    const { requests, generate } = setup([textStream('a')], { apiKey: '' });
    await generate();
    expect(requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it('echoes tool-call history with content null and non-empty arguments', async () => {
    const { requests, generate } = setup([textStream('done')]);
    await generate({
      messages: [
        { role: 'user', content: 'Time?' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'now', arguments: '' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '12:00' },
        { role: 'assistant', content: null },
      ],
    });
    expect(requests[0]?.body?.['messages']).toEqual([
      { role: 'user', content: 'Time?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'now', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: '12:00' },
      { role: 'assistant', content: '' },
    ]);
  });

  it('drops stream_options once an endpoint rejects it, and remembers that per endpoint', async () => {
    const memory = createEndpointMemory();
    const rejection = jsonResponse(
      { error: { message: 'Unrecognized request argument supplied: stream_options', type: 'invalid_request_error' } },
      400,
    );
    const first = setup([rejection, textStream('ok')], { endpointMemory: memory });
    const response = await first.generate();
    expect(response.text).toBe('ok');
    expect(first.requests).toHaveLength(2);
    expect(first.requests[0]?.body).toHaveProperty('stream_options');
    expect(first.requests[1]?.body).not.toHaveProperty('stream_options');
    expect(first.events[0]).toMatchObject({ type: 'option-dropped', option: 'stream_options' });
    expect(first.sleeps).toEqual([]);
    expect(memory.get('test http://localhost:8080/v1 test-model', 'stream_options')).toBe(false);

    const second = setup([textStream('again')], { endpointMemory: memory });
    await second.generate();
    expect(second.requests).toHaveLength(1);
    expect(second.requests[0]?.body).not.toHaveProperty('stream_options');
  });

  it('switches max_tokens to max_completion_tokens when a model rejects it', async () => {
    const rejection = jsonResponse(
      {
        error: {
          message:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          type: 'invalid_request_error',
          param: 'max_tokens',
          code: 'unsupported_parameter',
        },
      },
      400,
    );
    const { requests, events, generate } = setup([rejection, textStream('ok')]);
    await generate({ ...hello, maxOutputTokens: 100 });
    expect(requests[0]?.body).toMatchObject({ max_tokens: 100 });
    expect(requests[1]?.body).toMatchObject({ max_completion_tokens: 100 });
    expect(requests[1]?.body).not.toHaveProperty('max_tokens');
    expect(events[0]).toMatchObject({ type: 'option-dropped', option: 'max_tokens' });
  });

  it('makes a non-streaming request when stream is false and normalises the JSON answer', async () => {
    const body = {
      id: 'chatcmpl-1',
      model: 'llama-3.3',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            tool_calls: [{ id: 'ax9', type: 'function', function: { name: 'weather', arguments: '{}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 218, completion_tokens: 15, total_tokens: 233 },
    };
    const { requests, events, generate } = setup([jsonResponse(body, 200, { 'retry-after': '5' })], { stream: false });
    const response = await generate({ ...hello, tools: [weatherTool] });
    expect(requests[0]?.body).not.toHaveProperty('stream');
    expect(requests[0]?.body).not.toHaveProperty('stream_options');
    expect(response).toMatchObject({
      text: '',
      finishReason: 'tool_calls',
      responseId: 'chatcmpl-1',
      usage: { inputTokens: 218, outputTokens: 15 },
    });
    expect(response.toolCalls).toEqual([
      { id: 'ax9', type: 'function', function: { name: 'weather', arguments: '{}' } },
    ]);
    expect(response.timeToFirstTokenMs).toBeUndefined();
    expect(events).toContainEqual({
      type: 'tool-call-delta',
      index: 0,
      id: 'ax9',
      name: 'weather',
      argumentsDelta: '{}',
    });
  });

  it('reports its parameters without the API key', () => {
    const { model } = setup([], { temperature: 0.7 });
    expect(model).toMatchObject({ provider: 'test', modelId: 'test-model' });
    expect(model.parameters).toEqual({
      baseUrl: 'http://localhost:8080/v1',
      stream: true,
      timeoutMs: 5000,
      maxRetries: 3,
      temperature: 0.7,
    });
  });
});

interface StreamCase {
  name: string;
  pieces: SsePiece[];
  done?: boolean;
  expected: Partial<ModelResponse>;
}

const streamCases: StreamCase[] = [
  {
    name: 'OpenAI parallel calls split mid-key, usage in a trailing choices:[] chunk',
    pieces: [
      chunk(
        { role: 'assistant', content: null },
        { extra: { usage: null, service_tier: 'default', obfuscation: 'a' } },
      ),
      chunk({
        tool_calls: [{ index: 0, id: 'call_A', type: 'function', function: { name: 'weather', arguments: '' } }],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"ci' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty": "Edinb' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'urgh"}' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'call_B', type: 'function', function: { name: 'time', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '{}' } }] }),
      chunk({}, { finish: 'tool_calls' }),
      { id: 'chatcmpl-test', choices: [], usage: { prompt_tokens: 364, completion_tokens: 40, total_tokens: 404 } },
    ],
    expected: {
      finishReason: 'tool_calls',
      toolCalls: [
        { id: 'call_A', type: 'function', function: { name: 'weather', arguments: '{"city": "Edinburgh"}' } },
        { id: 'call_B', type: 'function', function: { name: 'time', arguments: '{}' } },
      ],
      usage: { inputTokens: 364, outputTokens: 40, totalTokens: 404 },
    },
  },
  {
    name: 'vLLM opener without arguments and model:""',
    pieces: [
      chunk({ role: 'assistant', content: '' }, { model: '' }),
      chunk(
        { tool_calls: [{ id: 'chatcmpl-tool-ca9', type: 'function', index: 0, function: { name: 'run_command' } }] },
        { model: '' },
      ),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"command": "' } }] }, { model: '' }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'ls"}' } }] }, { model: '' }),
      { ...chunk({ content: '' }, { finish: 'tool_calls', model: '' }), stop_reason: null },
    ],
    expected: {
      toolCalls: [
        {
          id: 'chatcmpl-tool-ca9',
          type: 'function',
          function: { name: 'run_command', arguments: '{"command": "ls"}' },
        },
      ],
    },
  },
  {
    name: 'DashScope empty-id continuations and a trailing no-op fragment',
    pieces: [
      chunk({
        content: null,
        role: 'assistant',
        tool_calls: [{ index: 0, id: 'call_eee', type: 'function', function: { name: 'weather', arguments: '' } }],
      }),
      chunk({
        content: null,
        tool_calls: [{ index: 0, id: '', type: 'function', function: { arguments: '{"location": "San Francisco' } }],
      }),
      chunk({ content: null, tool_calls: [{ index: 0, id: '', type: 'function', function: { arguments: '"}' } }] }),
      {
        choices: [
          { delta: { tool_calls: [{ function: { arguments: '' }, index: 0, id: '', type: 'function' }] }, index: 0 },
        ],
        id: 'chatcmpl-test',
      },
      chunk({}, { finish: 'tool_calls' }),
      {
        choices: [],
        usage: {
          prompt_tokens: 295,
          completion_tokens: 22,
          total_tokens: 317,
          prompt_tokens_details: { cached_tokens: 0 },
        },
      },
    ],
    expected: {
      toolCalls: [
        { id: 'call_eee', type: 'function', function: { name: 'weather', arguments: '{"location": "San Francisco"}' } },
      ],
      usage: { inputTokens: 295, outputTokens: 22, totalTokens: 317, cachedTokens: 0 },
    },
  },
  {
    name: 'gateway text then a call at index 1',
    pieces: [
      chunk({ role: 'assistant' }, { id: 'msg_x' }),
      chunk({ content: 'Reading' }),
      chunk({ content: ' it.' }),
      chunk({
        tool_calls: [{ index: 1, id: 'toolu_1', type: 'function', function: { name: 'read_file', arguments: '' } }],
      }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '{"pa' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: 'th": "a.txt"}' } }] }),
      chunk({}, { finish: 'tool_calls' }),
    ],
    expected: {
      text: 'Reading it.',
      responseId: 'msg_x',
      toolCalls: [{ id: 'toolu_1', type: 'function', function: { name: 'read_file', arguments: '{"path": "a.txt"}' } }],
    },
  },
  {
    name: 'Mistral whole call without index, finish and usage on the same chunk',
    pieces: [
      chunk({ role: 'assistant', content: '' }),
      {
        ...chunk(
          {
            content: null,
            tool_calls: [{ id: 'gSIMJiOkT', function: { name: 'weather', arguments: '{"location": "SF"}' } }],
          },
          { finish: 'tool_calls' },
        ),
        usage: { prompt_tokens: 124, total_tokens: 146, completion_tokens: 22 },
      },
    ],
    expected: {
      finishReason: 'tool_calls',
      toolCalls: [
        { id: 'gSIMJiOkT', type: 'function', function: { name: 'weather', arguments: '{"location": "SF"}' } },
      ],
    },
  },
  {
    name: 'Ollama role repeated on every chunk with whole parallel calls',
    pieces: [
      chunk({
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: 'call_w', index: 0, type: 'function', function: { name: 'run', arguments: '{"command":"ls"}' } },
        ],
      }),
      chunk({
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: 'call_r', index: 1, type: 'function', function: { name: 'run', arguments: '{"command":"ls -l"}' } },
        ],
      }),
      chunk({ role: 'assistant', content: '' }, { finish: 'tool_calls' }),
    ],
    expected: {
      text: '',
      toolCalls: [
        { id: 'call_w', type: 'function', function: { name: 'run', arguments: '{"command":"ls"}' } },
        { id: 'call_r', type: 'function', function: { name: 'run', arguments: '{"command":"ls -l"}' } },
      ],
    },
  },
  {
    name: 'llama.cpp markup leaked into content before the real call',
    pieces: [
      chunk({ role: 'assistant', content: null }),
      chunk({ content: 'Let me check.' }),
      chunk({ content: '\n' }),
      chunk({ content: '<tool_call>\n' }),
      chunk({ content: '<function=get' }),
      chunk({ content: '_weather' }),
      chunk({}),
      chunk({
        tool_calls: [
          { index: 0, id: 'emGvNsMh', type: 'function', function: { name: 'get_weather', arguments: '{"' } },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'location":"DC"}' } }] }),
      chunk({}, { finish: 'tool_calls' }),
    ],
    expected: {
      text: 'Let me check.',
      toolCalls: [
        { id: 'emGvNsMh', type: 'function', function: { name: 'get_weather', arguments: '{"location":"DC"}' } },
      ],
    },
  },
  {
    name: 'DeepSeek reasoning_content, usage:null on every chunk, usage on the finish chunk',
    pieces: [
      chunk({ role: 'assistant', content: null, reasoning_content: '' }, { extra: { usage: null } }),
      chunk({ content: null, reasoning_content: 'Think' }, { extra: { usage: null } }),
      chunk({ content: 'Answer', reasoning_content: null }, { extra: { usage: null } }),
      chunk(
        { content: '', reasoning_content: null },
        { finish: 'stop', extra: { usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } } },
      ),
    ],
    expected: { text: 'Answer', reasoning: 'Think', usage: { inputTokens: 10, outputTokens: 20, totalTokens: 30 } },
  },
  {
    name: 'Azure empty first chunk and a usage-only last chunk',
    pieces: [
      { choices: [], created: 0, id: '', model: '', object: '', prompt_filter_results: [] },
      {
        choices: [
          {
            content_filter_results: {},
            delta: { content: '', refusal: null, role: 'assistant' },
            finish_reason: null,
            index: 0,
          },
        ],
        id: 'chatcmpl-az',
        model: 'gpt-5-nano',
        usage: null,
      },
      {
        choices: [{ delta: { content: 'Copenhagen.' }, finish_reason: null, index: 0 }],
        id: 'chatcmpl-az',
        model: 'gpt-5-nano',
      },
      { choices: [{ delta: {}, finish_reason: 'stop', index: 0 }], id: 'chatcmpl-az', model: 'gpt-5-nano' },
      {
        choices: [],
        id: 'chatcmpl-az',
        model: 'gpt-5-nano',
        usage: { completion_tokens: 78, prompt_tokens: 15, total_tokens: 93 },
      },
    ],
    expected: {
      text: 'Copenhagen.',
      responseId: 'chatcmpl-az',
      responseModel: 'gpt-5-nano',
      usage: { inputTokens: 15, outputTokens: 78, totalTokens: 93 },
    },
  },
  {
    name: 'a refusal',
    pieces: [
      chunk({ role: 'assistant', content: null, refusal: '' }),
      chunk({ refusal: "I'm sorry, I can't." }),
      chunk({}, { finish: 'stop' }),
    ],
    expected: { text: '', refusal: "I'm sorry, I can't.", finishReason: 'stop' },
  },
  {
    name: 'truncation by length',
    pieces: [
      chunk({ role: 'assistant', content: '', refusal: null }),
      chunk({ content: '{"' }),
      chunk({}, { finish: 'length' }),
    ],
    expected: { text: '{"', finishReason: 'length' },
  },
  {
    name: 'a content filter stop',
    pieces: [chunk({ content: 'Part' }), chunk({}, { finish: 'content_filter' })],
    expected: { text: 'Part', finishReason: 'content_filter' },
  },
  {
    name: 'Mistral thinking content parts',
    pieces: [
      chunk({
        role: 'assistant',
        content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'The user asks 2+2.' }] }],
      }),
      chunk({ content: [{ type: 'text', text: '2 + 2 = 4' }] }),
      chunk({ content: '' }, { finish: 'stop' }),
    ],
    expected: { text: '2 + 2 = 4', reasoning: 'The user asks 2+2.' },
  },
  {
    name: 'xAI chunks without a finish_reason key',
    pieces: [
      {
        id: 'x1',
        model: 'grok-3-mini',
        choices: [{ index: 0, delta: { reasoning_content: 'First', role: 'assistant' } }],
      },
      {
        id: 'x1',
        model: 'grok-3-mini',
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                {
                  id: 'call_7',
                  function: { name: 'weather', arguments: '{"location":"SF"}' },
                  index: 0,
                  type: 'function',
                },
              ],
            },
          },
        ],
      },
      { id: 'x1', model: 'grok-3-mini', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
      {
        id: 'x1',
        model: 'grok-3-mini',
        choices: [],
        usage: { prompt_tokens: 307, completion_tokens: 26, total_tokens: 560 },
      },
    ],
    expected: {
      reasoning: 'First',
      finishReason: 'tool_calls',
      usage: { inputTokens: 307, outputTokens: 26, totalTokens: 560 },
    },
  },
  {
    name: 'a stream that ends at EOF without [DONE] or finish_reason',
    pieces: [chunk({ content: 'Half' }), chunk({ content: ' done' })],
    done: false,
    expected: { text: 'Half done', finishReason: 'stop' },
  },
];

describe('streams through the openai client', () => {
  it.each(streamCases)('assembles $name', async ({ pieces, done, expected }) => {
    const { generate, events } = setup([sseResponse(pieces, { done: done ?? true, sliceSize: 11 })]);
    const response = await generate();
    expect(response).toMatchObject(expected);
    const streamedText = events.map((event) => (event.type === 'text-delta' ? event.delta : '')).join('');
    expect(streamedText.trimEnd()).toBe(response.text);
  });

  it('surfaces Groq’s `event: error` (no [DONE]) as a stream error after the reasoning it streamed', async () => {
    const { generate, events, requests } = setup([
      sseResponse(
        [
          chunk({ role: 'assistant', content: '' }),
          chunk({ reasoning: 'We need to call', channel: 'analysis' }),
          'event: error\ndata: {"error":{"message":"Tool call validation failed: parameters did not match schema","type":"invalid_request_error","code":"tool_use_failed","failed_generation":"{}","status_code":400}}\n\n',
        ],
        { done: false },
      ),
    ]);
    const error = await failure(generate({ ...hello, tools: [weatherTool] }));
    expect(error).toMatchObject({
      kind: 'stream',
      code: 'tool_use_failed',
      message: 'Tool call validation failed: parameters did not match schema',
    });
    expect(events).toContainEqual({ type: 'reasoning-delta', delta: 'We need to call' });
    expect(requests).toHaveLength(1);
  });

  it('ignores OpenRouter comments, latches the repeated finish and reports the error chunk', async () => {
    const comments = Array.from({ length: 5 }, () => ': OPENROUTER PROCESSING\n\n');
    const { generate, events } = setup([
      sseResponse([
        ...comments,
        chunk({
          role: 'assistant',
          content: '',
          reasoning: 'We need',
          reasoning_details: [{ type: 'reasoning.text', text: 'We need' }],
        }),
        {
          ...chunk({ role: 'assistant', content: '', reasoning: ' to respond' }, { finish: 'length' }),
          native_finish_reason: 'length',
        },
        {
          ...chunk({ role: 'assistant', content: '', reasoning: null }, { finish: 'length' }),
          native_finish_reason: 'length',
        },
        {
          ...chunk({ role: 'assistant', content: '' }),
          error: { code: 400, message: 'Token limit reached' },
          usage: { prompt_tokens: 43, completion_tokens: 10, total_tokens: 53, cost: 0 },
        },
      ]),
    ]);
    const error = await failure(generate());
    expect(error).toMatchObject({ kind: 'stream', message: 'Token limit reached', code: 400 });
    expect(events.filter((event) => event.type === 'reasoning-delta').map((event) => event.delta)).toEqual([
      'We need',
      ' to respond',
    ]);
  });

  it('records time to first token from the injected clock', async () => {
    let clock = 1000;
    const { generate } = setup([textStream('Hi')], { now: () => (clock += 10) });
    const response = await generate();
    expect(response.timeToFirstTokenMs).toBe(10);
  });
});

describe('non-streaming normalisation', () => {
  it('synthesizes an id for Gemini’s empty tool-call id', async () => {
    const body = {
      choices: [
        {
          finish_reason: 'tool_calls',
          index: 0,
          message: {
            role: 'assistant',
            extra_content: { google: { thought: true } },
            tool_calls: [{ function: { arguments: '{}', name: 'get_current_time' }, id: '', type: 'function' }],
          },
        },
      ],
      created: 1,
      id: '3SE-aKjd',
      model: 'gemini-2.5-pro',
      object: 'chat.completion',
      usage: { completion_tokens: 12, prompt_tokens: 35, total_tokens: 109 },
    };
    const { generate } = setup([jsonResponse(body)], { stream: false, random: () => 0.25 });
    const response = await generate();
    expect(response.toolCalls).toHaveLength(1);
    expect(response.toolCalls[0]?.id).toMatch(/^call_[0-9a-z]{8}0$/);
    expect(response.toolCalls[0]?.function).toEqual({ name: 'get_current_time', arguments: '{}' });
  });

  it('reads Groq reasoning and Ollama empty content', async () => {
    const groq = setup(
      [
        jsonResponse({
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Three.', reasoning: 'Count the Rs.' },
              finish_reason: 'stop',
            },
          ],
        }),
      ],
      { stream: false },
    );
    expect(await groq.generate()).toMatchObject({ text: 'Three.', reasoning: 'Count the Rs.', finishReason: 'stop' });
    const ollama = setup(
      [
        jsonResponse({
          choices: [
            {
              finish_reason: 'tool_calls',
              index: 0,
              message: {
                content: '',
                reasoning: 'Call it.',
                role: 'assistant',
                tool_calls: [
                  {
                    function: { arguments: '{"city":"Paris"}', name: 'final_result' },
                    id: 'call_o2',
                    index: 0,
                    type: 'function',
                  },
                ],
              },
            },
          ],
        }),
      ],
      { stream: false },
    );
    expect(await ollama.generate()).toMatchObject({ text: '', reasoning: 'Call it.', toolCalls: [{ id: 'call_o2' }] });
  });
});
