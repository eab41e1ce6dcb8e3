import { describe, expect, it } from 'vitest';
import { createHarness } from '../agent/test-harness.ts';
import type { ChatMessage } from '../model/model.ts';
import { ModelError } from '../model/model-error.ts';
import { createMemoryStores } from '../tools/memory-stores.ts';
import {
  createContextPreparer,
  estimateFixedTokens,
  type CompactionInfo,
  type ContextSummary,
} from './prepare-context.ts';

function words(n: number, word: string): string {
  return Array.from({ length: n }, () => word).join(' ');
}

function history(turns: number, latest: string): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let turn = 1; turn <= turns; turn += 1) {
    messages.push({ role: 'user', content: `Question ${turn}: ${words(40, 'ask')}` });
    messages.push({ role: 'assistant', content: `Answer ${turn}: ${words(50, 'reply')}` });
  }
  messages.push({ role: 'user', content: latest });
  return messages;
}

describe('the context preparer inside runAgent', () => {
  it('recalls notes and compacts before the model call, all visible under the run span', async () => {
    const stores = createMemoryStores({ now: () => 0 });
    await stores.notes.add({ content: 'Ana lives in Lisbon.', tags: ['people'] });
    let stored: ContextSummary | undefined;
    const compactions: CompactionInfo[] = [];
    const harness = createHarness({
      history: history(12, 'Where does Ana live?'),
      turns: [{ text: 'Ana asked twelve questions.' }, { text: 'In Lisbon.' }],
    });
    harness.options.prepareContext = createContextPreparer({
      model: harness.model,
      contextWindow: 4_000,
      compactionShare: 0.25,
      fixedTokens: estimateFixedTokens(harness.options.systemPrompt, []),
      summary: { get: () => stored, set: async (summary) => void (stored = summary) },
      recall: stores.notes,
      tracer: harness.tracer,
      now: () => 7,
      onCompaction: (info) => compactions.push(info),
    });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    const [summaryRequest, answerRequest] = harness.model.requests;
    expect(summaryRequest?.tools).toBeUndefined();
    const system = answerRequest?.messages[0]?.content ?? '';
    expect(system).toMatch(
      /^You are a helpful assistant\.\n\n## Summary of the earlier conversation\nAna asked twelve questions\.\n\n## Notes recalled from memory\n/u,
    );
    expect(system).toContain('Ana lives in Lisbon.');
    expect(answerRequest?.messages.at(-1)).toEqual({ role: 'user', content: 'Where does Ana live?' });
    expect(stored?.coveredMessages).toBe(compactions[0]?.coveredMessages);
    expect(harness.tracer.describe()).toMatch(
      /^run: .*\n {2}memory: recall “ana live” \[ok\]\n {2}compaction: summarise \d+ earlier messages \[ok\]\n {4}llm: scripted-model \(summary\) \[ok\]\n {2}llm: scripted-model \[ok\]$/u,
    );
  });

  it('compacts and retries once when the endpoint says the context is too long', async () => {
    let stored: ContextSummary | undefined;
    const harness = createHarness({
      history: history(6, 'And now?'),
      turns: [
        {
          kind: 'error',
          error: new ModelError('context-length', 'maximum context length is 512 tokens', { status: 400 }),
        },
        { text: 'The user asked six questions.' },
        { text: 'Here is the answer.' },
      ],
    });
    harness.options.prepareContext = createContextPreparer({
      model: harness.model,
      contextWindow: 128_000,
      compactionShare: 0.75,
      fixedTokens: 50,
      summary: { get: () => stored, set: async (summary) => void (stored = summary) },
      tracer: harness.tracer,
      now: () => 7,
    });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'done' });
    expect(harness.model.requests).toHaveLength(3);
    expect(harness.model.requests[2]?.messages[0]?.content).toContain('The user asked six questions.');
    expect(harness.model.requests[2]?.messages.length ?? 0).toBeLessThan(
      harness.model.requests[0]?.messages.length ?? 0,
    );
    expect(stored?.coveredMessages).toBeGreaterThan(0);
    expect(harness.tracer.find('compaction')[0]?.attributes['compaction.forced']).toBe(true);
    expect(harness.tracer.find('llm').map((span) => span.status)).toEqual(['error', 'ok', 'ok']);
  });
});
