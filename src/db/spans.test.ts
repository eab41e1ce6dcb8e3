import { describe, expect, it, vi } from 'vitest';
import { createTestIndexedDb, openTestDb } from '../testing/fake-db.ts';
import { createSession, getSession } from './sessions.ts';
import { listRunSpans, listSpans, putSpans } from './spans.ts';
import { span } from './test-fixtures.ts';

describe('spans', () => {
  it('stores spans per session ordered by start time, counting each span once', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await createSession(db, { id: 'sess_b', now: 1 });
    await putSpans(db, 'sess_a', [
      span('sess_a', 'aaaaaaaaaaaaaaa2', {
        startTime: 20,
        runId: 'aaaaaaaaaaaaaaa1',
        kind: 'llm',
        parentSpanId: 'aaaaaaaaaaaaaaa1',
      }),
      span('sess_a', 'aaaaaaaaaaaaaaa1', { startTime: 10, status: 'running' }),
    ]);
    await putSpans(db, 'sess_a', [span('sess_a', 'aaaaaaaaaaaaaaa1', { startTime: 10, status: 'ok' })]);
    await putSpans(db, 'sess_b', [span('sess_b', 'bbbbbbbbbbbbbbb1', { startTime: 5 })]);
    const spans = await listSpans(db, 'sess_a');
    expect(spans.map((s) => [s.spanId, s.status])).toEqual([
      ['aaaaaaaaaaaaaaa1', 'ok'],
      ['aaaaaaaaaaaaaaa2', 'ok'],
    ]);
    expect((await getSession(db, 'sess_a'))?.spanCount).toBe(2);
    expect((await listRunSpans(db, 'sess_a', 'aaaaaaaaaaaaaaa1')).map((s) => s.spanId)).toEqual([
      'aaaaaaaaaaaaaaa1',
      'aaaaaaaaaaaaaaa2',
    ]);
    expect((await listSpans(db, 'sess_b')).map((s) => s.spanId)).toEqual(['bbbbbbbbbbbbbbb1']);
  });

  it("writes a step's new spans as one chunk and rewrites only the chunks holding the spans it updates", async () => {
    const factory = createTestIndexedDb();
    const db = await openTestDb({ indexedDB: factory, name: 'chunks' });
    await createSession(db, { id: 'sess_a', now: 1 });
    const run = 'aaaaaaaaaaaaaaa1';
    const at = (index: number, status: 'running' | 'ok' = 'ok') =>
      span('sess_a', `aaaaaaaaaaaaa${String(index).padStart(3, '0')}`, {
        startTime: 1_000 + index,
        runId: run,
        status,
      });
    await putSpans(
      db,
      'sess_a',
      Array.from({ length: 40 }, (_, index) => at(index)),
    );
    expect((await db.getAll('spanChunks')).map((chunk) => [chunk.chunk, chunk.spans.length])).toEqual([[0, 40]]);

    const puts = async (write: () => Promise<void>) => {
      const put = vi.spyOn(IDBObjectStore.prototype, 'put');
      try {
        await write();
        return put.mock.calls.map(([value]) => (value as { chunk?: number; spans?: unknown[] }).chunk ?? 'session');
      } finally {
        put.mockRestore();
      }
    };
    // A step: one span of the first chunk ends, one starts: chunk 0 is rewritten, chunk 1 made.
    expect(await puts(() => putSpans(db, 'sess_a', [at(39, 'running'), at(40, 'running')]))).toEqual([0, 1, 'session']);
    // The next step updates only the span of chunk 1: chunk 0 is not touched.
    const chunk0 = await db.get('spanChunks', ['sess_a', run, 0]);
    expect(await puts(() => putSpans(db, 'sess_a', [at(40), at(41)]))).toEqual([1, 2, 'session']);
    expect(await db.get('spanChunks', ['sess_a', run, 0])).toEqual(chunk0);

    // Another connection (a reload) knows nothing remembered: it reads the run once and places the same way.
    const other = await openTestDb({ indexedDB: factory, name: 'chunks' });
    expect(await puts(() => putSpans(other, 'sess_a', [at(39), at(42)]))).toEqual([0, 3, 'session']);
    // Spans this connection placed but the first one does not know of are found by re-reading the run.
    expect(await puts(() => putSpans(db, 'sess_a', [at(42, 'running')]))).toEqual([3, 'session']);

    const spans = await listSpans(db, 'sess_a');
    expect(spans.map((s) => s.spanId)).toEqual(Array.from({ length: 43 }, (_, index) => at(index).spanId));
    expect(spans.find((s) => s.spanId === at(39).spanId)?.status).toBe('ok');
    expect(spans.find((s) => s.spanId === at(42).spanId)?.status).toBe('running');
    expect((await getSession(db, 'sess_a'))?.spanCount).toBe(43);
    other.close();
    db.close();
  });

  it('refuses spans of another session', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await expect(putSpans(db, 'sess_a', [span('sess_b', 'bbbbbbbbbbbbbbb1')])).rejects.toThrow(/sess_b/);
  });
});
