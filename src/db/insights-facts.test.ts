import { describe, expect, it } from 'vitest';
import { ATTR } from '../trace/attributes.ts';
import { openTestDb } from '../testing/fake-db.ts';
import {
  FACTS_PREFIX,
  FACTS_SETTING,
  indexRun,
  indexSession,
  keepFacts,
  loadKeptFacts,
  refreshRunFacts,
  type FactsCache,
} from './insights-facts.ts';
import { createSession, deleteSession, updateSession } from './sessions.ts';
import { putSpans } from './spans.ts';
import { span } from './test-fixtures.ts';

const runSpans = (sessionId: string, run: string, start: number, tools: number) => [
  span(sessionId, run, { startTime: start, endTime: start + 100 }),
  span(sessionId, `${run.slice(0, 14)}f0`, {
    runId: run,
    parentSpanId: run,
    kind: 'llm',
    startTime: start + 1,
    attributes: { [ATTR.llmUsageInputTokens]: 10, [ATTR.llmUsageOutputTokens]: 2 },
  }),
  ...Array.from({ length: tools }, (_, index) =>
    span(sessionId, `${run.slice(0, 14)}${String(index).padStart(2, '0')}`, {
      runId: run,
      parentSpanId: run,
      kind: 'tool',
      startTime: start + 2 + index,
      attributes: { [ATTR.toolName]: 'calculator' },
    }),
  ),
];

describe('refreshRunFacts', () => {
  it('reads every run of every session in pages, then only the sessions that changed', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await createSession(db, { id: 'sess_b', now: 1 });
    // Several steps of one run are several chunks: a page may end in the middle of a run.
    await putSpans(db, 'sess_a', runSpans('sess_a', 'aaaaaaaaaaaaaaa1', 1_000, 1));
    await putSpans(db, 'sess_a', [
      span('sess_a', 'aaaaaaaaaaaaaaz9', {
        runId: 'aaaaaaaaaaaaaaa1',
        parentSpanId: 'aaaaaaaaaaaaaaa1',
        kind: 'tool',
        startTime: 1_050,
      }),
    ]);
    await putSpans(db, 'sess_a', runSpans('sess_a', 'aaaaaaaaaaaaaab1', 2_000, 2));
    await putSpans(db, 'sess_b', runSpans('sess_b', 'bbbbbbbbbbbbbbb1', 3_000, 0));
    const cache: FactsCache = new Map();
    const facts = await refreshRunFacts(db, cache, { pageSize: 1 });
    expect(
      facts.map((fact) => [fact.sessionId, fact.runId, fact.tools.length, fact.llm[0]?.inputTokens]).sort(),
    ).toEqual([
      ['sess_a', 'aaaaaaaaaaaaaaa1', 2, 10],
      ['sess_a', 'aaaaaaaaaaaaaab1', 2, 10],
      ['sess_b', 'bbbbbbbbbbbbbbb1', 0, 10],
    ]);

    await putSpans(db, 'sess_b', runSpans('sess_b', 'bbbbbbbbbbbbbbb2', 4_000, 3));
    await updateSession(db, 'sess_b', { updatedAt: 5 });
    await deleteSession(db, 'sess_a');
    const again = await refreshRunFacts(db, cache);
    expect(again.map((fact) => [fact.runId, fact.tools.length]).sort()).toEqual([
      ['bbbbbbbbbbbbbbb1', 0],
      ['bbbbbbbbbbbbbbb2', 3],
    ]);
    expect([...cache.keys()]).toEqual(['sess_b']);
  });
});

