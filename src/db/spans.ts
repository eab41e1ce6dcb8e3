import type { Span } from '../trace/span.ts';
import type { SpanChunkRecord, SpanRecord } from './schema.ts';
import { runChunkRange, sessionStringRange, spanChunkOf } from './schema.ts';
import { StorageError } from './storage-error.ts';
import { readStorage, requestAll, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** Start time, then span id: the order the v2 `by-session` index gave. */
function byStart(a: SpanRecord, b: SpanRecord): number {
  return a.startTime - b.startTime || (a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0);
}

function chunkKey(sessionId: string, runId: string, chunk: number): string {
  return `${sessionId}\u0000${runId}\u0000${chunk}`;
}

/** Groups spans into the chunk records they are stored as (per run and time slice), spans in start order. */
export function chunkSpans(spans: readonly SpanRecord[]): SpanChunkRecord[] {
  const chunks = new Map<string, SpanChunkRecord>();
  for (const span of spans) {
    const chunk = spanChunkOf(span);
    const key = chunkKey(span.sessionId, span.runId, chunk);
    let record = chunks.get(key);
    if (!record) {
      record = { sessionId: span.sessionId, runId: span.runId, chunk, spans: [] };
      chunks.set(key, record);
    }
    record.spans.push(span);
  }
  const records = [...chunks.values()];
  for (const record of records) record.spans.sort(byStart);
  return records;
}

/** The spans of chunk records, ordered by start time. */
export function spansOfChunks(chunks: readonly SpanChunkRecord[]): SpanRecord[] {
  const spans: SpanRecord[] = [];
  for (const chunk of chunks) for (const span of chunk.spans) spans.push(span);
  return spans.sort(byStart);
}

/** The part of the `spanChunks` store of a read-write transaction that `putSpansInChunks` uses. */
export interface ChunkStore {
  get(key: [string, string, number]): Promise<SpanChunkRecord | undefined>;
  put(value: SpanChunkRecord): Promise<unknown>;
}

/**
 * Puts spans (new or updated, already in their stored form) into their chunks, inside the caller's
 * transaction: it reads and rewrites only the chunks these spans fall in (a step's are one or two), never the
 * session's other spans. Resolves with how many of them were not stored before.
 */
export async function putSpansInChunks(store: ChunkStore, spans: readonly SpanRecord[]): Promise<number> {
  if (spans.length === 0) return 0;
  // The last version of a span in one write wins.
  const latest = new Map(spans.map((span) => [span.spanId, span]));
  const wanted = chunkSpans([...latest.values()]);
  const stored = await requestAll(wanted.map((chunk) => () => store.get([chunk.sessionId, chunk.runId, chunk.chunk])));
  let added = 0;
  const merged = wanted.map((chunk, index) => {
    const existing = stored[index];
    if (!existing) {
      added += chunk.spans.length;
      return chunk;
    }
    const updates = new Map(chunk.spans.map((span) => [span.spanId, span]));
    const next = existing.spans.map((span) => {
      const update = updates.get(span.spanId);
      if (!update) return span;
      updates.delete(span.spanId);
      return update;
    });
    added += updates.size;
    next.push(...updates.values());
    return { ...existing, spans: next.sort(byStart) };
  });
  await requestAll(merged.map((chunk) => () => store.put(chunk)));
  return added;
}

/** Puts spans (new or updated) of one session in one transaction, keeping the session's span count exact. */
export async function putSpans(db: GlassboxDatabase, sessionId: string, spans: Span[]): Promise<void> {
  if (spans.length === 0) return;
  for (const span of spans) {
    if (span.sessionId !== sessionId) throw new Error(`putSpans for ${sessionId} received a span of ${span.sessionId}`);
  }
  await runTransaction(db, ['sessions', 'spanChunks'], 'readwrite', async (tx) => {
    const sessions = tx.objectStore('sessions');
    const session = await sessions.get(sessionId);
    if (!session) throw new StorageError('not-found', `Session ${sessionId} does not exist.`);
    const added = await putSpansInChunks(tx.objectStore('spanChunks'), spans);
    await sessions.put({ ...session, spanCount: session.spanCount + added });
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
