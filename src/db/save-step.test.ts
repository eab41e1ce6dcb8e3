import { describe, expect, it, vi } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { listMessages } from './messages.ts';
import { saveStep, titleFromMessage } from './save-step.ts';
import { createSession, getSession, renameSession } from './sessions.ts';
import { listSpans } from './spans.ts';
import { StorageError } from './storage-error.ts';
import { assistantEntry, entry, span, userEntry } from './test-fixtures.ts';

describe('saveStep', () => {
  it('gives entries increasing seqs and updates counters, status and updatedAt in one write', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    await saveStep(db, {
      sessionId: 'sess_1',
      entries: [userEntry('sess_1', 'msg_1', 'What is 2+2?', 100)],
      spans: [span('sess_1', 'aaaaaaaaaaaaaaa1', { status: 'running' })],
      session: { status: 'running', activeRunId: 'aaaaaaaaaaaaaaa1' },
    });
    const saved = await saveStep(db, {
      sessionId: 'sess_1',
      entries: [
        entry(
          'sess_1',
          'msg_2',
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"2+2"}' } },
            ],
          },
          { createdAt: 200 },
        ),
        entry('sess_1', 'msg_3', { role: 'tool', tool_call_id: 'call_1', content: '4' }, { createdAt: 210 }),
      ],
      spans: [
        span('sess_1', 'aaaaaaaaaaaaaaa1'),
        span('sess_1', 'bbbbbbbbbbbbbbb1', {
          kind: 'tool',
          parentSpanId: 'aaaaaaaaaaaaaaa1',
          runId: 'aaaaaaaaaaaaaaa1',
        }),
      ],
      session: { status: 'done', activeRunId: undefined, updatedAt: 300 },
    });
    expect(saved).toMatchObject({ messageCount: 3, spanCount: 2, nextSeq: 3, status: 'done', updatedAt: 300 });
    expect(saved.activeRunId).toBeUndefined();
    expect(await getSession(db, 'sess_1')).toEqual(saved);
    const messages = await listMessages(db, 'sess_1');
    expect(messages.map((m) => [m.id, m.seq])).toEqual([
      ['msg_1', 0],
      ['msg_2', 1],
      ['msg_3', 2],
    ]);
    expect((await listSpans(db, 'sess_1')).find((s) => s.spanId === 'aaaaaaaaaaaaaaa1')?.status).toBe('ok');
  });

  it('updates an entry saved earlier in place, keeping its seq and the count', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    await saveStep(db, { sessionId: 'sess_1', entries: [userEntry('sess_1', 'msg_1', 'hi')], spans: [], session: {} });
    // A pagehide flush wrote the partial answer; the step end writes the whole one.
    await saveStep(db, {
      sessionId: 'sess_1',
      entries: [assistantEntry('sess_1', 'msg_2', 'Hel')],
      spans: [],
      session: {},
    });
    const saved = await saveStep(db, {
      sessionId: 'sess_1',
      entries: [assistantEntry('sess_1', 'msg_2', 'Hello!')],
      spans: [],
      session: {},
    });
    expect(saved.messageCount).toBe(2);
    expect(saved.nextSeq).toBe(2);
    expect((await listMessages(db, 'sess_1')).map((m) => [m.seq, m.message.content])).toEqual([
      [0, 'hi'],
      [1, 'Hello!'],
    ]);
  });

  it('stores an entry given twice in one step once, with its last content', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    const saved = await saveStep(db, {
      sessionId: 'sess_1',
      entries: [assistantEntry('sess_1', 'msg_1', 'Hel'), assistantEntry('sess_1', 'msg_1', 'Hello')],
      spans: [],
      session: {},
    });
    expect(saved).toMatchObject({ messageCount: 1, nextSeq: 1 });
    expect((await listMessages(db, 'sess_1')).map((m) => m.message.content)).toEqual(['Hello']);
  });

  it('titles an untitled session from its first user message, trimmed to about 60 characters', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    expect((await getSession(db, 'sess_1'))?.title).toBe('Untitled');
    const long = 'Plan a   three day trip to Kyoto in autumn with temples, gardens and food markets please';
    const saved = await saveStep(db, {
      sessionId: 'sess_1',
      entries: [userEntry('sess_1', 'msg_1', long)],
      spans: [],
      session: {},
    });
    expect(saved.title).toBe(titleFromMessage(long));
    expect(saved.title.length).toBeLessThanOrEqual(61);
    expect(saved.title).toMatch(/^Plan a three day trip to Kyoto.*…$/);
    const later = await saveStep(db, {
      sessionId: 'sess_1',
      entries: [userEntry('sess_1', 'msg_2', 'And Osaka?')],
      spans: [],
      session: {},
    });
    expect(later.title).toBe(saved.title);
  });

  it('keeps a title the user edited', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    await renameSession(db, 'sess_1', 'My trip');
    const saved = await saveStep(db, {
      sessionId: 'sess_1',
      entries: [userEntry('sess_1', 'msg_1', 'Plan a trip')],
      spans: [],
      session: {},
    });
    expect(saved).toMatchObject({ title: 'My trip', titleEdited: true });
  });

  it('writes nothing when one of its puts fails, and reports a StorageError', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    const before = await getSession(db, 'sess_1');
    const error = await saveStep(db, {
      sessionId: 'sess_1',
      entries: [userEntry('sess_1', 'msg_1', 'hello'), assistantEntry('sess_1', 'msg_2', 'hi')],
      // A function cannot be stored: the span put fails after the messages were put.
      spans: [span('sess_1', 'aaaaaaaaaaaaaaa1', { attributes: { callback: () => 1 } })],
      session: { status: 'done' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(await listMessages(db, 'sess_1')).toEqual([]);
    expect(await listSpans(db, 'sess_1')).toEqual([]);
    expect(await getSession(db, 'sess_1')).toEqual(before);
  });

  it('maps a full disk to a quota StorageError and keeps the session as it was', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const error = await saveStep(db, {
        sessionId: 'sess_1',
        entries: [userEntry('sess_1', 'msg_1', 'hello')],
        spans: [],
        session: {},
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageError);
      expect((error as StorageError).kind).toBe('quota');
      expect((error as StorageError).message).toMatch(/storage is full/i);
    } finally {
      put.mockRestore();
    }
    expect(await getSession(db, 'sess_1')).toMatchObject({ messageCount: 0, nextSeq: 0 });
  });

  it('rejects with not-found when the session was deleted (e.g. in another tab)', async () => {
    const db = await openTestDb();
    const error = await saveStep(db, {
      sessionId: 'sess_gone',
      entries: [userEntry('sess_gone', 'msg_1', 'x')],
      spans: [],
      session: {},
    }).catch((e: unknown) => e);
    expect((error as StorageError).kind).toBe('not-found');
    expect(await listMessages(db, 'sess_gone')).toEqual([]);
  });

  it('reads only the session record and the step’s own keys, however long the session is', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    for (let step = 0; step < 30; step += 1) {
      await saveStep(db, {
        sessionId: 'sess_1',
        entries: [userEntry('sess_1', `msg_${step}`, `message ${step}`)],
        spans: [],
        session: {},
      });
    }
    const scans = [
      vi.spyOn(IDBObjectStore.prototype, 'getAll'),
      vi.spyOn(IDBObjectStore.prototype, 'openCursor'),
      vi.spyOn(IDBObjectStore.prototype, 'count'),
      vi.spyOn(IDBIndex.prototype, 'getAll'),
      vi.spyOn(IDBIndex.prototype, 'getAllKeys'),
      vi.spyOn(IDBIndex.prototype, 'openCursor'),
      vi.spyOn(IDBIndex.prototype, 'count'),
    ];
    const gets = vi.spyOn(IDBObjectStore.prototype, 'get');
    const lookups = vi.spyOn(IDBIndex.prototype, 'get');
    try {
      const saved = await saveStep(db, {
        sessionId: 'sess_1',
        entries: [userEntry('sess_1', 'msg_last', 'last')],
        spans: [],
        session: {},
      });
      expect(saved.nextSeq).toBe(31);
      for (const scan of scans) expect(scan).not.toHaveBeenCalled();
      // The session record, and one lookup by message id for the new entry.
      expect(gets).toHaveBeenCalledTimes(1);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      for (const scan of scans) scan.mockRestore();
      gets.mockRestore();
      lookups.mockRestore();
    }
  });

  it('refuses records of another session', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    await expect(
      saveStep(db, { sessionId: 'sess_1', entries: [userEntry('sess_2', 'msg_1', 'x')], spans: [], session: {} }),
    ).rejects.toThrow(/sess_2/);
  });
});
