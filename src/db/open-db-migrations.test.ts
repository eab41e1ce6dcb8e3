import { describe, expect, it, vi } from 'vitest';
import { createTestIndexedDb, openTestDb } from '../testing/fake-db.ts';
import { listAttachments, addAttachment } from './attachments.ts';
import { deleteMessages, getMessage, listMessages, nextSeq, truncateMessagesFrom } from './messages.ts';
import { listNotes, searchNotes } from './notes.ts';
import { openGlassboxDb } from './open-db.ts';
import { saveStep } from './save-step.ts';
import { DB_VERSION } from './schema.ts';
import { ensureSearchIndex, searchIndexReady } from './search-index.ts';
import { searchSessions } from './search-query.ts';
import { getSession, listSessions } from './sessions.ts';
import { loadSettings } from './settings.ts';
import { listRunSpans, listSpans } from './spans.ts';
import { exportSessions, importParsed } from './session-file.ts';
import type { Span } from '../trace/span.ts';
import { StorageError } from './storage-error.ts';
import { getToolState } from './tool-state.ts';
import { sequentialIds, span, userEntry } from './test-fixtures.ts';
import {
  openRaw,
  writeVersion1Database,
  parsedOrThrow,
  writeVersion2Database,
  writeVersion5Database,
} from './legacy-db-fixtures.ts';

