import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../model/model.ts';
import { ModelError } from '../model/model-error.ts';
import { createScriptedModel, deferred, type ScriptedTurn } from '../testing/scripted-model.ts';
import { createTestTracer } from '../testing/test-tracer.ts';
import { createMemoryStores } from '../tools/memory-stores.ts';
import { MEMORY_HEADING } from './memory-recall.ts';
import {
  applySummary,
  createContextPreparer,
  type CompactionInfo,
  type ContextPreparerOptions,
  type ContextSummary,
} from './prepare-context.ts';
import { SUMMARY_HEADING } from './summary-prompt.ts';

function words(n: number, word: string): string {
  return Array.from({ length: n }, () => word).join(' ');
}

/** `turns` user/assistant pairs of about 100 tokens each, then the latest question. */
function history(turns: number, latest = 'What did we decide about the budget?'): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let turn = 1; turn <= turns; turn += 1) {
    messages.push({ role: 'user', content: `Question ${turn}: ${words(40, 'ask')}` });
    messages.push({ role: 'assistant', content: `Answer ${turn}: ${words(50, 'reply')}` });
  }
  messages.push({ role: 'user', content: latest });
  return messages;
}

function setup(overrides: Partial<ContextPreparerOptions> & { turns?: ScriptedTurn[]; stored?: ContextSummary } = {}) {
  const { turns = [], stored, ...rest } = overrides;
  const model = createScriptedModel(turns);
  const tracer = createTestTracer({ now: () => 5 });
  const saved: ContextSummary[] = [];
  let current = stored;
  const compactions: CompactionInfo[] = [];
  const options: ContextPreparerOptions = {
    model,
    // A budget of 1,000 tokens; the summarising call may use most of the 4,000-token window.
    contextWindow: 4_000,
    compactionShare: 0.25,
    fixedTokens: 100,
    summary: {
      get: () => current,
      set: async (summary) => {
        saved.push(summary);
        current = summary;
      },
    },
    tracer,
    now: () => 42,
    onCompaction: (info) => compactions.push(info),
    ...rest,
  };
  const prepare = createContextPreparer(options);
  const runSpan = tracer.startSpan({ kind: 'run', name: 'run' });
  const controller = new AbortController();
  const call = (messages: ChatMessage[], extra: { force?: boolean; step?: number } = {}) =>
    prepare(messages, {
      step: extra.step ?? 1,
      parentSpan: runSpan,
      signal: controller.signal,
      ...(extra.force ? { force: true } : {}),
    });
  return { model, tracer, saved, compactions, call, runSpan, controller };
}

describe('createContextPreparer: within budget', () => {
  it('passes a short conversation through untouched, with no model call and no span', async () => {
    const { call, model, tracer } = setup();
    const messages = history(2);
    expect(await call(messages)).toEqual(messages);
    expect(model.requests).toHaveLength(0);
    expect(tracer.find('compaction')).toHaveLength(0);
  });

  it('applies the saved summary: the covered messages leave, the summary joins the system prompt under its heading', async () => {
    const messages = history(3);
    const { call, model } = setup({
      stored: { text: 'The user plans a trip to Lisbon.', coveredMessages: 4, updatedAt: 1 },
    });
    const prepared = await call(messages);
    expect(prepared[0]).toEqual({ role: 'system', content: `${SUMMARY_HEADING}\nThe user plans a trip to Lisbon.` });
    expect(prepared.slice(1)).toEqual(messages.slice(4));
    expect(model.requests).toHaveLength(0);
  });

  it('ignores a summary that no longer matches the history, and never cuts between a call and its results', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 'todo', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'a', content: '[]' },
      { role: 'user', content: 'next' },
    ];
    expect(applySummary(messages, { text: 'old', coveredMessages: 9, updatedAt: 1 })).toMatchObject({
      offset: 0,
      summary: undefined,
    });
    expect(applySummary(messages, { text: 'old', coveredMessages: 2, updatedAt: 1 }).offset).toBe(3);
  });
});

async function notesWith(contents: Array<[string, string[]]>) {
  const stores = createMemoryStores({ now: () => Date.UTC(2025, 0, 2) });
  for (const [content, tags] of contents) await stores.notes.add({ content, tags });
  return stores.notes;
}