describe('kept facts', () => {
  it('are read on a later visit instead of the spans, and only changed sessions are read again', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await putSpans(db, 'sess_a', runSpans('sess_a', 'aaaaaaaaaaaaaaa1', 1_000, 1));
    const first: FactsCache = new Map();
    await refreshRunFacts(db, first);
    await keepFacts(db, first);

    // Storage changes behind the kept facts: a session is added; the kept one is not read again.
    await createSession(db, { id: 'sess_b', now: 2 });
    await putSpans(db, 'sess_b', runSpans('sess_b', 'bbbbbbbbbbbbbbb1', 2_000, 2));
    const later: FactsCache = new Map();
    await loadKeptFacts(db, later);
    const keptFact = later.get('sess_a')?.facts[0];
    const facts = await refreshRunFacts(db, later);
    expect(facts.map((fact) => [fact.runId, fact.tools.length]).sort()).toEqual([
      ['aaaaaaaaaaaaaaa1', 1],
      ['bbbbbbbbbbbbbbb1', 2],
    ]);
    expect(later.get('sess_a')?.facts[0]).toBe(keptFact);
  });

  it('are kept when a session’s runs are saved, so the first open reads no spans of that session', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await putSpans(db, 'sess_a', runSpans('sess_a', 'aaaaaaaaaaaaaaa1', 1_000, 3));
    const indexed = await indexSession(db, 'sess_a');
    expect(indexed.map((fact) => [fact.runId, fact.tools.length])).toEqual([['aaaaaaaaaaaaaaa1', 3]]);
    expect(await db.getKey('settings', `${FACTS_PREFIX}sess_a`)).toBe(`${FACTS_PREFIX}sess_a`);

    // The first open: the kept facts are current, so the session's spans are not read (the facts are those kept).
    const cache: FactsCache = new Map();
    await loadKeptFacts(db, cache);
    const kept = cache.get('sess_a')?.facts[0];
    expect(kept).toMatchObject({ runId: 'aaaaaaaaaaaaaaa1', steps: 1 });
    const facts = await refreshRunFacts(db, cache);
    expect(facts[0]).toBe(kept);

    // A run saved later: the session's record is written again.
    await putSpans(db, 'sess_a', runSpans('sess_a', 'aaaaaaaaaaaaaaa2', 2_000, 1));
    await updateSession(db, 'sess_a', { updatedAt: 3 });
    await indexSession(db, 'sess_a');
    const again: FactsCache = new Map();
    await loadKeptFacts(db, again);
    expect(again.get('sess_a')?.facts.map((fact) => fact.runId)).toEqual(['aaaaaaaaaaaaaaa1', 'aaaaaaaaaaaaaaa2']);
  });

  it('of a deleted session are forgotten: when it is indexed, or by the next refresh; a refresh folds them into one record', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await putSpans(db, 'sess_a', runSpans('sess_a', 'aaaaaaaaaaaaaaa1', 1_000, 1));
    await createSession(db, { id: 'sess_b', now: 1 });
    await putSpans(db, 'sess_b', runSpans('sess_b', 'bbbbbbbbbbbbbbb1', 1_000, 1));
    await indexSession(db, 'sess_a');
    await indexSession(db, 'sess_b');
    await deleteSession(db, 'sess_b');
    expect(await indexSession(db, 'sess_b')).toEqual([]);
    expect(await db.getKey('settings', `${FACTS_PREFIX}sess_b`)).toBeUndefined();

    // A deleted session whose record was never dropped: the refresh forgets it, and the one record replaces the rest.
    await indexSession(db, 'sess_a');
    await deleteSession(db, 'sess_a');
    await createSession(db, { id: 'sess_c', now: 1 });
    await putSpans(db, 'sess_c', runSpans('sess_c', 'ccccccccccccccc1', 1_000, 2));
    const cache: FactsCache = new Map();
    await loadKeptFacts(db, cache);
    expect([...cache.keys()]).toEqual(['sess_a']);
    const facts = await refreshRunFacts(db, cache);
    expect(facts.map((fact) => fact.runId)).toEqual(['ccccccccccccccc1']);
    await keepFacts(db, cache);
    expect(await db.getAllKeys('settings', IDBKeyRange.bound(FACTS_PREFIX, `${FACTS_PREFIX}\uffff`))).toEqual([]);
    const later: FactsCache = new Map();
    await loadKeptFacts(db, later);
    expect([...later.keys()]).toEqual(['sess_c']);
    expect(await db.getKey('settings', FACTS_SETTING)).toBe(FACTS_SETTING);
  });

  it('of a run just saved replace that run’s alone, and the whole session is read when they do not add up', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await putSpans(db, 'sess_a', runSpans('sess_a', 'aaaaaaaaaaaaaaa1', 1_000, 1));
    const cache: FactsCache = new Map();
    await indexRun(db, 'sess_a', 'aaaaaaaaaaaaaaa1', { cache });
    const first = cache.get('sess_a')?.facts[0];
    expect(first).toMatchObject({ runId: 'aaaaaaaaaaaaaaa1', spans: 3 });

    // The next run: the first run's facts are kept as they were (not read again), the new run's are added.
    await putSpans(db, 'sess_a', runSpans('sess_a', 'aaaaaaaaaaaaaaa2', 2_000, 2));
    await indexRun(db, 'sess_a', 'aaaaaaaaaaaaaaa2', { cache });
    expect(cache.get('sess_a')?.facts[0]).toBe(first);
    expect(cache.get('sess_a')?.facts.map((fact) => [fact.runId, fact.tools.length])).toEqual([
      ['aaaaaaaaaaaaaaa1', 1],
      ['aaaaaaaaaaaaaaa2', 2],
    ]);
    const kept: FactsCache = new Map();
    await loadKeptFacts(db, kept);
    expect(kept.get('sess_a')?.facts.map((fact) => fact.runId)).toEqual(['aaaaaaaaaaaaaaa1', 'aaaaaaaaaaaaaaa2']);

    // A run saved without being indexed (another tab, an older version): the facts no longer add up to the session's
    // spans, so the whole session is read and the missed run is found.
    await putSpans(db, 'sess_a', runSpans('sess_a', 'aaaaaaaaaaaaaaa3', 3_000, 0));
    await putSpans(db, 'sess_a', runSpans('sess_a', 'aaaaaaaaaaaaaaa4', 4_000, 1));
    await indexRun(db, 'sess_a', 'aaaaaaaaaaaaaaa4', { cache });
    expect(cache.get('sess_a')?.facts.map((fact) => fact.runId)).toEqual([
      'aaaaaaaaaaaaaaa1',
      'aaaaaaaaaaaaaaa2',
      'aaaaaaaaaaaaaaa3',
      'aaaaaaaaaaaaaaa4',
    ]);
    expect(cache.get('sess_a')?.facts[0]).not.toBe(first);
  });

  it('are not kept for a session without spans', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    expect(await indexSession(db, 'sess_a')).toEqual([]);
    expect(await db.getKey('settings', `${FACTS_PREFIX}sess_a`)).toBeUndefined();
    const cache: FactsCache = new Map([['sess_x', { version: 'gone', facts: [] }]]);
    expect(await refreshRunFacts(db, cache)).toEqual([]);
    expect([...cache.keys()]).toEqual(['sess_a']);
  });
});
