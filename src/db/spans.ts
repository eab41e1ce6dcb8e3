import type { Span } from '../trace/span.ts';
import type { SpanChunkRecord, SpanRecord } from './schema.ts';
import { runChunkRange, sessionStringRange } from './schema.ts';
import { StorageError } from './storage-error.ts';
import { readStorage, requestAll, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** Start time, then span id: the order the v2 `by-session` index gave. */
function byStart(a: SpanRecord, b: SpanRecord): number {
  return a.startTime - b.startTime || (a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0);
}

/** Most spans in one chunk written at once (an import): a run of thousands is split. */
const CHUNK_SPANS = 500;

/** Groups spans into the chunk records an import writes: per run, in start order, at most 500 spans each. */
export function chunkSpans(spans: readonly SpanRecord[]): SpanChunkRecord[] {
  const runs = new Map<string, SpanRecord[]>();
  for (const span of spans) {
    const key = `${span.sessionId}\u0000${span.runId}`;
    const list = runs.get(key);
    if (list) list.push(span);
    else runs.set(key, [span]);
  }
  const records: SpanChunkRecord[] = [];
  for (const list of runs.values()) {
    list.sort(byStart);
    const { sessionId, runId } = list[0] as SpanRecord;
    for (let start = 0, chunk = 0; start < list.length; start += CHUNK_SPANS, chunk += 1) {
      records.push({ sessionId, runId, chunk, spans: list.slice(start, start + CHUNK_SPANS) });
    }
  }
  return records;
}

/** The spans of chunk records, ordered by start time. */
export function spansOfChunks(chunks: readonly SpanChunkRecord[]): SpanRecord[] {
  const spans: SpanRecord[] = [];
  for (const chunk of chunks) for (const span of chunk.spans) spans.push(span);
  return spans.sort(byStart);
}

/** The part of the `spanChunks` store of a read-write transaction that the span writes use. */
export interface ChunkStore {
  get(key: [string, string, number]): Promise<SpanChunkRecord | undefined>;
  getAll(query: IDBKeyRange): Promise<SpanChunkRecord[]>;
  put(value: SpanChunkRecord): Promise<unknown>;
}

/** A chunk with some of its spans replaced; the updates it does not hold are returned. */
function withUpdates(
  record: SpanChunkRecord,
  updates: readonly SpanRecord[],
): { record: SpanChunkRecord; unmatched: SpanRecord[] } {
  const byId = new Map(updates.map((span) => [span.spanId, span]));
  const spans = record.spans.map((span) => {
    const update = byId.get(span.spanId);
    if (!update) return span;
    byId.delete(span.spanId);
    return update;
  });
  return { record: { ...record, spans: spans.sort(byStart) }, unmatched: [...byId.values()] };
}

/** Where a run's spans are stored: span id → chunk, and the highest chunk number. */
interface RunPlacement {
  chunks: Map<string, number>;
  last: number;
}

/**
 * Remembers, per run, which chunk holds each span, so a step writes its new spans as one new chunk and rewrites
 * only the chunks holding spans it updates (usually the previous step's), without reading the run's other chunks.
 * A run not seen before is read once. A placement that turns out wrong (another tab wrote the run) is re-read.
 */
export class SpanPlacements {
  private readonly runs = new Map<string, RunPlacement>();

  /** Forgets everything (after a failed write, whose placements may not have been stored). */
  clear(): void {
    this.runs.clear();
  }

  get(sessionId: string, runId: string): RunPlacement | undefined {
    return this.runs.get(`${sessionId}\u0000${runId}`);
  }

  set(sessionId: string, runId: string, placement: RunPlacement): void {
    const key = `${sessionId}\u0000${runId}`;
    this.runs.delete(key);
    this.runs.set(key, placement);
    // Only recent runs are written to; the oldest are forgotten (and re-read if ever written again).
    if (this.runs.size > 64) this.runs.delete(this.runs.keys().next().value as string);
  }
}

function placementOf(records: readonly SpanChunkRecord[]): RunPlacement {
  const placement: RunPlacement = { chunks: new Map(), last: -1 };
  for (const record of records) {
    placement.last = Math.max(placement.last, record.chunk);
    for (const span of record.spans) placement.chunks.set(span.spanId, record.chunk);
  }
  return placement;
}

/**
 * Live placement (a step's write), inside the caller's transaction: the spans of a run not stored yet become one
 * new chunk, and the chunks holding the spans it updates are rewritten — never the run's or session's other
 * chunks. Resolves with how many spans were not stored before.
 */
export async function putSpansInChunks(
  store: ChunkStore,
  spans: readonly SpanRecord[],
  placements: SpanPlacements,
): Promise<number> {
  const byRun = new Map<string, SpanRecord[]>();
  for (const span of new Map(spans.map((item) => [item.spanId, item])).values()) {
    const key = `${span.sessionId}\u0000${span.runId}`;
    const list = byRun.get(key);
    if (list) list.push(span);
    else byRun.set(key, [span]);
  }
  const added = await Promise.all([...byRun.values()].map((runSpans) => putRunSpans(store, runSpans, placements)));
  return added.reduce((total, count) => total + count, 0);
}

async function putRunSpans(
  store: ChunkStore,
  spans: readonly SpanRecord[],
  placements: SpanPlacements,
): Promise<number> {
  const { sessionId, runId } = spans[0] as SpanRecord;
  let placement = placements.get(sessionId, runId);
  let fetched = new Map<number, SpanChunkRecord>();
  const readRun = async () => {
    const records = await store.getAll(runChunkRange(sessionId, runId));
    placement = placementOf(records);
    fetched = new Map(records.map((record) => [record.chunk, record]));
  };
  if (!placement) await readRun();
  for (let attempt = 0; ; attempt += 1) {
    const current = placement as RunPlacement;
    const updates = new Map<number, SpanRecord[]>();
    const fresh: SpanRecord[] = [];
    for (const span of spans) {
      const chunk = current.chunks.get(span.spanId);
      if (chunk === undefined) fresh.push(span);
      else updates.set(chunk, [...(updates.get(chunk) ?? []), span]);
    }
    const next = current.last + 1;
    const missing = [...updates.keys()].filter((chunk) => !fetched.has(chunk));
    // The chunk the new spans go to must not exist yet: if it does, another connection wrote this run.
    if (fresh.length > 0 && !fetched.has(next)) missing.push(next);
    const records = await requestAll(missing.map((chunk) => () => store.get([sessionId, runId, chunk])));
    missing.forEach((chunk, index) => {
      const record = records[index];
      if (record) fetched.set(chunk, record);
    });
    if (fetched.has(next) && attempt === 0) {
      await readRun();
      continue;
    }
    const rewritten: SpanChunkRecord[] = [];
    let misplaced = false;
    for (const [chunk, list] of updates) {
      const record = fetched.get(chunk);
      const result = record ? withUpdates(record, list) : undefined;
      if (!result || result.unmatched.length > 0) misplaced = true;
      else rewritten.push(result.record);
    }
    if (misplaced && attempt === 0) {
      // What was remembered is out of date: read the run as stored and place again.
      await readRun();
      continue;
    }
    const added: SpanRecord[] = [...fresh];
    // Still not where they should be after a fresh read: store them as new.
    if (misplaced)
      for (const [chunk, list] of updates) if (!rewritten.some((record) => record.chunk === chunk)) added.push(...list);
    const writes = [...rewritten];
    if (added.length > 0) writes.push({ sessionId, runId, chunk: next, spans: [...added].sort(byStart) });
    await requestAll(writes.map((record) => () => store.put(record)));
    for (const span of added) current.chunks.set(span.spanId, next);
    if (added.length > 0) current.last = next;
    placements.set(sessionId, runId, current);
    return added.length;
  }
}

/** The placements of each open database. */
const placementsByDb = new WeakMap<object, SpanPlacements>();

/** The span placements remembered for this database connection. */
export function spanPlacements(db: GlassboxDatabase): SpanPlacements {
  let placements = placementsByDb.get(db);
  if (!placements) {
    placements = new SpanPlacements();
    placementsByDb.set(db, placements);
  }
  return placements;
}

/** Puts spans (new or updated) of one session in one transaction, keeping the session's span count exact. */
export async function putSpans(db: GlassboxDatabase, sessionId: string, spans: Span[]): Promise<void> {
  if (spans.length === 0) return;
  for (const span of spans) {
    if (span.sessionId !== sessionId) throw new Error(`putSpans for ${sessionId} received a span of ${span.sessionId}`);
  }
  const placements = spanPlacements(db);
  await runTransaction(db, ['sessions', 'spanChunks'], 'readwrite', async (tx) => {
    const sessions = tx.objectStore('sessions');
    const session = await sessions.get(sessionId);
    if (!session) throw new StorageError('not-found', `Session ${sessionId} does not exist.`);
    const added = await putSpansInChunks(tx.objectStore('spanChunks'), spans, placements);
    await sessions.put({ ...session, spanCount: session.spanCount + added });
  }).catch((error: unknown) => {
    placements.clear();
    throw error;
  });
}

/** A session's spans ordered by start time. */
export function listSpans(db: GlassboxDatabase, sessionId: string): Promise<SpanRecord[]> {
  return readStorage(async () => spansOfChunks(await db.getAll('spanChunks', sessionStringRange(sessionId))));
}

/** The spans of one run (the root span and everything under it), ordered by start time. */
export function listRunSpans(db: GlassboxDatabase, sessionId: string, runId: string): Promise<SpanRecord[]> {
  return readStorage(async () => spansOfChunks(await db.getAll('spanChunks', runChunkRange(sessionId, runId))));
}
