import { runFact, type RunFact, type TokenCounter } from '../trace/insights/run-facts.ts';
import type { SessionRecord, SpanChunkRecord, SpanRecord } from './schema.ts';
import { runChunkRange, sessionStringRange } from './schema.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** The run facts read so far, per session, with the session's version (`updatedAt` and span count) when they were read. */
export type FactsCache = Map<string, { version: string; facts: RunFact[] }>;

/** Where a read of the span store spent its time: waiting for IndexedDB pages, and turning them into facts. */
export interface ReadStats {
  waitMs: number;
  computeMs: number;
  /** Span chunk records read (none when every session's kept facts were current). */
  chunks: number;
}

/** Chunk records read per request when the whole store is read. */
const PAGE = 400;

/** Turns span chunks in key order (session, run, chunk) into run facts, run by run. */
class RunCollector {
  private spans: SpanRecord[] = [];
  private key = '';
  constructor(
    private readonly onFact: (fact: RunFact) => void,
    private readonly count?: TokenCounter,
  ) {}
  add(record: SpanChunkRecord): void {
    const key = `${record.sessionId}\u0000${record.runId}`;
    if (key !== this.key) this.flush();
    this.key = key;
    for (const span of record.spans) this.spans.push(span);
  }
  flush(): void {
    if (this.spans.length > 0) {
      const fact = runFact(this.spans, this.count ? { count: this.count } : {});
      if (fact) this.onFact(fact);
    }
    this.spans = [];
    this.key = '';
  }
}

/** The run facts of one session's chunks (in key order). */
function factsOf(records: readonly SpanChunkRecord[], count: TokenCounter | undefined): RunFact[] {
  const facts: RunFact[] = [];
  const collector = new RunCollector((fact) => facts.push(fact), count);
  for (const record of records) collector.add(record);
  collector.flush();
  return facts;
}

function versionOf(session: SessionRecord): string {
  return `${session.updatedAt}:${session.spanCount}`;
}

/**
 * Brings the cache up to date with storage and returns every run fact. The first call reads the whole span store in
 * pages; later calls read again only the sessions whose `updatedAt` or span count changed, and forget deleted ones.
 */
export async function refreshRunFacts(
  db: GlassboxDatabase,
  cache: FactsCache,
  options: { count?: TokenCounter; pageSize?: number; stats?: ReadStats } = {},
): Promise<RunFact[]> {
  const { count, pageSize = PAGE, stats } = options;
  return readStorage(async () => {
    const sessions = await db.getAll('sessions');
    const current = new Set(sessions.map((session) => session.id));
    for (const id of [...cache.keys()]) if (!current.has(id)) cache.delete(id);
    if (cache.size === 0) {
      for (const session of sessions) cache.set(session.id, { version: versionOf(session), facts: [] });
      const collector = new RunCollector((fact) => cache.get(fact.sessionId)?.facts.push(fact), count);
      // The next page is asked for before this one is turned into facts, so storage reads while the worker computes.
      const page = (after: SpanChunkRecord | undefined) =>
        db.getAll(
          'spanChunks',
          after === undefined ? undefined : IDBKeyRange.lowerBound([after.sessionId, after.runId, after.chunk], true),
          pageSize,
        );
      let mark = performance.now();
      let records = await page(undefined);
      for (;;) {
        const read = performance.now();
        if (stats) stats.waitMs += read - mark;
        const next = records.length < pageSize ? undefined : page(records.at(-1));
        for (const record of records) collector.add(record);
        mark = performance.now();
        if (stats) {
          stats.computeMs += mark - read;
          stats.chunks += records.length;
        }
        if (!next) break;
        records = await next;
      }
      collector.flush();
    } else {
      const changed = sessions.filter((session) => cache.get(session.id)?.version !== versionOf(session));
      await Promise.all(
        changed.map(async (session) => {
          // A session without spans (a ChatGPT import, say) has no runs to read.
          const records = session.spanCount === 0 ? [] : await db.getAll('spanChunks', sessionStringRange(session.id));
          if (stats) stats.chunks += records.length;
          cache.set(session.id, { version: versionOf(session), facts: factsOf(records, count) });
        }),
      );
    }
    return [...cache.values()].flatMap((entry) => entry.facts);
  });
}

/**
 * Where the facts are kept between visits, beside the settings and never exported: one record with every session's
 * facts as of the last time Insights read storage (one record reads much faster than a thousand), and one record per
 * session (`insights.facts/` and its id) for each session whose runs were saved since (`indexSession`). Opening
 * Insights reads both and the spans only of sessions in neither (or changed since), then folds everything back into
 * the one record.
 */
export const FACTS_SETTING = 'insights.facts';
export const FACTS_PREFIX = 'insights.facts/';

/** Bumped whenever `RunFact` changes shape: an older kept record is ignored and the spans are read again. */
const FACTS_FORMAT = 4;

/** Each session's facts as JSON text: one string clones and parses much faster than thousands of small objects. */
interface KeptFacts {
  format: number;
  sessions: Array<[string, string, string]>;
}

/** One session's facts, kept when its runs were saved. */
interface KeptSessionFacts {
  format: number;
  version: string;
  facts: string;
}

