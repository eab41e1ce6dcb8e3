import { afterEach, describe, expect, it, vi } from 'vitest';
import { assistantEntry, sequentialIds, span, userEntry } from '../db/test-fixtures.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { createIndexedDbPersistence } from './indexeddb-persistence.ts';

/** A storage that is full while `full` is true: every put and add fails with QuotaExceededError. */
function fakeQuota() {
  const state = { full: false, refused: 0 };
  for (const method of ['put', 'add'] as const) {
    const original = IDBObjectStore.prototype[method];
    vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (state.full) {
        state.refused += 1;
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return original.apply(this, args);
    });
  }
  return state;
}

async function setup() {
  const quota = fakeQuota();
  const retries: Array<() => void> = [];
  const pending: number[] = [];
  const persistence = createIndexedDbPersistence(await openTestDb(), {
    newId: sequentialIds(),
    now: () => 5_000,
    onPendingWrites: (count) => pending.push(count),
    scheduleRetry: (retry) => retries.push(retry),
  });
  const session = await persistence.createSession();
  return { quota, retries, pending, persistence, sessionId: session.id };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('IndexedDB persistence when storage is full', () => {
  it('keeps the writes a full storage refused in memory, in order, and writes them on the retry once space is free', async () => {
    const { quota, retries, pending, persistence, sessionId } = await setup();
    await persistence.saveStep({
      sessionId,
      entries: [userEntry(sessionId, 'msg_1', 'one', 1)],
      spans: [],
      session: {},
    });

    quota.full = true;
    const kept = await persistence.saveStep({
      sessionId,
      entries: [assistantEntry(sessionId, 'msg_2', 'two', 2)],
      spans: [span(sessionId, 'aaaaaaaaaaaaaaa1', { startTime: 2 })],
      session: { status: 'running' },
    });
    // Kept, not failed: nothing is thrown and nothing is written yet.
    expect(kept).toBeUndefined();
    expect(quota.refused).toBeGreaterThan(0);
    expect(pending).toEqual([1]);
    expect(retries).toHaveLength(1);
    // A later write queues behind the kept one without touching storage, so the order is kept.
    const refusedBefore = quota.refused;
    await persistence.saveStep({
      sessionId,
      entries: [userEntry(sessionId, 'msg_3', 'three', 3)],
      spans: [],
      session: { status: 'done' },
    });
    await persistence.updateSession(sessionId, { title: 'Renamed', titleEdited: true });
    expect(pending.at(-1)).toBe(3);
    expect((await persistence.listMessages(sessionId)).map((entry) => entry.id)).toEqual(['msg_1']);

    // Still full at the first retry: everything stays kept and another retry is scheduled.
    retries.shift()?.();
    await vi.waitFor(() => expect(retries).toHaveLength(1));
    expect(quota.refused).toBeGreaterThan(refusedBefore);
    expect(pending.at(-1)).toBe(3);

    quota.full = false;
    retries.shift()?.();
    await vi.waitFor(() => expect(pending.at(-1)).toBe(0));
    const messages = await persistence.listMessages(sessionId);
    expect(messages.map((entry) => [entry.id, (entry as { seq?: number }).seq])).toEqual([
      ['msg_1', 0],
      ['msg_2', 1],
      ['msg_3', 2],
    ]);
    expect((await persistence.listSpans(sessionId)).map((s) => s.spanId)).toEqual(['aaaaaaaaaaaaaaa1']);
    expect(await persistence.getSession(sessionId)).toMatchObject({
      title: 'Renamed',
      status: 'done',
      messageCount: 3,
      spanCount: 1,
    });
    expect(retries).toHaveLength(0);
  });

  it('retries the kept writes right after a session is deleted', async () => {
    const { quota, retries, pending, persistence, sessionId } = await setup();
    const old = await persistence.createSession();
    quota.full = true;
    await persistence.saveStep({
      sessionId,
      entries: [userEntry(sessionId, 'msg_1', 'kept', 1)],
      spans: [],
      session: {},
    });
    expect(pending).toEqual([1]);
    // Deleting writes no record: it succeeds on a full storage and frees space.
    quota.full = false;
    await persistence.deleteSession(old.id);
    await vi.waitFor(() => expect(pending.at(-1)).toBe(0));
    expect((await persistence.listMessages(sessionId)).map((entry) => entry.message.content)).toEqual(['kept']);
    // The timer set at the failure finds nothing left to write.
    retries.shift()?.();
    expect(pending.at(-1)).toBe(0);
  });

  it('still rejects writes that fail for another reason, and keeps nothing', async () => {
    const { pending, persistence } = await setup();
    await expect(
      persistence.saveStep({ sessionId: 'sess_missing', entries: [], spans: [], session: {} }),
    ).rejects.toMatchObject({ kind: 'not-found' });
    expect(pending).toEqual([]);
  });
});
