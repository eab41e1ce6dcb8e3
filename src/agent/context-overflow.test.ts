import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../model/model.ts';
import { ModelError } from '../model/model-error.ts';
import type { PrepareContextInfo } from './run-agent.ts';
import { createHarness } from './test-harness.ts';
import { CONTEXT_RETRY_NOTICE } from './loop-step.ts';

const overflow = (): ModelError =>
  new ModelError('context-length', "This model's maximum context length is 8192 tokens.", {
    status: 400,
    code: 'context_length_exceeded',
  });

/** A prepareContext that records its calls and, when forced, keeps only the last message. */
function recordingPreparer() {
  const calls: Array<{ force: boolean; step: number; messages: number }> = [];
  const prepareContext = async (messages: ChatMessage[], info: PrepareContextInfo): Promise<ChatMessage[]> => {
    calls.push({ force: info.force === true, step: info.step, messages: messages.length });
    return info.force
      ? [{ role: 'system', content: '## Summary of the earlier conversation\nShort.' }, ...messages.slice(-1)]
      : messages;
  };
  return { calls, prepareContext };
}

const longHistory: ChatMessage[] = [
  { role: 'user', content: 'Tell me about Paris.' },
  { role: 'assistant', content: 'Paris is the capital of France.' },
  { role: 'user', content: 'And its weather?' },
];

describe('runAgent: context-length errors', () => {
  it('compacts once with force and retries the model call once, then finishes', async () => {
    const { calls, prepareContext } = recordingPreparer();
    const harness = createHarness({
      history: longHistory,
      prepareContext,
      turns: [{ kind: 'error', error: overflow() }, { text: 'Mild and sunny.' }],
    });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    expect(calls).toEqual([
      { force: false, step: 1, messages: 3 },
      { force: true, step: 1, messages: 3 },
    ]);
    expect(harness.model.requests).toHaveLength(2);
    expect(harness.model.requests[1]?.messages).toEqual([
      { role: 'system', content: 'You are a helpful assistant.\n\n## Summary of the earlier conversation\nShort.' },
      { role: 'user', content: 'And its weather?' },
    ]);
    expect(harness.tracer.find('llm').map((span) => span.status)).toEqual(['error', 'ok']);
    expect(harness.eventsOf('notice')).toContainEqual({ type: 'notice', ...CONTEXT_RETRY_NOTICE });
  });

  it('ends the run with the context-length error when the retry fails too, compacting only once', async () => {
    const { calls, prepareContext } = recordingPreparer();
    const harness = createHarness({
      history: longHistory,
      prepareContext,
      turns: [
        { kind: 'error', error: overflow() },
        { kind: 'error', error: overflow() },
      ],
    });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'error', reason: 'model-error' });
    expect(result.message).toContain("longer than the model's context window");
    expect(calls.filter((call) => call.force)).toHaveLength(1);
    expect(harness.model.requests).toHaveLength(2);
    expect(harness.eventsOf('run-end')[0]?.error).toMatchObject({ kind: 'context-length', status: 400 });
  });

  it('ends with the original error when the forced compaction itself fails', async () => {
    let forced = 0;
    const harness = createHarness({
      history: longHistory,
      prepareContext: async (messages, info) => {
        if (!info.force) return messages;
        forced += 1;
        throw new Error('summary model unreachable');
      },
      turns: [{ kind: 'error', error: overflow() }],
    });

    const result = await harness.run();

    expect(forced).toBe(1);
    expect(harness.model.requests).toHaveLength(1);
    expect(result).toMatchObject({ outcome: 'error', reason: 'model-error' });
    expect(harness.eventsOf('run-end')[0]?.error?.kind).toBe('context-length');
  });

  it('does not retry without a prepareContext hook', async () => {
    const harness = createHarness({ history: longHistory, turns: [{ kind: 'error', error: overflow() }] });
    const result = await harness.run();
    expect(result).toMatchObject({ outcome: 'error', reason: 'model-error' });
    expect(harness.model.requests).toHaveLength(1);
  });
});
