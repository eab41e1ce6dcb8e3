/**
 * Incoming: the documents that reached the local PouchDB from the server, decrypted and written into the app's
 * IndexedDB. A session is rebuilt from all its documents (runs of every device, ordered by time); one document that
 * fails to decrypt or to parse is counted and its session is left as it is here (nothing overwritten).
 */
import { settingsSchema } from '../../config/settings.ts';
import { createIndexedDbDatasetStore, sortItems } from '../../db/datasets.ts';
import type { DatasetItem } from '../../evals/eval-types.ts';
import { deleteKnowledgeDocument } from '../../db/knowledge.ts';
import { deleteNote } from '../../db/notes.ts';
import { emitKnowledgeChanged } from '../../knowledge/knowledge-events.ts';
import { importedVectorRecord } from '../../db/import-sessions.ts';
import { decodeNoteVector } from '../../db/note-vector-file.ts';
import { redactSecrets } from '../../db/session-export.ts';
import { withVectors } from '../../db/session-file.ts';
import { putSyncedDataset, putSyncedKnowledge, putSyncedNote } from '../../db/sync-writes.ts';
import type { NoteVectorRecord } from '../../db/schema.ts';
import { KEYCHECK_ID, hashJson } from './crypto.ts';
import { decryptDoc, type EngineContext } from './context.ts';
import { reportDeleteVsEdit, resolveConflicts } from './conflicts.ts';
import {
  applySettingsDoc,
  idOfPart,
  noteBodySchema,
  noteDoc,
  sessionMetaSchema,
  sessionOfDocId,
  settingsDocs,
} from './docs.ts';
import {
  datasetBodySchema,
  datasetDocId,
  datasetDocs,
  datasetOfDocId,
  ditemBodySchema,
  ditemPrefix,
  kdocBodySchema,
  kdocDocId,
  kfileBodySchema,
  kfilePrefix,
  knowledgeOf,
  knowledgeOfDocId,
} from './library-docs.ts';
import { docsUnder, parsed, parsedAll, readDoc } from './local-reads.ts';
import type { PouchChange, PouchDoc } from './pouch.ts';
import { applySessions } from './session-import.ts';

/** What an import wrote into the app's IndexedDB (the store reloads these). */
export interface ImportOutcome {
  sessions: string[];
  notes: boolean;
  settings: boolean;
  /** Datasets or Knowledge documents written or deleted. */
  library: boolean;
}

/** Changes feed entries read at a time (ids and revisions only: bodies are read per session). */
const PAGE = 1000;

async function applyNote(context: EngineContext, id: string): Promise<void> {
  const doc = await readDoc(context, id);
  if (doc === 'missing') return;
  if (doc === 'deleted') {
    await deleteNote(context.db, idOfPart(id.slice('note:'.length)));
    delete context.marker.docs[id];
    return;
  }
  const body = await parsed(context, doc, noteBodySchema);
  if (!body) return;
  const { vector, ...note } = body;
  let vectorRecord: NoteVectorRecord | undefined;
  if (vector) {
    const decoded = decodeNoteVector(vector.data, vector.dimensions);
    if (decoded.ok)
      vectorRecord = importedVectorRecord(note.id, { ...vector, noteId: note.id, vector: decoded.vector });
  }
  await putSyncedNote(context.db, note, vectorRecord);
  const stored = withVectors([note], vectorRecord ? [vectorRecord] : [])[0] ?? note;
  context.marker.docs[id] = { hash: await hashJson(noteDoc(stored).body), rev: doc._rev ?? '' };
}

/**
 * Writes a dataset as its documents have it: its own body and its items' documents (with the items of a body
 * written before items had documents). Deleted: removed here. Waits when its own document has not arrived, and
 * keeps the device's copy when a body fails to decrypt or parse.
 */
