import { describe, expect, it } from 'vitest';
import { wrap, type IDBPDatabase } from 'idb';
import { createTestIndexedDb, openTestDb } from '../testing/fake-db.ts';
import { addNote, getNote, listNotes, searchNotes } from './notes.ts';
import { listNoteVectors, pruneNoteVectors, putNoteVectors } from './note-vectors.ts';
import { openGlassboxDb } from './open-db.ts';
import { DB_VERSION } from './schema.ts';
import { createLegacyStores } from './test-fixtures.ts';

/** Writes a database as schema version 3 laid it out (before note vectors), holding one note. */
async function writeVersion3Database(factory: IDBFactory, name: string): Promise<void> {
  const request = factory.open(name, 3);
  request.addEventListener('upgradeneeded', () => createLegacyStores(request.result, 3));
  const db = (await wrap(request)) as unknown as IDBPDatabase<unknown>;
  await db.put('notes', { id: 'note_old', content: 'Miso is a kitten.', tags: ['pets'], createdAt: 5, updatedAt: 6 });
  db.close();
}

describe('note vectors (schema version 4)', () => {
  it('migrates a version 3 database: the notes stay as they were, and an empty vectors store appears', async () => {
    const factory = createTestIndexedDb();
    await writeVersion3Database(factory, 'v3');
    const db = await openGlassboxDb({ indexedDB: factory, name: 'v3' });
    expect(db.version).toBe(DB_VERSION);
    expect(DB_VERSION).toBeGreaterThanOrEqual(4);
    expect([...db.objectStoreNames]).toContain('noteVectors');
    expect(await getNote(db, 'note_old')).toEqual({
      id: 'note_old',
      content: 'Miso is a kitten.',
      tags: ['pets'],
      createdAt: 5,
      updatedAt: 6,
    });
    expect((await searchNotes(db, 'kitten')).map((hit) => hit.note.id)).toEqual(['note_old']);
    expect(await listNoteVectors(db)).toEqual([]);
    db.close();
  });

  it('stores vectors with their model and dimension, as Float32Array, replaces them, and prunes those of deleted notes', async () => {
    const db = await openTestDb();
    const ids = ['note_a', 'note_b'];
    let next = 0;
    for (const content of ['first', 'second'])
      await addNote(db, { content }, { newId: () => ids[next++] as string, now: () => 10 });
    await putNoteVectors(db, [
      { noteId: 'note_a', model: 'm1', dimensions: 2, vector: new Float32Array([0.6, 0.8]), textHash: 'h1' },
      { noteId: 'note_b', model: 'm1', dimensions: 2, vector: new Float32Array([1, 0]), textHash: 'h2' },
    ]);
    await putNoteVectors(db, [
      { noteId: 'note_a', model: 'm2', dimensions: 3, vector: new Float32Array([0, 0, 1]), textHash: 'h1' },
    ]);
    const stored = await listNoteVectors(db);
    expect(stored.map((record) => [record.noteId, record.model, record.dimensions])).toEqual([
      ['note_a', 'm2', 3],
      ['note_b', 'm1', 2],
    ]);
    expect(stored[0]?.vector).toBeInstanceOf(Float32Array);
    expect(Array.from(stored[0]?.vector ?? [])).toEqual([0, 0, 1]);
    expect(await pruneNoteVectors(db, new Set(['note_b']))).toBe(1);
    expect((await listNoteVectors(db)).map((record) => record.noteId)).toEqual(['note_b']);
    expect((await listNotes(db)).length).toBe(2);
    db.close();
  });
});
