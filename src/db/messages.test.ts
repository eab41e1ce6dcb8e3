import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { getMessage, listMessages, nextSeq, truncateMessagesFrom } from './messages.ts';
import { saveStep } from './save-step.ts';
import { createSession, getSession, updateSession } from './sessions.ts';
import { userEntry } from './test-fixtures.ts';
import type { GlassboxDatabase } from './transaction.ts';

async function sessionOf(db: GlassboxDatabase, id: string, count: number): Promise<void> {
  await createSession(db, { id, now: 1 });
  for (let index = 0; index < count; index += 1) {
    await saveStep(db, {
      sessionId: id,
      entries: [userEntry(id, `${id}_${index}`, `${id} message ${index}`)],
      spans: [],
      session: {},
    });
  }
}

describe('messages', () => {
  it('lists a session in seq order, only its own messages', async () => {
    const db = await openTestDb();
    await sessionOf(db, 'sess_a', 3);
    await sessionOf(db, 'sess_b', 2);
    expect((await listMessages(db, 'sess_a')).map((m) => m.message.content)).toEqual([
      'sess_a message 0',
      'sess_a message 1',
      'sess_a message 2',
    ]);
    expect((await listMessages(db, 'sess_b')).map((m) => m.seq)).toEqual([0, 1]);
    expect(await getMessage(db, 'sess_b_1')).toMatchObject({ sessionId: 'sess_b', seq: 1 });
  });

  it('loads the latest messages first and pages back with beforeSeq', async () => {
    const db = await openTestDb();
    await sessionOf(db, 'sess_a', 10);
    await sessionOf(db, 'sess_b', 3);
    const latest = await listMessages(db, 'sess_a', { limit: 4 });
    expect(latest.map((m) => m.seq)).toEqual([6, 7, 8, 9]);
    const earlier = await listMessages(db, 'sess_a', { limit: 4, beforeSeq: 6 });
    expect(earlier.map((m) => m.seq)).toEqual([2, 3, 4, 5]);
    const first = await listMessages(db, 'sess_a', { limit: 4, beforeSeq: 2 });
    expect(first.map((m) => m.seq)).toEqual([0, 1]);
    expect((await listMessages(db, 'sess_a', { beforeSeq: 3 })).map((m) => m.seq)).toEqual([0, 1, 2]);
    expect(await listMessages(db, 'sess_a', { limit: 0 })).toEqual([]);
  });

  it('truncates from a seq for edit and regenerate without reusing seqs', async () => {
    const db = await openTestDb();
    await sessionOf(db, 'sess_a', 5);
    await sessionOf(db, 'sess_b', 2);
    await updateSession(db, 'sess_a', { summary: { text: 'sum', coveredUntilSeq: 3, updatedAt: 1 } });
    expect(await truncateMessagesFrom(db, 'sess_a', 2)).toBe(3);
    expect((await listMessages(db, 'sess_a')).map((m) => m.seq)).toEqual([0, 1]);
    const session = await getSession(db, 'sess_a');
    expect(session).toMatchObject({ messageCount: 2, nextSeq: 5 });
    // The summary covered deleted messages, so it is dropped.
    expect(session?.summary).toBeUndefined();
    expect(await nextSeq(db, 'sess_a')).toBe(5);
    await saveStep(db, {
      sessionId: 'sess_a',
      entries: [userEntry('sess_a', 'edited', 'edited question')],
      spans: [],
      session: {},
    });
    expect((await listMessages(db, 'sess_a')).map((m) => [m.seq, m.id])).toEqual([
      [0, 'sess_a_0'],
      [1, 'sess_a_1'],
      [5, 'edited'],
    ]);
    expect(await listMessages(db, 'sess_b')).toHaveLength(2);
  });

  it('renames the session from the new first message after truncating everything', async () => {
    const db = await openTestDb();
    await sessionOf(db, 'sess_a', 2);
    expect((await getSession(db, 'sess_a'))?.title).toBe('sess_a message 0');
    await truncateMessagesFrom(db, 'sess_a', 0);
    const saved = await saveStep(db, {
      sessionId: 'sess_a',
      entries: [userEntry('sess_a', 'new', 'A better question')],
      spans: [],
      session: {},
    });
    expect(saved.title).toBe('A better question');
  });
});
