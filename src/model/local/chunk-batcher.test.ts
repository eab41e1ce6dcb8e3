import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from '@wllama/wllama';
import { createChunkBatcher, mergeTextChunks } from './chunk-batcher.ts';

const chunk = (delta: object, extra: object = {}, finish: string | null = null) =>
  ({ id: 'c', choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }], ...extra }) as ChatCompletionChunk;

/** A clock the test moves by hand, with one timer at a time (the batcher's). */
function manualClock() {
  let time = 0;
  let timer: { at: number; run: () => void } | undefined;
  return {
    now: () => time,
    setTimeout: (run: () => void, ms: number) => (timer = { at: time + ms, run }),
    clearTimeout: () => (timer = undefined),
    advance(ms: number) {
      time += ms;
      if (timer && timer.at <= time) {
        const { run } = timer;
        timer = undefined;
        run();
      }
    },
  };
}

describe('chunk batcher', () => {
  it('sends the first text at once, then what accumulated at most every interval, text runs merged', () => {
    const clock = manualClock();
    const sent: ChatCompletionChunk[][] = [];
    const batcher = createChunkBatcher((chunks) => sent.push(chunks), 30, clock);
    // llama.cpp opens with the assistant's role and no text: the first text a moment later still goes at once.
    batcher.push(chunk({ role: 'assistant', content: null }));
    clock.advance(3);
    batcher.push(chunk({ content: 'A' }));
    expect(sent).toEqual([[chunk({ role: 'assistant', content: null })], [chunk({ content: 'A' })]]);
    sent.shift();
    clock.advance(5);
    batcher.push(chunk({ content: 'b' }));
    clock.advance(5);
    batcher.push(chunk({ content: 'c' }));
    expect(sent).toHaveLength(1);
    clock.advance(20);
    expect(sent[1]).toEqual([chunk({ content: 'bc' })]);
    // Quiet for longer than the interval: the next chunk goes at once again.
    clock.advance(100);
    batcher.push(chunk({ content: 'd' }));
    expect(sent[2]).toEqual([chunk({ content: 'd' })]);
    batcher.push(chunk({}, {}, 'stop'));
    batcher.flush();
    expect(sent[3]).toEqual([chunk({}, {}, 'stop')]);
    batcher.flush();
    expect(sent).toHaveLength(4);
  });

  it('merges only adjacent plain text of one field; tool calls, roles, finishes and timings stay as they are', () => {
    const toolCall = chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a"' } }] });
    const withRole = chunk({ role: 'assistant', content: 'x' });
    const timings = chunk({ content: 'z' }, { timings: { predicted_n: 2 } });
    const merged = mergeTextChunks([
      withRole,
      chunk({ reasoning_content: 'th' }),
      chunk({ reasoning_content: 'ink' }),
      chunk({ content: 'Hel', refusal: null }),
      chunk({ content: 'lo' }),
      toolCall,
      chunk({ content: '!' }),
      timings,
    ]);
    expect(merged).toEqual([
      withRole,
      chunk({ reasoning_content: 'think' }),
      chunk({ content: 'Hello' }),
      toolCall,
      chunk({ content: '!' }),
      timings,
    ]);
  });
});