describe('createContextPreparer: memory recall', () => {
  it('recalls related notes into the system prompt and shows the query and hits in a memory span', async () => {
    const notes = await notesWith([
      ['The user lives in Lisbon and cycles to work.', ['home']],
      ['The cat is called Miso.', []],
    ]);
    const { call, tracer, runSpan } = setup({ recall: notes });
    const prepared = await call([{ role: 'user', content: 'Is tomorrow good weather to cycle in Lisbon?' }]);

    expect(prepared[0]?.role).toBe('system');
    expect(prepared[0]?.content).toContain(MEMORY_HEADING);
    expect(prepared[0]?.content).toContain('The user lives in Lisbon and cycles to work.');
    expect(prepared[0]?.content).not.toContain('Miso');
    const span = tracer.only('memory');
    expect(span.parentSpanId).toBe(runSpan.span.spanId);
    expect(span.status).toBe('ok');
    expect(span.attributes['memory.query']).toBe('tomorrow good weather cycle lisbon');
    expect(span.attributes['memory.hits']).toEqual([
      {
        id: 'note_1',
        score: expect.any(Number),
        snippet: 'The user lives in Lisbon and cycles to work.',
        tags: ['home'],
      },
    ]);
  });

  it('searches once per run for the same message, and records no span when no note shares a word with it', async () => {
    const notes = await notesWith([['The cat is called Miso.', []]]);
    let searches = 0;
    const counting = { search: (query: string, limit?: number) => ((searches += 1), notes.search(query, limit)) };
    const { call, tracer } = setup({ recall: counting });
    const messages: ChatMessage[] = [{ role: 'user', content: 'What is the capital of Peru?' }];
    expect(await call(messages)).toEqual(messages);
    expect(await call(messages, { step: 2 })).toEqual(messages);
    expect(searches).toBe(1);
    expect(tracer.find('memory')).toHaveLength(0);
  });

  it('turns a failing search into an error span and goes on without notes', async () => {
    const { call, tracer } = setup({ recall: { search: () => Promise.reject(new Error('IndexedDB is closed')) } });
    const messages: ChatMessage[] = [{ role: 'user', content: 'Remind me about Lisbon' }];
    expect(await call(messages)).toEqual(messages);
    expect(tracer.only('memory')).toMatchObject({
      status: 'error',
      error: { message: 'The notes could not be searched: IndexedDB is closed' },
    });
  });

  it('with recall by meaning, recalls a note that shares no word and lists every candidate with its scores in the span', async () => {
    const notes = await notesWith([
      ['Miso is a kitten who hates the vacuum cleaner.', []],
      ['The project deadline is Friday at noon.', []],
    ]);
    const all = await notes.list();
    const searcher = {
      search: (query: string, limit?: number) => notes.search(query, limit),
      searchByMeaning: async () => ({
        embedder: 'test embedder',
        hits: [
          { note: all.find((note) => note.content.includes('kitten'))!, similarity: 0.71 },
          { note: all.find((note) => note.content.includes('deadline'))!, similarity: 0.05 },
        ],
      }),
    };
    const { call, tracer } = setup({ recall: searcher });
    const prepared = await call([{ role: 'user', content: 'What pet do I have?' }]);
    expect(prepared[0]?.content).toContain('Miso is a kitten');
    expect(prepared[0]?.content).not.toContain('deadline');
    const span = tracer.only('memory');
    expect(span.attributes['memory.semantic']).toBe('on');
    expect(span.attributes['memory.embedder']).toBe('test embedder');
    expect(span.attributes['memory.ranked']).toEqual([
      expect.objectContaining({
        snippet: 'Miso is a kitten who hates the vacuum cleaner.',
        fullTextScore: null,
        similarity: 0.71,
        fusedRank: 1,
        kept: true,
        reason: 'similar-meaning',
        why: 'kept: similar in meaning',
      }),
      expect.objectContaining({
        snippet: 'The project deadline is Friday at noon.',
        fullTextScore: null,
        similarity: 0.05,
        fusedRank: 2,
        kept: false,
        reason: 'not-similar-enough',
      }),
    ]);
  });

  it('when embeddings fail, recalls by words only, says so on the span and reports the fallback once', async () => {
    const notes = await notesWith([['The user lives in Lisbon.', []]]);
    const fallbacks: string[] = [];
    const searcher = {
      search: (query: string, limit?: number) => notes.search(query, limit),
      searchByMeaning: () => Promise.reject(new Error('no /embeddings (404)')),
    };
    const { call, tracer } = setup({
      recall: searcher,
      onSemanticFallback: (semantic) => fallbacks.push(semantic.reason),
    });
    const messages: ChatMessage[] = [{ role: 'user', content: 'Remind me about Lisbon' }];
    const prepared = await call(messages);
    await call(messages, { step: 2 });
    expect(prepared[0]?.content).toContain('The user lives in Lisbon.');
    expect(fallbacks).toEqual(['no /embeddings (404)']);
    expect(tracer.only('memory')).toMatchObject({
      status: 'ok',
      attributes: { 'memory.semantic': 'fell back to words only', 'memory.semantic_error': 'no /embeddings (404)' },
    });
  });

  it('does not recall at all when recall is off', async () => {
    const { call, tracer } = setup();
    await call([{ role: 'user', content: 'Lisbon' }]);
    expect(tracer.find('memory')).toHaveLength(0);
  });
});

