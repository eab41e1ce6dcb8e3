// The Knowledge passages' embeddings (v8 `knowledgeVectors`, keyed by passage id), each with the model that made it,
// its dimensions and the hash of the text embedded — as note-vectors.ts keeps the notes'.
import type { PassageVectorRecord, PassageVectorStore } from '../knowledge/knowledge-search.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** The passage vectors of an open database. */
export function createPassageVectorStore(db: GlassboxDatabase): PassageVectorStore {
  return {
    list: () => readStorage(() => db.getAll('knowledgeVectors')),
    async put(records: readonly PassageVectorRecord[]) {
      if (records.length === 0) return;
      await runTransaction(db, ['knowledgeVectors'], 'readwrite', async (tx) => {
        await Promise.all(records.map((record) => tx.objectStore('knowledgeVectors').put(record)));
      });
    },
    prune: (keep) =>
      runTransaction(db, ['knowledgeVectors'], 'readwrite', async (tx) => {
        const store = tx.objectStore('knowledgeVectors');
        let removed = 0;
        for (let cursor = await store.openKeyCursor(); cursor; cursor = await cursor.continue()) {
          if (keep.has(String(cursor.key))) continue;
          await store.delete(cursor.key);
          removed += 1;
        }
        return removed;
      }),
  };
}
