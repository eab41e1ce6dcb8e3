// The Knowledge library in IndexedDB (v7): `knowledgeDocuments`, `knowledgePassages` keyed `[documentId, ordinal]`
// (a document's passages are one key range, in order) and `knowledgeOriginals` (the file's bytes, for rendering).
import type { KnowledgeLibrary } from '../knowledge/knowledge-events.ts';
import { parsePassageId, withKnowledgeEvents } from '../knowledge/knowledge-events.ts';
import type { KnowledgeDocument, Passage } from '../knowledge/knowledge-types.ts';
import { sessionNumberRange } from './schema.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** Every document, oldest first. */
export function listKnowledgeDocuments(db: GlassboxDatabase): Promise<KnowledgeDocument[]> {
  return readStorage(async () =>
    (await db.getAll('knowledgeDocuments')).sort((a, b) => a.addedAt - b.addedAt || a.id.localeCompare(b.id)),
  );
}

/** All passages (by document, in order), or those of the given documents. */
export function listKnowledgePassages(db: GlassboxDatabase, documentIds?: readonly string[]): Promise<Passage[]> {
  return readStorage(async () => {
    if (!documentIds) return db.getAll('knowledgePassages');
    const tx = db.transaction('knowledgePassages', 'readonly');
    const lists = await Promise.all(documentIds.map((id) => tx.store.getAll(sessionNumberRange(id))));
    await tx.done;
    return lists.flat();
  });
}

/** Stores a document, its passages and its original in one transaction (all or nothing). */
export async function addKnowledgeDocument(
  db: GlassboxDatabase,
  document: KnowledgeDocument,
  passages: readonly Passage[],
  original: Blob,
): Promise<void> {
  // Read before the transaction: awaiting anything else inside it would let it commit early.
  const data = await original.arrayBuffer();
  await runTransaction(db, ['knowledgeDocuments', 'knowledgePassages', 'knowledgeOriginals'], 'readwrite', (tx) =>
    Promise.all([
      tx.objectStore('knowledgeDocuments').put(document),
      ...passages.map((passage) => tx.objectStore('knowledgePassages').put(passage)),
      tx.objectStore('knowledgeOriginals').put({ documentId: document.id, type: original.type, data }),
    ]),
  );
}

/** Deletes a document with its passages and its original. */
export async function deleteKnowledgeDocument(db: GlassboxDatabase, documentId: string): Promise<void> {
  await runTransaction(db, ['knowledgeDocuments', 'knowledgePassages', 'knowledgeOriginals'], 'readwrite', (tx) =>
    Promise.all([
      tx.objectStore('knowledgeDocuments').delete(documentId),
      tx.objectStore('knowledgePassages').delete(sessionNumberRange(documentId)),
      tx.objectStore('knowledgeOriginals').delete(documentId),
    ]),
  );
}

/** The library over an open database; its writes are announced (`onKnowledgeChanged`). */
export function createKnowledgeLibrary(db: GlassboxDatabase): KnowledgeLibrary {
  return withKnowledgeEvents({
    database: db.name,
    listDocuments: () => listKnowledgeDocuments(db),
    listPassages: (documentIds) => listKnowledgePassages(db, documentIds),
    getPassage: (id) => {
      const key = parsePassageId(id);
      return key
        ? readStorage(() => db.get('knowledgePassages', [key.documentId, key.ordinal]))
        : Promise.resolve(undefined);
    },
    getOriginal: async (documentId) => {
      const record = await readStorage(() => db.get('knowledgeOriginals', documentId));
      return record && new Blob([record.data], { type: record.type });
    },
    addDocument: (document, passages, original) => addKnowledgeDocument(db, document, passages, original),
    deleteDocument: (documentId) => deleteKnowledgeDocument(db, documentId),
  });
}
