// Computes Insights off the main thread: reads the run facts from IndexedDB (all of it once, then only the sessions
// that changed) and answers queries (time range, session, prices, stuck threshold) from the facts it holds.
import { aggregateInsights } from '../trace/insights/aggregate.ts';
import type { InsightsQuery, InsightsReport } from '../trace/insights/insights-report.ts';
import type { RunFact } from '../trace/insights/run-facts.ts';
import { countTokens, loadEncodings } from '../trace/insights/token-counter.ts';
import { tokenizerEncoding, type TokenizerEncoding } from '../trace/insights/tokenizer-family.ts';
import {
  indexRun,
  indexSession,
  keepFacts,
  loadKeptFacts,
  refreshRunFacts,
  type FactsCache,
} from './insights-facts.ts';
import { openGlassboxDb } from './open-db.ts';
import type { GlassboxDatabase } from './transaction.ts';

/** What the page asks: a query, and whether to read what changed in storage first (the view just opened). */
export interface InsightsRequest {
  id: number;
  query: InsightsQuery;
  refresh: boolean;
}

/**
 * The page saved a run of a session (`runId`), or imported the session: its facts are brought up to date and kept.
 * Nothing is answered.
 */
export interface IndexRequest {
  index: string;
  runId?: string;
}

/** What the worker answers, matched to the request by id. */
export type InsightsResponse =
  | { id: number; ok: true; report: InsightsReport; runs: number; timing: InsightsTiming }
  | { id: number; ok: false; error: string };

/** How long the worker took: reading storage (0 when nothing was read) and aggregating, and where the read went. */
export interface InsightsTiming {
  readMs: number;
  aggregateMs: number;
  /** Ms per phase of this answer (opening the database, kept facts, span pages awaited, facts computed, counting). */
  phases?: Record<string, number>;
  /** When the worker's script started and when it posted this answer (ms since the epoch, for the page's own marks). */
  startedAt?: number;
  postedAt?: number;
}

interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<InsightsRequest | IndexRequest>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const startedAt = performance.timeOrigin + performance.now();
const cache: FactsCache = new Map();
let database: Promise<GlassboxDatabase> | undefined;
let facts: RunFact[] | undefined;
let keptLoaded = false;

function openDatabase(): Promise<GlassboxDatabase> {
  database ??= openGlassboxDb({
    // Another tab upgrades the database: let go, and open again on the next request.
    onVersionChange: () => {
      database = undefined;
    },
    onTerminated: () => {
      database = undefined;
    },
  });
  return database;
}

// Requests are answered in order: a refresh finishes before the filter change that follows it is computed. The
// worker starts when Insights opens or a run is saved, and either needs the kept facts: they are read at once, while
// the page is still loading the view.
let warmUpMs: number | undefined;
let queue: Promise<void> = openDatabase().then(
  async (db) => {
    const started = performance.now();
    await loadKeptOnce(db);
    warmUpMs = performance.now() - started;
  },
  () => {
    database = undefined;
  },
);
scope.onmessage = (event) => {
  const request = event.data;
  queue = queue.then(() => ('index' in request ? keepSessionFacts(request) : handle(request)));
};