async function applyDataset(context: EngineContext, datasetId: string): Promise<void> {
  const doc = await readDoc(context, datasetDocId(datasetId));
  if (doc === 'missing') return;
  if (doc === 'deleted') {
    await createIndexedDbDatasetStore(context.db).remove(datasetId);
    for (const marked of Object.keys(context.marker.docs))
      if (datasetOfDocId(marked) === datasetId) delete context.marker.docs[marked];
    return;
  }
  const body = await parsed(context, doc, datasetBodySchema);
  const itemDocs = await docsUnder(context, ditemPrefix(datasetId));
  const items = await parsedAll(context, itemDocs, ditemBodySchema);
  if (!body || items.some((item) => item === undefined)) return;
  const { items: inline = [], ...record } = body;
  const byId = new Map([...inline, ...(items as DatasetItem[])].map((item) => [item.id, { ...item, datasetId }]));
  const dataset = { ...record, items: sortItems([...byId.values()]) };
  await putSyncedDataset(context.db, dataset);
  // The marker holds what this device's exporter will read back; a body with inline items is written again without.
  const revs = new Map(itemDocs.map((itemDoc) => [itemDoc._id, itemDoc._rev ?? '']));
  revs.set(doc._id, doc._rev ?? '');
  for (const written of datasetDocs(dataset)) {
    const rev = revs.get(written.id);
    const stale = written.id === doc._id && inline.length > 0;
    if (rev !== undefined) context.marker.docs[written.id] = { hash: stale ? '' : await hashJson(written.body), rev };
  }
}

/** Writes a Knowledge document once its metadata and every slice of its original are here (or deletes it). */
async function applyKnowledge(context: EngineContext, documentId: string): Promise<void> {
  const id = kdocDocId(documentId);
  const doc = await readDoc(context, id);
  if (doc === 'missing') return;
  if (doc === 'deleted') {
    await deleteKnowledgeDocument(context.db, documentId);
    emitKnowledgeChanged({ type: 'deleted', documentId });
    for (const marked of Object.keys(context.marker.docs))
      if (knowledgeOfDocId(marked) === documentId) delete context.marker.docs[marked];
    return;
  }
  const body = await parsed(context, doc, kdocBodySchema);
  if (!body || body.id !== documentId) return;
  const slices = new Map<number, string>();
  const revs = new Map<string, string>([[id, doc._rev ?? '']]);
  for (const sliceDoc of await docsUnder(context, kfilePrefix(documentId))) {
    const slice = await parsed(context, sliceDoc, kfileBodySchema);
    if (!slice) return;
    slices.set(Number(sliceDoc._id.slice(kfilePrefix(documentId).length)), slice.base64);
    revs.set(sliceDoc._id, sliceDoc._rev ?? '');
  }
  // A slice not arrived yet: its own change brings this document back here.
  const document = knowledgeOf(body, slices);
  if (!document) return;
  await putSyncedKnowledge(context.db, document);
  // Written once, never edited: the marker needs the revisions only (the exporter skips ids it lists).
  for (const [docId, rev] of revs) context.marker.docs[docId] = { hash: '', rev };
}

async function applySettings(context: EngineContext, ids: readonly string[]): Promise<void> {
  let settings = await context.loadSettings();
  const revs = new Map<string, string>();
  for (const id of ids) {
    const doc = await readDoc(context, id);
    if (typeof doc !== 'object') continue;
    const body = (await decryptDoc(context, doc)) as { value?: unknown } | undefined;
    if (!body) continue;
    const next = settingsSchema.safeParse(applySettingsDoc(settings, id, body.value));
    if (!next.success) {
      context.failed(id);
      continue;
    }
    settings = next.data;
    revs.set(id, doc._rev ?? '');
  }
  if (revs.size === 0) return;
  await context.saveSettings(settings);
  for (const doc of settingsDocs(settings)) {
    const rev = revs.get(doc.id);
    if (rev) context.marker.docs[doc.id] = { hash: await hashJson(redactSecrets(doc.body, context.secrets())), rev };
  }
}

/** What a notice calls a session or note document: its title or text (decrypted here, never sent). */
async function subjectOf(context: EngineContext, doc: PouchDoc): Promise<string> {
  const body = await decryptDoc(context, doc);
  const meta = sessionMetaSchema.safeParse(body);
  if (meta.success) return meta.data.title;
  const dataset = datasetBodySchema.safeParse(body);
  if (dataset.success) return dataset.data.name;
  const note = noteBodySchema.safeParse(body);
  return note.success ? note.data.content.slice(0, 80) : doc._id;
}

/**
 * This device's own write, known without reading the document: one leaf, the revision the marker holds. The feed is
 * read without bodies, so an export's own documents (most of a first upload) are never read back.
 */
function ownWrite(context: EngineContext, change: PouchChange): boolean {
  const leaves = change.changes ?? [];
  return !change.deleted && leaves.length === 1 && context.marker.docs[change.id]?.rev === leaves[0]?.rev;
}

