import { describe, expect, it } from 'vitest';
import { createTestIndexedDb, openTestDb } from '../testing/fake-db.ts';
import { addAttachment, createAttachmentStore, deleteAttachment } from './attachments.ts';
import { createToolStateStore, listToolState } from './tool-state.ts';

describe('tool state', () => {
  it('keeps each session’s values apart', async () => {
    const db = await openTestDb();
    const store = createToolStateStore(db, () => 5);
    await store.set('sess_a', 'todos', [{ id: 1, text: 'milk', done: false, createdAt: 1 }]);
    await store.set('sess_b', 'todos', []);
    await store.set('sess_a', 'counter', 3);
    expect(await store.get('sess_a', 'todos')).toEqual([{ id: 1, text: 'milk', done: false, createdAt: 1 }]);
    expect(await store.get('sess_b', 'todos')).toEqual([]);
    expect(await store.get('sess_c', 'todos')).toBeUndefined();
    expect((await listToolState(db, 'sess_a')).map((r) => [r.key, r.updatedAt])).toEqual([
      ['counter', 5],
      ['todos', 5],
    ]);
  });
});

function file(id: string, sessionId: string, createdAt: number) {
  return { id, sessionId, name: `${id}.txt`, mimeType: 'text/plain', size: 2, text: 'hi', createdAt };
}

describe('attachments', () => {
  it('lists a session’s files oldest first and deletes them', async () => {
    const db = await openTestDb();
    await addAttachment(db, file('file_2', 'sess_a', 20));
    await addAttachment(db, file('file_1', 'sess_a', 10));
    await addAttachment(db, file('file_3', 'sess_b', 5));
    const store = createAttachmentStore(db);
    expect((await store.list('sess_a')).map((a) => a.id)).toEqual(['file_1', 'file_2']);
    expect(await deleteAttachment(db, 'file_1')).toBe(true);
    expect(await deleteAttachment(db, 'file_1')).toBe(false);
    expect((await store.list('sess_a')).map((a) => a.id)).toEqual(['file_2']);
    expect((await store.list('sess_b')).map((a) => a.id)).toEqual(['file_3']);
  });

  it('lists a session’s files without their text, also files another page stored, and not removed ones', async () => {
    const factory = createTestIndexedDb();
    const db = await openTestDb({ indexedDB: factory });
    const store = createAttachmentStore(db);
    await store.add(file('file_2', 'sess_a', 20));
    await addAttachment(db, file('file_1', 'sess_a', 10));
    await store.add(file('file_3', 'sess_b', 5));
    const listed = await store.listInfo('sess_a');
    expect(listed).toEqual([
      {
        id: 'file_1',
        sessionId: 'sess_a',
        name: 'file_1.txt',
        mimeType: 'text/plain',
        size: 2,
        createdAt: 10,
        database: db.name,
      },
      {
        id: 'file_2',
        sessionId: 'sess_a',
        name: 'file_2.txt',
        mimeType: 'text/plain',
        size: 2,
        createdAt: 20,
        database: db.name,
      },
    ]);
    expect(listed.some((info) => 'text' in info)).toBe(false);
    await store.remove('file_2');
    await deleteAttachment(db, 'file_1');
    expect(await store.listInfo('sess_a')).toEqual([]);
    expect((await store.listInfo('sess_b')).map((info) => info.id)).toEqual(['file_3']);
  });
});
