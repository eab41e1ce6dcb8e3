import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
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
    expect((await listToolState(db, 'sess_a')).map((r) => [r.key, r.updatedAt])).toEqual([['counter', 5], ['todos', 5]]);
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
});
