import { describe, expect, it } from 'vitest';
import { ModelError } from './model-error.ts';
import { normalizeCompletion } from './stream-assembler.ts';

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
