import { describe, expect, it, vi } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { createSession, getSession } from './sessions.ts';
import { listRunSpans, listSpans, putSpans } from './spans.ts';
import { span } from './test-fixtures.ts';

describe('spans', () => {
  it('stores spans per session ordered by start time, counting each span once', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await createSession(db, { id: 'sess_b', now: 1 });
    await putSpans(db, 'sess_a', [
      span('sess_a', 'aaaaaaaaaaaaaaa2', { startTime: 20, runId: 'aaaaaaaaaaaaaaa1', kind: 'llm', parentSpanId: 'aaaaaaaaaaaaaaa1' }),
      span('sess_a', 'aaaaaaaaaaaaaaa1', { startTime: 10, status: 'running' }),
    ]);
    await putSpans(db, 'sess_a', [span('sess_a', 'aaaaaaaaaaaaaaa1', { startTime: 10, status: 'ok' })]);
    await putSpans(db, 'sess_b', [span('sess_b', 'bbbbbbbbbbbbbbb1', { startTime: 5 })]);
    const spans = await listSpans(db, 'sess_a');
    expect(spans.map((s) => [s.spanId, s.status])).toEqual([['aaaaaaaaaaaaaaa1', 'ok'], ['aaaaaaaaaaaaaaa2', 'ok']]);
    expect((await getSession(db, 'sess_a'))?.spanCount).toBe(2);
    expect((await listRunSpans(db, 'sess_a', 'aaaaaaaaaaaaaaa1')).map((s) => s.spanId)).toEqual(['aaaaaaaaaaaaaaa1', 'aaaaaaaaaaaaaaa2']);
    expect((await listSpans(db, 'sess_b')).map((s) => s.spanId)).toEqual(['bbbbbbbbbbbbbbb1']);
  });

  it('stores a run as one record per 5 s slice and rewrites only the slice a write touches', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    const run = 'aaaaaaaaaaaaaaa1';
    const at = (index: number, startTime: number, status: 'running' | 'ok' = 'ok') =>
      span('sess_a', `aaaaaaaaaaaaa${String(index).padStart(3, '0')}`, { startTime, runId: run, status });
    // 40 spans over 20 s: four slices of 5 s.
    await putSpans(db, 'sess_a', Array.from({ length: 40 }, (_, index) => at(index, 1_000_000 + index * 500)));
    const chunks = await db.getAll('spanChunks');
    expect(chunks.map((chunk) => [chunk.runId, chunk.chunk, chunk.spans.length])).toEqual([
      [run, 200, 10],
      [run, 201, 10],
      [run, 202, 10],
      [run, 203, 10],
    ]);
    const before = await db.get('spanChunks', ['sess_a', run, 201]);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    try {
      await putSpans(db, 'sess_a', [at(39, 1_000_000 + 39 * 500, 'running'), at(40, 1_000_000 + 40 * 500)]);
      // The session record, the updated slice and the new one.
      expect(put.mock.calls.map(([value]) => (value as { chunk?: number }).chunk)).toEqual([203, 204, undefined]);
    } finally {
      put.mockRestore();
    }
    expect(await db.get('spanChunks', ['sess_a', run, 201])).toEqual(before);
    const spans = await listSpans(db, 'sess_a');
    expect(spans).toHaveLength(41);
    expect(spans.map((s) => s.startTime)).toEqual([...spans.map((s) => s.startTime)].sort((a, b) => a - b));
    expect(spans.find((s) => s.spanId === 'aaaaaaaaaaaaa039')?.status).toBe('running');
    expect((await getSession(db, 'sess_a'))?.spanCount).toBe(41);
  });

  it('refuses spans of another session', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await expect(putSpans(db, 'sess_a', [span('sess_b', 'bbbbbbbbbbbbbbb1')])).rejects.toThrow(/sess_b/);
  });
});