const sessionRecordsRange = () => IDBKeyRange.bound(FACTS_PREFIX, `${FACTS_PREFIX}\uffff`);

/** Fills an empty cache from the facts kept by earlier visits and saves (those of the current format). */
export async function loadKeptFacts(db: GlassboxDatabase, cache: FactsCache): Promise<void> {
  const [all, sessions] = await readStorage(() => {
    const store = db.transaction('settings', 'readonly').objectStore('settings');
    return Promise.all([store.get(FACTS_SETTING), store.getAll(sessionRecordsRange())]);
  });
  const kept = all?.value as KeptFacts | undefined;
  if (kept && kept.format === FACTS_FORMAT && Array.isArray(kept.sessions)) {
    for (const [id, version, facts] of kept.sessions) cache.set(id, { version, facts: JSON.parse(facts) as RunFact[] });
  }
  // Saved after the record of all sessions was written: newer.
  for (const record of sessions) {
    const one = record.value as KeptSessionFacts | undefined;
    if (!one || one.format !== FACTS_FORMAT || typeof one.facts !== 'string') continue;
    cache.set(record.name.slice(FACTS_PREFIX.length), {
      version: one.version,
      facts: JSON.parse(one.facts) as RunFact[],
    });
  }
}

/** Keeps the whole cache as the one record for the next visit (the per-session records are folded into it). */
export async function keepFacts(db: GlassboxDatabase, cache: FactsCache): Promise<void> {
  const value: KeptFacts = {
    format: FACTS_FORMAT,
    sessions: [...cache].map(([id, entry]) => [id, entry.version, JSON.stringify(entry.facts)]),
  };
  await runTransaction(db, ['settings'], 'readwrite', async (tx) => {
    const store = tx.objectStore('settings');
    await Promise.all([store.put({ name: FACTS_SETTING, value }), store.delete(sessionRecordsRange())]);
  });
}

/** Keeps one session's facts in its own record (and in the cache, when given). */
async function keepSessionRecord(
  db: GlassboxDatabase,
  session: SessionRecord,
  facts: RunFact[],
  cache: FactsCache | undefined,
): Promise<void> {
  const entry = { version: versionOf(session), facts };
  cache?.set(session.id, entry);
  // Nothing to keep for a session without spans: an open of Insights reads none of it either.
  if (session.spanCount === 0) return;
  const value: KeptSessionFacts = { format: FACTS_FORMAT, version: entry.version, facts: JSON.stringify(facts) };
  await runTransaction(db, ['settings'], 'readwrite', (tx) =>
    tx.objectStore('settings').put({ name: FACTS_PREFIX + session.id, value }),
  );
}

/**
 * Reads one session's runs again and keeps their facts in the session's own record (an imported session, or one
 * whose kept facts storage outgrew); the cache, when given, gets them too. A deleted session's record is dropped (the
 * next open forgets the rest).
 */
export async function indexSession(
  db: GlassboxDatabase,
  sessionId: string,
  options: { count?: TokenCounter; cache?: FactsCache } = {},
): Promise<RunFact[]> {
  const [session, records] = await readStorage(() => {
    const tx = db.transaction(['sessions', 'spanChunks'], 'readonly');
    return Promise.all([
      tx.objectStore('sessions').get(sessionId),
      tx.objectStore('spanChunks').getAll(sessionStringRange(sessionId)),
    ]);
  });
  if (!session) {
    options.cache?.delete(sessionId);
    await runTransaction(db, ['settings'], 'readwrite', (tx) =>
      tx.objectStore('settings').delete(FACTS_PREFIX + sessionId),
    );
    return [];
  }
  const facts = factsOf(records, options.count);
  await keepSessionRecord(db, session, facts, options.cache);
  return facts;
}

/**
 * One run of a session was saved: only that run's spans are read, and its facts replace the run's among the
 * session's facts in `cache` (filled from the kept records first). When those facts do not add up to the session's
 * span count with this run (nothing kept for the session, or storage changed behind them: another tab, an older
 * version, a deleted turn), the whole session is read again instead.
 */
export async function indexRun(
  db: GlassboxDatabase,
  sessionId: string,
  runId: string,
  options: { count?: TokenCounter; cache: FactsCache },
): Promise<RunFact[]> {
  const [session, records] = await readStorage(() => {
    const tx = db.transaction(['sessions', 'spanChunks'], 'readonly');
    return Promise.all([
      tx.objectStore('sessions').get(sessionId),
      tx.objectStore('spanChunks').getAll(runChunkRange(sessionId, runId)),
    ]);
  });
  const kept = options.cache.get(sessionId);
  if (!session || !kept) return indexSession(db, sessionId, options);
  const others = kept.facts.filter((fact) => fact.runId !== runId);
  const run = factsOf(records, options.count);
  const spans = [...others, ...run].reduce((total, fact) => total + fact.spans, 0);
  if (spans !== session.spanCount) return indexSession(db, sessionId, options);
  const facts = [...others, ...run].sort((a, b) => a.startTime - b.startTime);
  await keepSessionRecord(db, session, facts, options.cache);
  return facts;
}
