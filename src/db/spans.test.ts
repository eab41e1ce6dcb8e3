import { describe, expect, it } from 'vitest';
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
    expect((await listRunSpans(db, 'aaaaaaaaaaaaaaa1')).map((s) => s.spanId)).toEqual(['aaaaaaaaaaaaaaa1', 'aaaaaaaaaaaaaaa2']);
    expect((await listSpans(db, 'sess_b')).map((s) => s.spanId)).toEqual(['bbbbbbbbbbbbbbb1']);
  });

  it('refuses spans of another session', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await expect(putSpans(db, 'sess_a', [span('sess_b', 'bbbbbbbbbbbbbbb1')])).rejects.toThrow(/sess_b/);
  });
});
