import { runFact, type RunFact, type TokenCounter } from '../trace/insights/run-facts.ts';
import type { SessionRecord, SpanChunkRecord, SpanRecord } from './schema.ts';
import { sessionStringRange } from './schema.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** The run facts read so far, per session, with the session's version (`updatedAt` and span count) when they were read. */
export type FactsCache = Map<string, { version: string; facts: RunFact[] }>;

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
  options: { count?: TokenCounter; pageSize?: number } = {},
): Promise<RunFact[]> {
  const { count, pageSize = PAGE } = options;
  return readStorage(async () => {
    const sessions = await db.getAll('sessions');
    const current = new Set(sessions.map((session) => session.id));
    for (const id of [...cache.keys()]) if (!current.has(id)) cache.delete(id);
    if (cache.size === 0) {
      for (const session of sessions) cache.set(session.id, { version: versionOf(session), facts: [] });
      const collector = new RunCollector((fact) => cache.get(fact.sessionId)?.facts.push(fact), count);
      // The next page is asked for before this one is turned into facts, so storage reads while the worker computes.
      const page = (after: SpanChunkRecord | undefined) =>
        db.getAll('spanChunks', after === undefined ? undefined : IDBKeyRange.lowerBound([after.sessionId, after.runId, after.chunk], true), pageSize);
      let records = await page(undefined);
      for (;;) {
        const next = records.length < pageSize ? undefined : page(records.at(-1));
        for (const record of records) collector.add(record);
        if (!next) break;
        records = await next;
      }
      collector.flush();
    } else {
      const changed = sessions.filter((session) => cache.get(session.id)?.version !== versionOf(session));
      await Promise.all(
        changed.map(async (session) => {
          const records = await db.getAll('spanChunks', sessionStringRange(session.id));
          const facts: RunFact[] = [];
          const collector = new RunCollector((fact) => facts.push(fact), count);
          for (const record of records) collector.add(record);
          collector.flush();
          cache.set(session.id, { version: versionOf(session), facts });
        }),
      );
    }
    return [...cache.values()].flatMap((entry) => entry.facts);
  });
}

/**
 * Where a session's facts are kept between visits: one record per session beside the settings (`insights.facts/` and
 * the session id), never exported. Kept when the session's runs are saved (`indexSession`) and whenever Insights read
 * a session again, so opening Insights reads these records, not the spans, for every session saved since.
 */
export const FACTS_PREFIX = 'insights.facts/';

/** The record of one version with every session in one value: dropped when the per-session records are written. */
const OLD_FACTS_SETTING = 'insights.facts';

/** Bumped whenever `RunFact` changes shape: an older kept record is ignored and the spans are read again. */
const FACTS_FORMAT = 3;

/** A session's facts as JSON text: one string clones and parses much faster than thousands of small objects. */
interface KeptFacts {
  format: number;
  version: string;
  facts: string;
}

const keptRange = () => IDBKeyRange.bound(FACTS_PREFIX, `${FACTS_PREFIX}\uffff`);

/** Fills an empty cache from the facts kept by earlier visits and saves (those of the current format). */
export async function loadKeptFacts(db: GlassboxDatabase, cache: FactsCache): Promise<void> {
  const records = await readStorage(() => db.getAll('settings', keptRange()));
  for (const record of records) {
    const kept = record.value as KeptFacts | undefined;
    if (!kept || kept.format !== FACTS_FORMAT || typeof kept.facts !== 'string') continue;
    cache.set(record.name.slice(FACTS_PREFIX.length), { version: kept.version, facts: JSON.parse(kept.facts) as RunFact[] });
  }
}

/** The facts of every session in the cache as they are now, to tell later which ones `keepFacts` must write. */
export function factsSnapshot(cache: FactsCache): Map<string, RunFact[]> {
  return new Map([...cache].map(([id, entry]) => [id, entry.facts]));
}

/**
 * Keeps the sessions of the cache read again since `before` (a snapshot) and forgets those no longer in it, so the
 * next visit reads only the sessions that changed after.
 */
export async function keepFacts(db: GlassboxDatabase, cache: FactsCache, before: ReadonlyMap<string, RunFact[]> = new Map()): Promise<void> {
  const changed = [...cache].filter(([id, entry]) => before.get(id) !== entry.facts);
  const removed = [...before.keys()].filter((id) => !cache.has(id));
  if (changed.length === 0 && removed.length === 0) return;
  await runTransaction(db, ['settings'], 'readwrite', async (tx) => {
    const store = tx.objectStore('settings');
    await Promise.all([
      ...changed.map(([id, entry]) => store.put({ name: FACTS_PREFIX + id, value: { format: FACTS_FORMAT, version: entry.version, facts: JSON.stringify(entry.facts) } satisfies KeptFacts })),
      ...removed.map((id) => store.delete(FACTS_PREFIX + id)),
      store.delete(OLD_FACTS_SETTING),
    ]);
  });
}

/**
 * Reads one session's runs again and keeps their facts (called when its runs are saved); the cache, when given, gets
 * them too. A deleted session's kept facts are dropped.
 */
export async function indexSession(db: GlassboxDatabase, sessionId: string, options: { count?: TokenCounter; cache?: FactsCache } = {}): Promise<RunFact[]> {
  // Always written: the kept record is compared with nothing.
  const before = new Map<string, RunFact[]>([[sessionId, []]]);
  const [session, records] = await readStorage(() => {
    const tx = db.transaction(['sessions', 'spanChunks'], 'readonly');
    return Promise.all([tx.objectStore('sessions').get(sessionId), tx.objectStore('spanChunks').getAll(sessionStringRange(sessionId))]);
  });
  if (!session) {
    options.cache?.delete(sessionId);
    await keepFacts(db, new Map(), before);
    return [];
  }
  const facts: RunFact[] = [];
  const collector = new RunCollector((fact) => facts.push(fact), options.count);
  for (const record of records) collector.add(record);
  collector.flush();
  const entry = { version: versionOf(session), facts };
  options.cache?.set(sessionId, entry);
  await keepFacts(db, new Map([[sessionId, entry]]), before);
  return facts;
}