/** The documents of these ids with their conflicts (one read for a page of the feed). */
async function docsOf(context: EngineContext, ids: string[]): Promise<PouchDoc[]> {
  if (ids.length === 0) return [];
  const result = await context.local.allDocs({ keys: ids, include_docs: true, conflicts: true });
  return result.rows.flatMap((row) => {
    if (row.doc) return [row.doc];
    // A tombstone: allDocs gives no body, only that it is deleted.
    return row.value?.deleted ? [{ _id: row.id, _rev: row.value.rev, _deleted: true }] : [];
  });
}

type Changes = Record<'sessions' | 'notes' | 'settings' | 'datasets' | 'knowledge', Set<string>>;

/** Files a changed document under what it belongs to (a session, a note, a setting, a dataset, a Knowledge document). */
function route(changes: Changes, id: string): void {
  const sessionId = sessionOfDocId(id);
  const documentId = knowledgeOfDocId(id);
  const datasetId = datasetOfDocId(id);
  if (sessionId !== undefined) changes.sessions.add(sessionId);
  else if (id.startsWith('note:')) changes.notes.add(id);
  else if (id.startsWith('settings:')) changes.settings.add(id);
  else if (datasetId !== undefined) changes.datasets.add(datasetId);
  else if (documentId !== undefined) changes.knowledge.add(documentId);
}

/** A document with more than one leaf: its conflicts resolved, a delete beside an edit reported; false if ours. */
async function settleLeaves(context: EngineContext, doc: PouchDoc): Promise<boolean> {
  if (await resolveConflicts(context, doc)) return true;
  if (doc._id.startsWith('session:') || doc._id.startsWith('note:') || doc._id.startsWith('dataset:'))
    await reportDeleteVsEdit(context, doc._id, () => subjectOf(context, doc));
  // Our own write (its revision is the one this device wrote or applied): nothing to apply.
  const mine = context.marker.docs[doc._id];
  return !(mine && mine.rev === doc._rev && !doc._deleted);
}

/**
 * Whether a document id is the app's data: not a design or `_local` document, not the key check, and not a Share
 * session snapshot (`share:<id>`: the replication brings those too; a snapshot is opened from its link only).
 */
function applicable(id: string): boolean {
  return !id.startsWith('_') && id !== KEYCHECK_ID && !id.startsWith('share:');
}

/** The changed documents since the marker's position, sorted by what they belong to; conflicts resolved on the way. */
async function collectChanges(context: EngineContext) {
  const changes: Changes = {
    sessions: new Set(context.marker.deferred),
    notes: new Set(),
    settings: new Set(),
    datasets: new Set(),
    knowledge: new Set(),
  };
  let since = context.marker.appliedSeq;
  for (;;) {
    const page = await context.local.changes({ since, style: 'all_docs', limit: PAGE });
    const incoming = page.results.filter((change) => applicable(change.id) && !ownWrite(context, change));
    // One leaf: no conflict and no delete beside an edit, so nothing to read here (most of a first sync).
    for (const change of incoming) if (change.changes?.length === 1) route(changes, change.id);
    const several = incoming.filter((change) => change.changes?.length !== 1).map((change) => change.id);
    for (const doc of await docsOf(context, several)) if (await settleLeaves(context, doc)) route(changes, doc._id);
    since = page.last_seq;
    if (page.results.length < PAGE) break;
  }
  return { ...changes, since };
}

/** Applies what arrived since the last import; what it wrote, for the store to reload. */
export async function importChanges(context: EngineContext): Promise<ImportOutcome> {
  const changes = await collectChanges(context);
  const { applied, deferred } = await applySessions(context, changes.sessions);
  for (const id of changes.notes) await applyNote(context, id);
  if (changes.settings.size > 0) await applySettings(context, [...changes.settings]);
  for (const datasetId of changes.datasets) await applyDataset(context, datasetId);
  for (const documentId of changes.knowledge) await applyKnowledge(context, documentId);
  context.marker.appliedSeq = changes.since;
  context.marker.deferred = deferred;
  return {
    sessions: applied,
    notes: changes.notes.size > 0,
    settings: changes.settings.size > 0,
    library: changes.datasets.size > 0 || changes.knowledge.size > 0,
  };
}
