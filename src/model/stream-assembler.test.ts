import { describe, expect, it } from 'vitest';
import { ModelError } from './model-error.ts';
import type { ModelStreamEvent } from './model.ts';
import { createStreamAssembler, normalizeCompletion } from './stream-assembler.ts';
import { chunk } from './wire-test-helpers.ts';

function assemble(chunks: unknown[]) {
  const assembler = createStreamAssembler({ createToolCallId: (ordinal) => `call_synth_${ordinal}` });
  const events: ModelStreamEvent[] = [];
  for (const item of chunks) events.push(...assembler.push(item));
  const finished = assembler.finish();
  events.push(...finished.events);
  return { events, response: finished.response };
}

function textOf(events: ModelStreamEvent[]): string {
  return events.map((event) => (event.type === 'text-delta' ? event.delta : '')).join('');
}

function reasoningOf(events: ModelStreamEvent[]): string {
  return events.map((event) => (event.type === 'reasoning-delta' ? event.delta : '')).join('');
}

const toolDelta = (fragment: Record<string, unknown>) => ({ tool_calls: [fragment] });

describe('createStreamAssembler: tool calls', () => {
  it('assembles OpenAI parallel calls whose arguments split inside keys and strings', () => {
    const { response, events } = assemble([
      chunk({ role: 'assistant', content: null }),
      chunk(toolDelta({ index: 0, id: 'call_A', type: 'function', function: { name: 'weather', arguments: '' } })),
      chunk(toolDelta({ index: 0, function: { arguments: '{"ci' } })),
      chunk(toolDelta({ index: 0, function: { arguments: 'ty": "Edinb' } })),
      chunk(toolDelta({ index: 0, function: { arguments: 'urgh"}' } })),
      chunk(toolDelta({ index: 1, id: 'call_B', type: 'function', function: { name: 'stock', arguments: '' } })),
      chunk(toolDelta({ index: 1, function: { arguments: '{"ticker":"AAPL"}' } })),
      chunk({}, { finish: 'tool_calls' }),
      { id: 'chatcmpl-test', choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } },
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'call_A', type: 'function', function: { name: 'weather', arguments: '{"city": "Edinburgh"}' } },
      { id: 'call_B', type: 'function', function: { name: 'stock', arguments: '{"ticker":"AAPL"}' } },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage).toEqual({ inputTokens: 10, outputTokens: 5, totalTokens: 15 });
    expect(events.filter((event) => event.type === 'tool-call-delta').map((event) => event.index)).toEqual([
      0, 0, 0, 0, 1, 1,
    ]);
    expect(events[0]).toEqual({ type: 'tool-call-delta', index: 0, id: 'call_A', name: 'weather', argumentsDelta: '' });
  });

  it('accepts a vLLM opener that has no `arguments` key', () => {
    const { response } = assemble([
      chunk({ role: 'assistant', content: '' }, { model: '' }),
      chunk(toolDelta({ id: 'chatcmpl-tool-1', type: 'function', index: 0, function: { name: 'run_command' } })),
      chunk(toolDelta({ index: 0, function: { arguments: '{"command": "' } })),
      chunk(toolDelta({ index: 0, function: { arguments: 'ls' } })),
      chunk(toolDelta({ index: 0, function: { arguments: '"}' } })),
      chunk({ content: '' }, { finish: 'tool_calls', extra: {} }),
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'chatcmpl-tool-1', type: 'function', function: { name: 'run_command', arguments: '{"command": "ls"}' } },
    ]);
    expect(response.responseModel).toBe('test-model');
  });

  it('ignores DashScope’s empty-id continuations and trailing no-op fragment', () => {
    const { response, events } = assemble([
      chunk({
        content: null,
        role: 'assistant',
        ...toolDelta({ index: 0, id: 'call_eee', type: 'function', function: { name: 'weather', arguments: '' } }),
      }),
      chunk({
        content: null,
        ...toolDelta({ index: 0, id: '', type: 'function', function: { arguments: '{"location": "San Francisco' } }),
      }),
      chunk({ content: null, ...toolDelta({ index: 0, id: '', type: 'function', function: { arguments: '"}' } }) }),
      {
        choices: [{ delta: toolDelta({ function: { arguments: '' }, index: 0, id: '', type: 'function' }), index: 0 }],
      },
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'call_eee', type: 'function', function: { name: 'weather', arguments: '{"location": "San Francisco"}' } },
    ]);
    // The no-op fragment reports nothing.
    expect(events.filter((event) => event.type === 'tool-call-delta')).toHaveLength(3);
  });

  it('keeps text before a gateway tool call whose only index is 1', () => {
    const { response } = assemble([
      chunk({ role: 'assistant' }),
      chunk({ content: 'Reading' }),
      chunk({ content: ' it.' }),
      chunk(toolDelta({ index: 1, id: 'toolu_1', type: 'function', function: { name: 'read_file', arguments: '' } })),
      chunk(toolDelta({ index: 1, function: { arguments: '' } })),
      chunk(toolDelta({ index: 1, function: { arguments: '{"pa' } })),
      chunk(toolDelta({ index: 1, function: { arguments: 'th": "a.txt"}' } })),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(response.text).toBe('Reading it.');
    expect(response.toolCalls).toEqual([
      { id: 'toolu_1', type: 'function', function: { name: 'read_file', arguments: '{"path": "a.txt"}' } },
    ]);
  });

  it('takes a Mistral whole call without index or type, finishing on the same chunk with usage', () => {
    const { response } = assemble([
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
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'gSIMJiOkT', type: 'function', function: { name: 'weather', arguments: '{"location": "SF"}' } },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage).toEqual({ inputTokens: 124, outputTokens: 22, totalTokens: 146 });
  });

  it('never overwrites a name with Mistral’s empty continuation name', () => {
    const { response } = assemble([
      chunk({
        content: '',
        tool_calls: [
          { id: 'chatcmpl-tool-9', type: 'function', function: { name: 'webSearch', arguments: '' }, index: 0 },
        ],
      }),
      chunk({
        content: '',
        tool_calls: [{ type: 'function', function: { name: '', arguments: '{"query": "Berlin"}' }, index: 0 }],
      }),
      chunk({ content: '' }, { finish: 'tool_calls' }),
    ]);
    expect(response.toolCalls[0]?.function).toEqual({ name: 'webSearch', arguments: '{"query": "Berlin"}' });
  });

  it('continues a call without index or id on the latest open call', () => {
    const { response } = assemble([
      chunk(toolDelta({ id: 'a1', function: { name: 'f', arguments: '{"x"' } })),
      chunk(toolDelta({ function: { arguments: ':1}' } })),
    ]);
    expect(response.toolCalls).toEqual([{ id: 'a1', type: 'function', function: { name: 'f', arguments: '{"x":1}' } }]);
    expect(response.finishReason).toBe('tool_calls');
  });

  it('assembles Ollama parallel calls sent whole, with role and empty content repeated', () => {
    const { response } = assemble([
      chunk({
        role: 'assistant',
        content: '',
        ...toolDelta({
          id: 'call_w',
          index: 0,
          type: 'function',
          function: { name: 'run', arguments: '{"command":"ls"}' },
        }),
      }),
      chunk({
        role: 'assistant',
        content: '',
        ...toolDelta({
          id: 'call_r',
          index: 1,
          type: 'function',
          function: { name: 'run', arguments: '{"command":"ls -l"}' },
        }),
      }),
      chunk({ role: 'assistant', content: '' }, { finish: 'tool_calls' }),
    ]);
    expect(response.text).toBe('');
    expect(response.toolCalls.map((call) => [call.id, call.function.arguments])).toEqual([
      ['call_w', '{"command":"ls"}'],
      ['call_r', '{"command":"ls -l"}'],
    ]);
  });

  it('treats a zero-argument call’s empty arguments as {} and synthesizes a missing id', () => {
    const { response } = assemble([
      chunk(toolDelta({ index: 0, id: '', type: 'function', function: { name: 'get_time', arguments: '' } })),
      chunk(toolDelta({ index: 1, id: 'call_2', type: 'function', function: { name: 'get_country', arguments: '' } })),
      chunk(toolDelta({ index: 1, function: { arguments: '{}' } })),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'call_synth_0', type: 'function', function: { name: 'get_time', arguments: '{}' } },
      { id: 'call_2', type: 'function', function: { name: 'get_country', arguments: '{}' } },
    ]);
  });

  it('opens a new call when a known index arrives with a different id', () => {
    const { response } = assemble([
      chunk(toolDelta({ index: 0, id: '1', function: { name: 'a', arguments: '{}' } })),
      chunk(toolDelta({ index: 0, id: '2', function: { name: 'b', arguments: '{}' } })),
    ]);
    expect(response.toolCalls.map((call) => call.function.name)).toEqual(['a', 'b']);
  });

  it('stringifies arguments sent as an object', () => {
    const { response } = assemble([
      chunk(toolDelta({ index: 0, id: 'x', function: { name: 'f', arguments: { a: 1 } } })),
    ]);
    expect(response.toolCalls[0]?.function.arguments).toBe('{"a":1}');
  });
});

