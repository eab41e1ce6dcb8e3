import { describe, expect, it } from 'vitest';
import { ModelError } from './model-error.ts';
import { createStreamAssembler } from './stream-assembler.ts';
import { chunk } from './wire-test-helpers.ts';
import { assemble, textOf, reasoningOf, toolDelta } from './stream-assembler-test-helpers.ts';

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
