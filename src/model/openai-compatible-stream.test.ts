import { describe, expect, it } from 'vitest';
import { chunk, sseResponse } from './wire-test-helpers.ts';
import { weatherTool, hello, setup, failure, textStream } from './openai-compatible-test-helpers.ts';
import { streamCases } from './openai-compatible-stream-cases.ts';

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
