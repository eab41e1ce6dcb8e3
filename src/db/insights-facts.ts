import { runFact, type RunFact, type TokenCounter } from '../trace/insights/run-facts.ts';
import type { SessionRecord, SpanChunkRecord, SpanRecord } from './schema.ts';
import { sessionStringRange } from './schema.ts';
import { readSetting, writeSetting } from './settings.ts';
import { readStorage, type GlassboxDatabase } from './transaction.ts';

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

/** Where the facts are kept between visits: a record beside the settings, never exported. */
export const FACTS_SETTING = 'insights.facts';

/** Bumped whenever `RunFact` changes shape: an older kept record is ignored and the spans are read again. */
const FACTS_FORMAT = 2;

/** Each session's facts as JSON text: one string clones and parses much faster than thousands of small objects. */
interface KeptFacts {
  format: number;
  sessions: Array<[string, string, string]>;
}

/** Fills an empty cache from the facts kept by an earlier visit (when their format is current). */
export async function loadKeptFacts(db: GlassboxDatabase, cache: FactsCache): Promise<void> {
  const kept = (await readSetting(db, FACTS_SETTING)) as KeptFacts | undefined;
  if (!kept || kept.format !== FACTS_FORMAT || !Array.isArray(kept.sessions)) return;
  for (const [id, version, facts] of kept.sessions) cache.set(id, { version, facts: JSON.parse(facts) as RunFact[] });
}

/** Keeps the cache for the next visit, so opening Insights then reads only the sessions that changed. */
export function keepFacts(db: GlassboxDatabase, cache: FactsCache): Promise<void> {
  const value: KeptFacts = { format: FACTS_FORMAT, sessions: [...cache].map(([id, entry]) => [id, entry.version, JSON.stringify(entry.facts)]) };
  return writeSetting(db, FACTS_SETTING, value);
}
