import type { ModelResponse } from './model.ts';
import { chunk, type SsePiece } from './wire-test-helpers.ts';

/** A provider stream (SSE pieces) and the response the model must assemble from it; played by openai-compatible-stream.test.ts. */
export interface StreamCase {
  name: string;
  pieces: SsePiece[];
  done?: boolean;
  expected: Partial<ModelResponse>;
}

export const streamCases: StreamCase[] = [
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