describe('createStreamAssembler: text, reasoning and markup', () => {
  it('filters llama.cpp tool markup leaked into content when real tool_calls follow', () => {
    const { response, events } = assemble([
      chunk({ role: 'assistant', content: null }),
      chunk({ content: 'Hi there!' }),
      chunk({ content: ' Let me check.' }),
      chunk({ content: '\n' }),
      chunk({ content: '<tool_call>\n' }),
      chunk({ content: '<function=get' }),
      chunk({ content: '_current' }),
      chunk({ content: '_weather' }),
      chunk({}),
      chunk(
        toolDelta({
          index: 0,
          id: 'emGv',
          type: 'function',
          function: { name: 'get_current_weather', arguments: '{"' },
        }),
      ),
      chunk(toolDelta({ index: 0, function: { arguments: 'location":"DC"}' } })),
      { ...chunk({}, { finish: 'tool_calls' }), timings: { cache_n: 314, prompt_n: 15, predicted_n: 35 } },
    ]);
    expect(response.text).toBe('Hi there! Let me check.');
    expect(textOf(events)).not.toContain('<');
    expect(response.toolCalls[0]?.function).toEqual({ name: 'get_current_weather', arguments: '{"location":"DC"}' });
    expect(response.usage).toEqual({ inputTokens: 329, outputTokens: 35, totalTokens: 364, cachedTokens: 314 });
  });

  it('releases held markup as text when no tool calls follow (never infers calls from text)', () => {
    const { response, events } = assemble([
      chunk({ content: 'Use <tool_call> tags' }),
      chunk({ content: ' like this.' }, { finish: 'stop' }),
    ]);
    expect(response.text).toBe('Use <tool_call> tags like this.');
    expect(textOf(events)).toBe(response.text);
    expect(response.toolCalls).toEqual([]);
  });

  it('releases a held partial marker that turns out to be ordinary text', () => {
    const { response, events } = assemble([chunk({ content: 'a <' }), chunk({ content: 'b> c' })]);
    expect(response.text).toBe('a <b> c');
    expect(textOf(events)).toBe('a <b> c');
  });

  it('separates DeepSeek reasoning_content from content, including nulls on either side', () => {
    const { response, events } = assemble([
      chunk({ role: 'assistant', content: null, reasoning_content: '' }, { extra: { usage: null } }),
      chunk({ content: null, reasoning_content: 'The user' }),
      chunk({ content: null, reasoning_content: ' asks.' }),
      chunk({ content: 'Hello', reasoning_content: null }),
      {
        ...chunk({ content: '' }, { finish: 'stop' }),
        usage: {
          prompt_tokens: 5,
          completion_tokens: 9,
          total_tokens: 14,
          completion_tokens_details: { reasoning_tokens: 4 },
          prompt_cache_hit_tokens: 2,
        },
      },
    ]);
    expect(response.reasoning).toBe('The user asks.');
    expect(response.text).toBe('Hello');
    expect(reasoningOf(events)).toBe('The user asks.');
    expect(response.usage).toEqual({
      inputTokens: 5,
      outputTokens: 9,
      totalTokens: 14,
      reasoningTokens: 4,
      cachedTokens: 2,
    });
  });

  it('reads `reasoning` (Groq, Ollama, vLLM, OpenRouter) and prefers reasoning_content when both are sent', () => {
    expect(assemble([chunk({ reasoning: 'We need', channel: 'analysis' })]).response.reasoning).toBe('We need');
    expect(assemble([chunk({ reasoning: 'same', reasoning_content: 'same' })]).response.reasoning).toBe('same');
  });

  it('reads Mistral typed content parts: thinking as reasoning, text as text, then a plain ""', () => {
    const { response } = assemble([
      chunk({
        role: 'assistant',
        content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'The user is asking' }] }],
      }),
      chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: ' for 2+2.' }] }] }),
      chunk({ content: [{ type: 'text', text: '2 + 2 = 4' }] }),
      chunk({ content: '' }, { finish: 'stop' }),
    ]);
    expect(response.reasoning).toBe('The user is asking for 2+2.');
    expect(response.text).toBe('2 + 2 = 4');
  });

  it('routes a leading <think> block in content to reasoning, even split across chunks', () => {
    const { response, events } = assemble([
      chunk({ content: '<thi' }),
      chunk({ content: 'nk>Let me see</th' }),
      chunk({ content: 'ink>\n\nThe answer' }),
      chunk({ content: ' is 4.' }, { finish: 'stop' }),
    ]);
    expect(response.reasoning).toBe('Let me see');
    expect(response.text).toBe('The answer is 4.');
    expect(textOf(events)).toBe('The answer is 4.');
  });

  it('collects the refusal channel apart from text', () => {
    const { response } = assemble([
      chunk({ role: 'assistant', content: null, refusal: '' }),
      chunk({ refusal: "I'm sorry," }),
      chunk({ refusal: " I can't assist." }),
      chunk({}, { finish: 'stop' }),
      { id: 'x', choices: [], usage: { prompt_tokens: 79, completion_tokens: 11, total_tokens: 90 } },
    ]);
    expect(response.refusal).toBe("I'm sorry, I can't assist.");
    expect(response.text).toBe('');
    expect(response.finishReason).toBe('stop');
  });

  it('reports length and content_filter finish reasons verbatim', () => {
    const truncated = assemble([
      chunk({ role: 'assistant', content: '', refusal: null }),
      chunk({ content: '{"' }),
      chunk({}, { finish: 'length' }),
    ]);
    expect(truncated.response).toMatchObject({ text: '{"', finishReason: 'length' });
    expect(assemble([chunk({ content: 'Cap' }), chunk({}, { finish: 'content_filter' })]).response.finishReason).toBe(
      'content_filter',
    );
  });
});

