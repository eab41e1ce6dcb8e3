import { describe, expect, it, vi } from 'vitest';
import { createTestIndexedDb, openTestDb } from '../testing/fake-db.ts';
import { addNote, createNotesStore, deleteNote, getNote, listNotes, searchNotes, updateNote } from './notes.ts';
import { openGlassboxDb } from './open-db.ts';
import { StorageError } from './storage-error.ts';

function clock() {
  let now = 1_000;
  let id = 0;
  return { now: () => (now += 10), newId: () => `note_${++id}` };
}

describe('notes', () => {
  it('adds notes through the NotesStore and finds them by search', async () => {
    const db = await openTestDb();
    const notes = createNotesStore(db, clock());
    const tea = await notes.add({
      content: '  The user prefers green tea over coffee. ',
      tags: ['preference', ' preference', ''],
      sessionId: 'sess_1',
    });
    await notes.add({ content: 'Project deadline is Friday.' });
    expect(tea).toMatchObject({
      id: 'note_1',
      content: 'The user prefers green tea over coffee.',
      tags: ['preference'],
      sessionId: 'sess_1',
    });
    expect((await notes.search('coffee')).map((hit) => hit.note.id)).toEqual(['note_1']);
    expect((await notes.search('deadline', 1)).map((hit) => hit.note.id)).toEqual(['note_2']);
    expect((await notes.list()).map((note) => note.id)).toEqual(['note_2', 'note_1']);
    await expect(notes.add({ content: '   ' })).rejects.toThrow(/content/);
  });

  it('keeps the index current after updates and deletes', async () => {
    const db = await openTestDb();
    const ids = clock();
    await addNote(db, { content: 'Parking spot is B12' }, ids);
    await addNote(db, { content: 'Dentist on Tuesday' }, ids);
    expect((await searchNotes(db, 'parking')).map((hit) => hit.note.id)).toEqual(['note_1']);
    const updated = await updateNote(db, 'note_1', { content: 'Parking moved to level C', tags: ['car'] }, 5_000);
    expect(updated).toMatchObject({
      content: 'Parking moved to level C',
      tags: ['car'],
      updatedAt: 5_000,
      createdAt: 1_010,
    });
    expect((await searchNotes(db, 'level'))[0]?.note.content).toBe('Parking moved to level C');
    expect(await searchNotes(db, 'B12')).toEqual([]);
    expect(await deleteNote(db, 'note_2')).toBe(true);
    expect(await searchNotes(db, 'dentist')).toEqual([]);
    expect(await getNote(db, 'note_2')).toBeUndefined();
    const missing = await updateNote(db, 'note_9', { content: 'x' }, 1).catch((e: unknown) => e);
    expect((missing as StorageError).kind).toBe('not-found');
  });

  it("reads the store's state once for a recall's search, pinned notes and signature asked together", async () => {
    const db = await openTestDb();
    const notes = createNotesStore(db, clock());
    await notes.add({ content: 'The cat is called Miso.' });
    await notes.search('miso');
    const transaction = vi.spyOn(db, 'transaction');
    const [hits, pinned, signature] = await Promise.all([notes.search('miso'), notes.pinned(), notes.signature()]);
    expect(hits.map((hit) => hit.note.id)).toEqual(['note_1']);
    expect(pinned).toEqual([]);
    expect(signature).toMatch(/^1:/);
    expect(transaction).toHaveBeenCalledTimes(1);
    // A write in this tab is seen by the next read.
    await notes.add({ content: 'Miso likes tuna.' });
    expect(await notes.signature()).toMatch(/^2:/);
    expect((await notes.search('tuna')).map((hit) => hit.note.id)).toEqual(['note_2']);
  });

  it('sees notes another tab wrote', async () => {
    const factory = createTestIndexedDb();
    const tabOne = await openGlassboxDb({ indexedDB: factory, name: 'shared' });
    const tabTwo = await openGlassboxDb({ indexedDB: factory, name: 'shared' });
    const ids = clock();
    await addNote(tabOne, { content: 'Cat is called Miso' }, ids);
    expect(await searchNotes(tabOne, 'miso')).toHaveLength(1);
    await addNote(tabTwo, { content: 'Miso likes tuna' }, { ...ids, newId: () => 'note_other' });
    expect((await searchNotes(tabOne, 'tuna')).map((hit) => hit.note.id)).toEqual(['note_other']);
    await deleteNote(tabTwo, 'note_1');
    expect((await searchNotes(tabOne, 'miso')).map((hit) => hit.note.id)).toEqual(['note_other']);
    expect(await listNotes(tabOne)).toHaveLength(1);
    tabOne.close();
    tabTwo.close();
  });
});