describe('openGlassboxDb', () => {
  it('migrates a version 5 database to message chunks (v6) without losing a message, id or order', async () => {
    const factory = createTestIndexedDb();
    // More messages than one migration batch (1,000): sess_a is split across batches.
    await writeVersion5Database(factory, 'v5', [
      ['sess_a', 1_200],
      ['sess_b', 20],
      ['sess_c', 1],
    ]);
    const onUpgrade = vi.fn();
    const db = await openGlassboxDb({ indexedDB: factory, name: 'v5', onUpgrade });
    expect(db.version).toBe(DB_VERSION);
    expect(onUpgrade).toHaveBeenCalledExactlyOnceWith(5);
    expect([...db.objectStoreNames]).not.toContain('messages');
    const seqs = (count: number) => Array.from({ length: count }, (_, seq) => (seq >= 5 ? seq + 3 : seq));
    for (const [id, count] of [
      ['sess_a', 1_200],
      ['sess_b', 20],
      ['sess_c', 1],
    ] as const) {
      const messages = await listMessages(db, id);
      expect(messages.map((m) => m.seq)).toEqual(seqs(count));
      expect(messages.map((m) => m.message.content)).toEqual(seqs(count).map((seq) => `${id} says ${seq}`));
      expect(messages.every((m) => m.sessionId === id)).toBe(true);
    }
    // About 16 messages a record, not one each (a session split across batches gets a shorter chunk at the split).
    expect(await db.count('messageChunks')).toBe(Math.ceil(1_000 / 16) + Math.ceil(200 / 16) + 2 + 1);
    expect((await listMessages(db, 'sess_a', { limit: 3 })).map((m) => m.seq)).toEqual([1_200, 1_201, 1_202]);
    expect((await listMessages(db, 'sess_a', { limit: 20, beforeSeq: 10 })).map((m) => m.seq)).toEqual([
      0, 1, 2, 3, 4, 8, 9,
    ]);
    expect(await getMessage(db, 'msg_3_sess_a_500')).toMatchObject({ sessionId: 'sess_a', seq: 503 });

    // The migrated chunks take a step's update in place, its new messages after them, and deletions.
    await saveStep(db, {
      sessionId: 'sess_b',
      entries: [userEntry('sess_b', 'msg_0_sess_b_14', 'changed', 99), userEntry('sess_b', 'msg_new', 'new', 100)],
      spans: [],
      session: {},
    });
    const b = await listMessages(db, 'sess_b');
    expect(b.find((m) => m.id === 'msg_0_sess_b_14')).toMatchObject({ seq: 17, message: { content: 'changed' } });
    expect(b.at(-1)).toMatchObject({ id: 'msg_new', seq: 23 });
    expect(await truncateMessagesFrom(db, 'sess_a', 600)).toBe(603);
    expect((await listMessages(db, 'sess_a')).at(-1)?.seq).toBe(599);
    // Another session's message is not this one's to delete.
    expect(await deleteMessages(db, 'sess_a', ['msg_1_sess_a_1', 'msg_1_sess_b_1'])).toBe(1);
    expect((await listMessages(db, 'sess_a', { limit: 4, beforeSeq: 5 })).map((m) => m.seq)).toEqual([0, 2, 3, 4]);
    expect(await getMessage(db, 'msg_1_sess_b_1')).toMatchObject({ sessionId: 'sess_b', seq: 1 });
    expect((await getSession(db, 'sess_a'))?.messageCount).toBe(1_200 - 603 - 1);
    db.close();
  });

  it('migrates a version 2 database to span chunks (v3) without losing a span, id or order', async () => {
    const factory = createTestIndexedDb();
    // 2,400 spans (more than one migration batch): sess_a has 30 runs of 60 spans over 40 s, sess_b one run of 600
    // spans; some share a start time.
    const spans: Span[] = [];
    for (let run = 0; run < 30; run += 1) {
      const runId = `a${run.toString(16).padStart(15, '0')}`;
      for (let index = 0; index < 60; index += 1) {
        spans.push(
          span(
            'sess_a',
            index === 0 ? runId : `c${run.toString(16).padStart(3, '0')}${index.toString(16).padStart(12, '0')}`,
            {
              runId,
              startTime: 1_000_000 + run * 50_000 + Math.floor(index / 2) * 1_333.5,
              kind: index === 0 ? 'run' : 'tool',
              ...(index === 0 ? {} : { parentSpanId: runId }),
              attributes: { index, run },
            },
          ),
        );
      }
    }
    for (let index = 0; index < 600; index += 1) {
      spans.push(
        span('sess_b', `b${index.toString(16).padStart(15, '0')}`, {
          runId: 'b000000000000000',
          startTime: 2_000_000 + index * 10,
        }),
      );
    }
    await writeVersion2Database(factory, 'v2', spans);
    const db = await openGlassboxDb({ indexedDB: factory, name: 'v2' });
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames]).not.toContain('spans');

    const expected = (sessionId: string) =>
      spans
        .filter((s) => s.sessionId === sessionId)
        .sort((a, b) => a.startTime - b.startTime || (a.spanId < b.spanId ? -1 : 1));
    expect(await listSpans(db, 'sess_a')).toEqual(expected('sess_a'));
    expect(await listSpans(db, 'sess_b')).toEqual(expected('sess_b'));
    expect(await listRunSpans(db, 'sess_a', 'a000000000000003')).toEqual(
      expected('sess_a').filter((s) => s.runId === 'a000000000000003'),
    );
    // A few records per run (a run split across migration batches gets a chunk per batch), not one per span.
    expect(await db.count('spanChunks')).toBeLessThanOrEqual(31 * 3);
    expect(await getSession(db, 'sess_a')).toMatchObject({
      messageCount: 3,
      spanCount: 1800,
      nextSeq: 3,
      status: 'done',
    });
    expect((await listMessages(db, 'sess_a')).map((m) => [m.id, m.seq])).toEqual([
      ['msg_sess_a_0', 0],
      ['msg_sess_a_1', 1],
      ['msg_sess_a_2', 2],
    ]);
    expect((await listMessages(db, 'sess_b')).map((m) => m.message.content)).toEqual([
      'sess_b says 0',
      'sess_b says 1',
    ]);
    expect(await listAttachments(db, 'sess_a')).toHaveLength(1);

    // Exported and imported again into a fresh database, every span comes back.
    const file = await exportSessions(db, { includeNotes: false, now: 1 });
    const copy = await openTestDb();
    await importParsed(copy, parsedOrThrow(JSON.stringify(file)), { newId: sequentialIds() });
    expect(await listSpans(copy, 'sess_a')).toEqual(expected('sess_a'));

    // The upgraded database takes new span writes into the migrated chunks.
    const last = expected('sess_b').at(-1) as Span;
    await saveStep(db, { sessionId: 'sess_b', entries: [], spans: [{ ...last, status: 'error' }], session: {} });
    expect((await listSpans(db, 'sess_b')).at(-1)?.status).toBe('error');
    expect((await getSession(db, 'sess_b'))?.spanCount).toBe(600);
    db.close();
  });

  it('migrates a version 1 database and finds everything it held', async () => {
    const factory = createTestIndexedDb();
    await writeVersion1Database(factory, 'legacy');
    const db = await openGlassboxDb({ indexedDB: factory, name: 'legacy' });

    expect((await listSessions(db)).map((session) => session.id)).toEqual(['sess_a', 'sess_b']);
    const sessionA = await getSession(db, 'sess_a');
    expect(sessionA).toMatchObject({
      title: 'Weather',
      titleEdited: false,
      status: 'idle',
      messageCount: 3,
      spanCount: 1,
      nextSeq: 3,
    });
    const messagesA = await listMessages(db, 'sess_a');
    expect(messagesA.map((m) => [m.id, m.seq])).toEqual([
      ['msg_z', 0],
      ['msg_m', 1],
      ['msg_a', 2],
    ]);
    expect((await listMessages(db, 'sess_b')).map((m) => m.message.content)).toEqual(['two plus two']);
    expect(await nextSeq(db, 'sess_b')).toBe(1);
    // The search index (v4) starts empty and unmarked over stored messages: search scans until it is rebuilt.
    expect(await searchIndexReady(db)).toBe(false);
    expect((await searchSessions(db, 'plus two')).map((match) => match.sessionId)).toEqual(['sess_b']);
    await ensureSearchIndex(db);
    expect(await searchIndexReady(db)).toBe(true);
    expect((await db.getAll('searchIndex')).some((row) => row.term === 'plus' && row.sessions.includes('sess_b'))).toBe(
      true,
    );
    expect((await searchSessions(db, 'plus two')).map((match) => match.sessionId)).toEqual(['sess_b']);
    expect((await listSpans(db, 'sess_a')).map((s) => s.spanId)).toEqual(['aaaaaaaaaaaaaaaa']);
    expect((await listNotes(db)).map((n) => n.content)).toEqual(['Umbrella in the car']);
    expect((await searchNotes(db, 'umbrella'))[0]?.note.id).toBe('note_1');
    expect(await getToolState(db, 'sess_a', 'todos')).toEqual([{ id: 1, text: 'buy milk' }]);
    expect(await loadSettings(db)).toMatchObject({ provider: 'custom', model: 'llama3', maxSteps: 5, stream: true });
    expect([...db.objectStoreNames]).not.toContain('messages');

    // The upgraded database takes new writes: the new attachments store and seqs after the migrated ones.
    await addAttachment(db, {
      id: 'file_1',
      sessionId: 'sess_a',
      name: 'a.txt',
      mimeType: 'text/plain',
      size: 1,
      text: 'a',
      createdAt: 1,
    });
    expect(await listAttachments(db, 'sess_a')).toHaveLength(1);
    await saveStep(db, {
      sessionId: 'sess_a',
      entries: [userEntry('sess_a', 'msg_new', 'fourth', 600)],
      spans: [],
      session: {},
    });
    expect((await listMessages(db, 'sess_a')).map((m) => [m.id, m.seq]).at(-1)).toEqual(['msg_new', 3]);
    db.close();
  });

  it('leaves the old database untouched when a migration step fails', async () => {
    const factory = createTestIndexedDb();
    await writeVersion1Database(factory, 'legacy');
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('disk trouble', 'UnknownError');
    });
    try {
      const error = await openGlassboxDb({ indexedDB: factory, name: 'legacy' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageError);
      expect((error as StorageError).message).toMatch(/upgrading the stored data failed/i);
    } finally {
      put.mockRestore();
    }
    const old = await openRaw(factory, 'legacy', 1);
    expect(old.version).toBe(1);
    expect([...old.objectStoreNames]).not.toContain('attachments');
    const messages = (await old.getAll('messages')) as Array<{ seq?: number }>;
    expect(messages).toHaveLength(4);
    expect(messages.every((message) => message.seq === undefined)).toBe(true);
    old.close();
    // With the fault gone the upgrade succeeds.
    const db = await openGlassboxDb({ indexedDB: factory, name: 'legacy' });
    expect(await nextSeq(db, 'sess_a')).toBe(3);
    db.close();
  });
});
