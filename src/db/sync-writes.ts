import { unwrap, type IDBPTransaction, type StoreNames } from 'idb';
import type { DatasetWithItems } from './datasets.ts';
import {
  KNOWLEDGE_STORES,
  announceImportedKnowledge,
  importKnowledge,
  type FileKnowledgeDocument,
} from './knowledge-file.ts';
import type { SessionRecords } from './import-sessions.ts';
import { chunkMessages, messagesOfChunks } from './message-chunks.ts';
import { sessionNumberRange, sessionStringRange } from './schema.ts';
import { invalidateNotesIndex } from './notes.ts';
import type { GlassboxDB, NoteRecord, NoteVectorRecord } from './schema.ts';
import { loadSearchIndex } from './search-index-state.ts';
import { chunkSpans } from './spans.ts';
import { requestAll, runTransaction, type GlassboxDatabase } from './transaction.ts';

const SESSION_STORES = [
  'sessions',
  'messageChunks',
  'spanChunks',
  'toolState',
  'attachments',
  'searchIndex',
] as const satisfies Array<StoreNames<GlassboxDB>>;
type SessionStores = (typeof SESSION_STORES)[number];

/** Replaces what one session holds inside `tx`; its old terms leave the search index (its new ones: the caller). */
async function replaceOne(
  db: GlassboxDatabase,
  tx: IDBPTransaction<GlassboxDB, SessionStores[], 'readwrite'>,
  searchIndex: Awaited<ReturnType<typeof loadSearchIndex>>,
  records: SessionRecords,
): Promise<void> {
  const id = records.session.id;
  const [chunks, attachmentKeys] = await Promise.all([
    tx.objectStore('messageChunks').getAll(sessionNumberRange(id)),
    tx.objectStore('attachments').index('by-session').getAllKeys(id),
  ]);
  await requestAll([
    () => tx.objectStore('toolState').delete(sessionStringRange(id)),
    () => tx.objectStore('spanChunks').delete(sessionStringRange(id)),
    () => tx.objectStore('messageChunks').delete(sessionNumberRange(id)),
    ...attachmentKeys.map((key) => () => tx.objectStore('attachments').delete(key)),
  ]);
  const old = messagesOfChunks(chunks).filter((record) => (record.message as unknown) != null);
  await searchIndex.removeMessagesFromIndex(db, tx.objectStore('searchIndex'), id, old, records.messages);
  unwrap(tx.objectStore('sessions')).put(records.session);
  for (const record of chunkMessages(records.messages)) unwrap(tx.objectStore('messageChunks')).put(record);
  for (const record of chunkSpans(records.spans)) unwrap(tx.objectStore('spanChunks')).put(record);
  for (const record of records.toolState) unwrap(tx.objectStore('toolState')).put(record);
  for (const record of records.attachments) unwrap(tx.objectStore('attachments')).put(record);
}

/**
 * Replaces everything these sessions hold (record, messages, spans, tool state, attachments) with these records in
 * one transaction, keeping the search index in step: sync writes sessions so after reading all their documents (one
 * transaction for a batch of sessions, not one each). On any failure nothing changes.
 */
export async function replaceSessions(db: GlassboxDatabase, list: readonly SessionRecords[]): Promise<void> {
  if (list.length === 0) return;
  const searchIndex = await loadSearchIndex();
  await runTransaction(db, [...SESSION_STORES], 'readwrite', async (tx) => {
    for (const records of list) await replaceOne(db, tx, searchIndex, records);
    // One row per term for the whole batch (as an import writes them), not one per term and session.
    const postings = searchIndex.postingsOf([]);
    for (const records of list) searchIndex.addPostings(postings, records.messages);
    searchIndex.putPostings(unwrap(tx.objectStore('searchIndex')), postings, searchIndex.batchBucket('import'));
  });
}

/** Stores a note as another device saved it (same id), with its embedding when it came with one. */
export async function putSyncedNote(db: GlassboxDatabase, note: NoteRecord, vector?: NoteVectorRecord): Promise<void> {
  await runTransaction(db, ['notes', 'noteVectors'], 'readwrite', async (tx) => {
    await tx.objectStore('notes').put(note);
    if (vector) await tx.objectStore('noteVectors').put(vector);
  });
  // The notes' search index was built from the store before: it is rebuilt on the next search.
  invalidateNotesIndex(db);
}

/** Replaces a dataset and all its items with another device's (same ids): items removed there go here too. */
export async function putSyncedDataset(db: GlassboxDatabase, dataset: DatasetWithItems): Promise<void> {
  const { items, ...record } = dataset;
  await runTransaction(db, ['datasets', 'datasetItems'], 'readwrite', async (tx) => {
    const store = tx.objectStore('datasetItems');
    const keys = await store.index('by-dataset').getAllKeys(record.id);
    await Promise.all([
      ...keys.map((key) => store.delete(key)),
      tx.objectStore('datasets').put(record),
      ...items.map((item) => store.put({ ...item, datasetId: record.id })),
    ]);
  });
}

/** Stores a Knowledge document as another device added it (same id); false when it is here already. */
export async function putSyncedKnowledge(db: GlassboxDatabase, document: FileKnowledgeDocument): Promise<boolean> {
  const ids = await runTransaction(db, [...KNOWLEDGE_STORES], 'readwrite', (tx) =>
    importKnowledge(tx, [document], () => `${document.id}_${crypto.randomUUID().slice(0, 8)}`),
  );
  announceImportedKnowledge(ids);
  return ids.length > 0;
}
