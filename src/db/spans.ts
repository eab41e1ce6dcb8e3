import type { Span } from '../trace/span.ts';
import type { SpanRecord } from './schema.ts';
import { sessionNumberRange } from './schema.ts';
import { StorageError } from './storage-error.ts';
import { readStorage, requestAll, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** Puts spans (new or updated) of one session in one transaction, keeping the session's span count exact. */
export async function putSpans(db: GlassboxDatabase, sessionId: string, spans: Span[]): Promise<void> {
  if (spans.length === 0) return;
  for (const span of spans) {
    if (span.sessionId !== sessionId) throw new Error(`putSpans for ${sessionId} received a span of ${span.sessionId}`);
  }
  await runTransaction(db, ['sessions', 'spans'], 'readwrite', async (tx) => {
    const sessions = tx.objectStore('sessions');
    const store = tx.objectStore('spans');
    const session = await sessions.get(sessionId);
    if (!session) throw new StorageError('not-found', `Session ${sessionId} does not exist.`);
    const existing = await requestAll(spans.map((span) => () => store.getKey(span.spanId)));
    const added = new Set(spans.filter((_, index) => existing[index] === undefined).map((span) => span.spanId)).size;
    await requestAll<unknown>([
      ...spans.map((span) => () => store.put(span)),
      () => sessions.put({ ...session, spanCount: session.spanCount + added }),
    ]);
  });
}

/** A session's spans ordered by start time. */
export function listSpans(db: GlassboxDatabase, sessionId: string): Promise<SpanRecord[]> {
  return readStorage(() => db.getAllFromIndex('spans', 'by-session', sessionNumberRange(sessionId)));
}

/** The spans of one run (the root span and everything under it), ordered by start time. */
export function listRunSpans(db: GlassboxDatabase, runId: string): Promise<SpanRecord[]> {
  return readStorage(async () =>
    (await db.getAllFromIndex('spans', 'by-run', runId)).sort((a, b) => a.startTime - b.startTime),
  );
}
