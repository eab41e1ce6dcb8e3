// The Knowledge library in IndexedDB (v7): `knowledgeDocuments`, `knowledgePassages` (a document's passages in
// chunks keyed `[documentId, chunk]`: one key range, in order, and few records to write and read — the browser's
// cost is mostly per record) and `knowledgeOriginals` (the file's bytes, for rendering its pages).
import type { KnowledgeLibrary } from '../knowledge/knowledge-events.ts';
import { parsePassageId, withKnowledgeEvents } from '../knowledge/knowledge-events.ts';
import type { KnowledgeDocument, Passage } from '../knowledge/knowledge-types.ts';
import { sessionNumberRange, type KnowledgePassageChunkRecord } from './schema.ts';

/** Passages per stored record. */
export const PASSAGES_PER_CHUNK = 64;

/** A document's passages (in ordinal order) as stored records. */
export function chunkPassages(documentId: string, passages: readonly Passage[]): KnowledgePassageChunkRecord[] {
  const chunks: KnowledgePassageChunkRecord[] = [];
  for (let start = 0; start < passages.length; start += PASSAGES_PER_CHUNK) {
    const chunk = start / PASSAGES_PER_CHUNK;
    chunks.push({ documentId, chunk, passages: passages.slice(start, start + PASSAGES_PER_CHUNK) });
  }
  return chunks;
}
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
    if (!documentIds) return (await db.getAll('knowledgePassages')).flatMap((chunk) => chunk.passages);
    const tx = db.transaction('knowledgePassages', 'readonly');
    const lists = await Promise.all(documentIds.map((id) => tx.store.getAll(sessionNumberRange(id))));
    await tx.done;
    return lists.flat().flatMap((chunk) => chunk.passages);
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
      ...chunkPassages(document.id, passages).map((chunk) => tx.objectStore('knowledgePassages').put(chunk)),
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
    getPassage: async (id) => {
      const key = parsePassageId(id);
      if (!key) return undefined;
      const chunk = Math.floor(key.ordinal / PASSAGES_PER_CHUNK);
      const record = await readStorage(() => db.get('knowledgePassages', [key.documentId, chunk]));
      return record?.passages[key.ordinal % PASSAGES_PER_CHUNK];
    },
    getOriginal: async (documentId) => {
      const record = await readStorage(() => db.get('knowledgeOriginals', documentId));
      return record && new Blob([record.data], { type: record.type });
    },
    addDocument: (document, passages, original) => addKnowledgeDocument(db, document, passages, original),
    deleteDocument: (documentId) => deleteKnowledgeDocument(db, documentId),
  });
}