describe('createStreamAssembler: framing, metadata and errors', () => {
  it('takes metadata from the first chunk that has it after Azure’s empty first chunk, and usage from a usage-only chunk', () => {
    const { response } = assemble([
      { choices: [], created: 0, id: '', model: '', object: '', prompt_filter_results: [{ prompt_index: 0 }] },
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
        obfuscation: 'x',
      },
      {
        choices: [{ delta: { content: 'Capital' }, finish_reason: null, index: 0 }],
        id: 'chatcmpl-az',
        model: 'gpt-5-nano',
      },
      { choices: [{ delta: {}, finish_reason: 'stop', index: 0 }], id: 'chatcmpl-az', model: 'gpt-5-nano' },
      {
        choices: [],
        id: 'chatcmpl-az',
        model: 'gpt-5-nano',
        usage: {
          completion_tokens: 78,
          prompt_tokens: 15,
          total_tokens: 93,
          completion_tokens_details: { reasoning_tokens: 64 },
          prompt_tokens_details: { cached_tokens: 0 },
        },
      },
    ]);
    expect(response).toMatchObject({
      responseId: 'chatcmpl-az',
      responseModel: 'gpt-5-nano',
      text: 'Capital',
      finishReason: 'stop',
    });
    expect(response.usage).toEqual({
      inputTokens: 15,
      outputTokens: 78,
      totalTokens: 93,
      reasoningTokens: 64,
      cachedTokens: 0,
    });
  });

  it('latches the first finish_reason when OpenRouter repeats it, treating an absent key as null', () => {
    const { response } = assemble([
      { id: 'x', choices: [{ index: 0, delta: { reasoning_content: 'First' } }] },
      chunk({ role: 'assistant', content: '', reasoning: 'more' }, { finish: 'length' }),
      chunk({ role: 'assistant', content: '', reasoning: null }, { finish: 'stop' }),
    ]);
    expect(response.finishReason).toBe('length');
    expect(response.reasoning).toBe('Firstmore');
  });

  it('throws a stream ModelError for an error object inside a chunk, keeping its code', () => {
    const assembler = createStreamAssembler();
    assembler.push(chunk({ role: 'assistant', content: '', reasoning: 'We need' }, { finish: 'length' }));
    let thrown: unknown;
    try {
      assembler.push({
        ...chunk({ content: '' }),
        error: { code: 400, message: 'Token limit reached' },
        usage: { prompt_tokens: 43, completion_tokens: 10 },
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ModelError);
    expect(thrown).toMatchObject({ kind: 'stream', message: 'Token limit reached', code: 400 });
  });

  it('reads Groq’s usage from x_groq when top-level usage is missing', () => {
    const { response } = assemble([
      {
        ...chunk({}, { finish: 'stop' }),
        x_groq: { usage: { prompt_tokens: 210, completion_tokens: 15, total_tokens: 225 } },
      },
    ]);
    expect(response.usage).toEqual({ inputTokens: 210, outputTokens: 15, totalTokens: 225 });
  });

  it('ignores chunks for other choices and tolerates junk fields', () => {
    const { response } = assemble([
      {
        choices: [
          { index: 1, delta: { content: 'other' } },
          { index: 0, delta: { content: 'mine', tool_calls: 'junk' } },
        ],
      },
      'not an object',
      null,
    ]);
    expect(response.text).toBe('mine');
  });
});

describe('normalizeCompletion', () => {
  it('synthesizes an id for Gemini’s empty-id call and accepts content absent', () => {
    const { response, events } = normalizeCompletion(
      {
        choices: [
          {
            finish_reason: 'tool_calls',
            index: 0,
            message: {
              role: 'assistant',
              extra_content: {},
              tool_calls: [{ function: { arguments: '{}', name: 'get_current_time' }, id: '', type: 'function' }],
            },
          },
        ],
        id: '3SE',
        model: 'gemini-2.5-pro',
        usage: { completion_tokens: 12, prompt_tokens: 35, total_tokens: 109 },
      },
      { createToolCallId: (ordinal) => `call_gen_${ordinal}` },
    );
    expect(response.toolCalls).toEqual([
      { id: 'call_gen_0', type: 'function', function: { name: 'get_current_time', arguments: '{}' } },
    ]);
    expect(response.text).toBe('');
    expect(response.usage?.totalTokens).toBe(109);
    expect(events).toContainEqual({
      type: 'tool-call-delta',
      index: 0,
      name: 'get_current_time',
      argumentsDelta: '{}',
    });
  });

  it('keeps parallel calls without index apart (OpenAI) and accepts calls without type (Mistral)', () => {
    const openai = normalizeCompletion({
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Edinburgh"}' } },
              { id: 'call_2', type: 'function', function: { name: 'stock', arguments: '{"ticker":"AAPL"}' } },
            ],
            refusal: null,
          },
          finish_reason: 'tool_calls',
        },
      ],
    }).response;
    expect(openai.toolCalls.map((call) => call.id)).toEqual(['call_1', 'call_2']);
    const mistral = normalizeCompletion({
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: { role: 'assistant', tool_calls: [{ id: 'gSIM', function: { name: 'weather', arguments: '{}' } }] },
        },
      ],
    }).response;
    expect(mistral.toolCalls).toEqual([
      { id: 'gSIM', type: 'function', function: { name: 'weather', arguments: '{}' } },
    ]);
  });

  it('reads reasoning under either name and empty-string content', () => {
    const vllm = normalizeCompletion({
      choices: [
        {
          finish_reason: 'tool_calls',
          index: 0,
          message: {
            content: null,
            reasoning: 'Think.',
            function_call: null,
            tool_calls: [
              {
                id: 'chatcmpl-tool-b',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city": "Paris"}' },
              },
            ],
          },
          stop_reason: 154829,
        },
      ],
    }).response;
    expect(vllm).toMatchObject({ reasoning: 'Think.', text: '', finishReason: 'tool_calls' });
    const deepseek = normalizeCompletion({
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: '',
            reasoning_content: 'Hmm.',
            tool_calls: [
              { index: 0, id: 'call_00_x', type: 'function', function: { name: 'weather', arguments: '{}' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    }).response;
    expect(deepseek).toMatchObject({ reasoning: 'Hmm.', text: '' });
    expect(deepseek.toolCalls[0]?.id).toBe('call_00_x');
  });

  it('throws a stream ModelError for an error body', () => {
    expect(() => normalizeCompletion({ error: { message: 'nope', code: 'x' } })).toThrow(ModelError);
  });
});
