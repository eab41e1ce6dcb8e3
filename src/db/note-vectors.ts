import type { NoteVectorRecord } from './schema.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** Every stored note embedding. */
export function listNoteVectors(db: GlassboxDatabase): Promise<NoteVectorRecord[]> {
  return readStorage(() => db.getAll('noteVectors'));
}

/** Stores embeddings (replacing a note's older one). */
export async function putNoteVectors(db: GlassboxDatabase, records: readonly NoteVectorRecord[]): Promise<void> {
  if (records.length === 0) return;
  await runTransaction(db, ['noteVectors'], 'readwrite', async (tx) => {
    await Promise.all(records.map((record) => tx.objectStore('noteVectors').put(record)));
  });
}

/** Deletes the embeddings of notes that no longer exist. */
export async function pruneNoteVectors(db: GlassboxDatabase, keep: ReadonlySet<string>): Promise<number> {
  return runTransaction(db, ['noteVectors'], 'readwrite', async (tx) => {
    const store = tx.objectStore('noteVectors');
    let removed = 0;
    for (let cursor = await store.openKeyCursor(); cursor; cursor = await cursor.continue()) {
      if (keep.has(String(cursor.key))) continue;
      await store.delete(cursor.key);
      removed += 1;
    }
    return removed;
  });
}