/** Session records written since they were last folded into the one record: past this many, they are folded. */
const FOLD_AFTER = 64;
let unfolded = 0;
let foldTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Counts a session record just written; once there are many (an import's sessions), folds them all into the one
 * record a second after the last one (one record reads much faster than hundreds).
 */
function foldSoon(): void {
  unfolded += 1;
  if (unfolded < FOLD_AFTER) return;
  clearTimeout(foldTimer);
  foldTimer = setTimeout(() => {
    queue = queue.then(async () => {
      if (unfolded < FOLD_AFTER) return;
      unfolded = 0;
      await keepFacts(await openDatabase(), cache).catch(() => undefined);
    });
  }, 1_000);
}

/** Fills the cache from the facts kept by earlier visits and saves, once per worker. */
async function loadKeptOnce(db: GlassboxDatabase): Promise<void> {
  if (keptLoaded) return;
  keptLoaded = true;
  await loadKeptFacts(db, cache).catch(() => undefined);
}

/**
 * Keeps the facts of a run just saved (or of a session imported). Tokens are counted only with vocabularies already
 * loaded: nothing is fetched in the background; opening Insights counts what was estimated.
 */
async function keepSessionFacts(request: IndexRequest): Promise<void> {
  try {
    const db = await openDatabase();
    await loadKeptOnce(db);
    const options = { count: countTokens, cache };
    await (request.runId === undefined
      ? indexSession(db, request.index, options)
      : indexRun(db, request.index, request.runId, options));
    facts = undefined;
    foldSoon();
  } catch {
    // Not kept: the next open of Insights reads this session's spans instead.
    database = undefined;
  }
}

/** The vocabularies that estimated calls among `runFacts` could be counted with, and their sessions. */
function countable(runFacts: readonly RunFact[]): { encodings: Set<TokenizerEncoding>; sessions: Set<string> } {
  const encodings = new Set<TokenizerEncoding>();
  const sessions = new Set<string>();
  for (const fact of runFacts) {
    for (const call of fact.llm) {
      const encoding = call.tokenSource === 'estimated' ? tokenizerEncoding(call.model) : undefined;
      if (encoding === undefined) continue;
      encodings.add(encoding);
      sessions.add(fact.sessionId);
    }
  }
  return { encodings, sessions };
}

/**
 * Model calls without reported usage whose model family has a tokenizer were estimated while its vocabulary was not
 * loaded: load the vocabularies those calls need (only then) and read those sessions again, counted.
 */
async function countWhereKnown(db: GlassboxDatabase, current: RunFact[]): Promise<RunFact[]> {
  const { encodings, sessions } = countable(current);
  if (sessions.size === 0) return current;
  try {
    await loadEncodings(encodings);
  } catch {
    // No vocabulary (offline before it was ever fetched): the estimate stays, marked as such.
    return current;
  }
  for (const id of sessions) {
    const entry = cache.get(id);
    if (entry) cache.set(id, { ...entry, version: '' });
  }
  return refreshRunFacts(db, cache, { count: countTokens });
}

async function handle(request: InsightsRequest): Promise<void> {
  try {
    const started = performance.now();
    const phases: Record<string, number> = {};
    let mark = started;
    const phase = (name: string) => {
      const now = performance.now();
      phases[name] = (phases[name] ?? 0) + now - mark;
      mark = now;
    };
    let changed = false;
    const db = request.refresh || !facts ? await openDatabase() : undefined;
    if (db) {
      // The first answer's read includes the kept facts read when the worker started.
      if (warmUpMs !== undefined) phases.warmUp = warmUpMs;
      warmUpMs = undefined;
      phase('openDb');
      await loadKeptOnce(db);
      phase('keptFacts');
      const before = facts;
      const stats = { waitMs: 0, computeMs: 0, chunks: 0 };
      facts = await refreshRunFacts(db, cache, { count: countTokens, stats });
      phase('refresh');
      Object.assign(phases, { spanPagesWait: stats.waitMs, spanFacts: stats.computeMs, chunks: stats.chunks });
      facts = await countWhereKnown(db, facts);
      phase('counting');
      changed =
        before === undefined || facts.length !== before.length || facts.some((fact, index) => fact !== before[index]);
    }
    const read = performance.now();
    const report = aggregateInsights(facts ?? [], request.query);
    const timing = {
      readMs: db ? read - started + (phases.warmUp ?? 0) : 0,
      aggregateMs: performance.now() - read,
      phases,
      startedAt,
      postedAt: performance.timeOrigin + performance.now(),
    };
    scope.postMessage({
      id: request.id,
      ok: true,
      report,
      runs: facts?.length ?? 0,
      timing,
    } satisfies InsightsResponse);
    // Kept for the next visit once the answer is out; a failure only means the next first open reads the spans again.
    if (db && changed) {
      unfolded = 0;
      await keepFacts(db, cache).catch(() => undefined);
    }
  } catch (error) {
    database = undefined;
    scope.postMessage({
      id: request.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    } satisfies InsightsResponse);
  }
}