describe('createContextPreparer: compaction', () => {
  it('summarises the oldest turns with a dedicated no-tools call, saves the summary and records a compaction span', async () => {
    const messages = history(12);
    const { call, model, tracer, saved, compactions, runSpan } = setup({
      turns: [{ text: 'Budget decided: 5,000 EUR.' }],
    });
    const prepared = await call(messages);

    expect(model.requests).toHaveLength(1);
    const request = model.requests[0];
    expect(request?.tools).toBeUndefined();
    expect(request?.messages[0]?.content).toContain('You summarise the earlier part of a conversation');
    expect(request?.messages[1]?.content).toContain('[1] user: Question 1:');

    const covered = saved[0]?.coveredMessages ?? 0;
    expect(saved).toEqual([{ text: 'Budget decided: 5,000 EUR.', coveredMessages: covered, updatedAt: 42 }]);
    expect(covered).toBeGreaterThan(0);
    expect(messages[covered]?.role).toBe('user');
    expect(prepared[0]).toEqual({ role: 'system', content: `${SUMMARY_HEADING}\nBudget decided: 5,000 EUR.` });
    expect(prepared.slice(1)).toEqual(messages.slice(covered));
    expect(prepared.at(-1)).toEqual(messages.at(-1));

    const span = tracer.only('compaction');
    expect(span).toMatchObject({
      parentSpanId: runSpan.span.spanId,
      status: 'ok',
      name: `summarise ${covered} earlier messages`,
    });
    expect(span.attributes).toMatchObject({
      'compaction.messages': covered,
      'compaction.summary': 'Budget decided: 5,000 EUR.',
      'compaction.fallback': 'none',
    });
    expect(span.attributes['compaction.tokens_after']).toBeLessThan(
      span.attributes['compaction.tokens_before'] as number,
    );
    expect(tracer.children(span).map((child) => child.kind)).toEqual(['llm']);
    expect(compactions).toEqual([
      expect.objectContaining({
        coveredMessages: covered,
        summarisedNow: covered,
        fallback: 'none',
        summary: 'Budget decided: 5,000 EUR.',
      }),
    ]);
    expect(compactions[0]?.message).toContain(`${covered} earlier messages were summarised`);
  });

  it('merges with the previous summary: the request carries it and the new summary covers both ranges', async () => {
    const messages = history(16);
    const previous: ContextSummary = { text: 'Earlier: the user is called Ana.', coveredMessages: 6, updatedAt: 1 };
    const { call, model, saved } = setup({ stored: previous, turns: [{ text: 'Ana set the budget at 5,000 EUR.' }] });
    const prepared = await call(messages);

    expect(model.requests[0]?.messages[1]?.content).toContain(
      'Previous summary:\n"""\nEarlier: the user is called Ana.\n"""',
    );
    // The transcript starts where the previous summary stopped.
    expect(model.requests[0]?.messages[1]?.content).toContain('[1] user: Question 4:');
    const covered = saved[0]?.coveredMessages ?? 0;
    expect(covered).toBeGreaterThan(6);
    expect(prepared[0]?.content).toBe(`${SUMMARY_HEADING}\nAna set the budget at 5,000 EUR.`);
    expect(prepared.slice(1)).toEqual(messages.slice(covered));
  });

  it('uses its own latest summary on the next step even if the store lags behind', async () => {
    const messages = history(12);
    const { call, model } = setup({
      turns: [{ text: 'Summary one.' }],
      summary: { get: () => undefined, set: async () => undefined },
    });
    await call(messages);
    const next = await call(messages, { step: 2 });
    expect(model.requests).toHaveLength(1);
    expect(next[0]?.content).toBe(`${SUMMARY_HEADING}\nSummary one.`);
  });

  it('compacts when forced, even within budget (the endpoint said the context was too long)', async () => {
    const messages = history(4);
    const { call, model, tracer, saved } = setup({ contextWindow: 100_000, turns: [{ text: 'Short summary.' }] });
    expect(await call(messages)).toEqual(messages);
    const prepared = await call(messages, { force: true, step: 2 });
    expect(model.requests).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(prepared.length).toBeLessThan(messages.length);
    expect(tracer.only('compaction').attributes['compaction.forced']).toBe(true);
  });

  it('falls back to leaving out the oldest whole turns when summarising fails, and says so', async () => {
    const messages = history(12);
    const { call, tracer, saved, compactions } = setup({
      turns: [{ kind: 'error', error: new ModelError('server', 'Internal server error', { status: 500 }) }],
    });
    const prepared = await call(messages);

    expect(saved).toEqual([]);
    const info = compactions[0];
    expect(info?.fallback).toBe('dropped-turns');
    expect(info?.message).toContain('Summarising the earlier conversation failed (Internal server error)');
    expect(info?.message).toContain(`the ${info?.summarisedNow} oldest messages were left out`);
    const dropped = info?.summarisedNow ?? 0;
    expect(dropped).toBeGreaterThan(0);
    expect(prepared[0]?.content).toContain(`${dropped} earlier messages of this conversation are left out here`);
    expect(prepared.slice(1)).toEqual(messages.slice(dropped));
    expect(info?.tokensAfter).toBeLessThanOrEqual(1_000);
    const span = tracer.only('compaction');
    expect(span.status).toBe('error');
    expect(span.attributes['compaction.fallback']).toBe('dropped-turns');
    expect(tracer.only('llm').status).toBe('error');
  });

  it('treats an empty summary as a failure', async () => {
    const { call, compactions } = setup({ turns: [{ text: '   ' }] });
    await call(history(12));
    expect(compactions[0]?.fallback).toBe('dropped-turns');
    expect(compactions[0]?.message).toContain('The model returned an empty summary.');
  });

  it('truncates a single huge message around a marker when there is nothing older to summarise', async () => {
    const messages: ChatMessage[] = [{ role: 'user', content: `START ${words(5_000, 'pasted')} END` }];
    const { call, model, compactions, tracer } = setup();
    const prepared = await call(messages);
    expect(model.requests).toHaveLength(0);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.content).toMatch(/^START pasted/u);
    expect(prepared[0]?.content).toMatch(/pasted END$/u);
    expect(prepared[0]?.content).toContain('characters omitted');
    expect(compactions[0]).toMatchObject({ fallback: 'truncated', summarisedNow: 0 });
    expect(tracer.only('compaction').name).toBe('shorten 1 long message');
  });

  it('summarises a transcript too long for one call in chunks, each merging the summary so far', async () => {
    const messages = history(60);
    const { call, model, saved } = setup({
      contextWindow: 4_000,
      compactionShare: 0.5,
      maxSummaryTokens: 300,
      turns: Array.from({ length: 10 }, (_, index) => ({ text: `Summary part ${index + 1}.` })),
    });
    await call(messages);
    expect(model.requests.length).toBeGreaterThan(1);
    expect(model.requests[1]?.messages[1]?.content).toContain('Previous summary:\n"""\nSummary part 1.\n"""');
    expect(saved[0]?.text).toBe(`Summary part ${model.requests.length}.`);
  });

  it('rejects and cancels the span when stopped while summarising', async () => {
    const hold = deferred();
    const { call, controller, tracer, saved } = setup({ turns: [{ kind: 'hang', chunks: [{ wait: hold.promise }] }] });
    const pending = call(history(12));
    await Promise.resolve();
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(tracer.only('compaction').status).toBe('cancelled');
    expect(saved).toEqual([]);
  });
});
