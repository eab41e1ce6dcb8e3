/**
 * Incoming: the documents that reached the local PouchDB from the server, decrypted and written into the app's
 * IndexedDB. A session is rebuilt from all its documents (runs of every device, ordered by time); one document that
 * fails to decrypt or to parse is counted and its session is left as it is here (nothing overwritten).
 */
import { settingsSchema } from '../../config/settings.ts';
import { createIndexedDbDatasetStore } from '../../db/datasets.ts';
import { deleteKnowledgeDocument } from '../../db/knowledge.ts';
import { deleteNote } from '../../db/notes.ts';
import { emitKnowledgeChanged } from '../../knowledge/knowledge-events.ts';
import { importedVectorRecord } from '../../db/import-sessions.ts';
import { decodeNoteVector } from '../../db/note-vector-file.ts';
import { redactSecrets } from '../../db/session-export.ts';
import { withVectors } from '../../db/session-file.ts';
import { deleteSession, getSession } from '../../db/sessions.ts';
import { putSyncedDataset, putSyncedKnowledge, putSyncedNote, replaceSession } from '../../db/sync-writes.ts';
import type { NoteVectorRecord } from '../../db/schema.ts';
import { KEYCHECK_ID, hashJson } from './crypto.ts';
import { decryptDoc, sessionSignature, type EngineContext } from './context.ts';
import { reportDeleteVsEdit, resolveConflicts } from './conflicts.ts';
import { currentSessionDocs, exportSession } from './exporter.ts';
import {
  applySettingsDoc,
  fileBodySchema,
  noteBodySchema,
  noteDoc,
  runBodySchema,
  sessionDocId,
  sessionMetaSchema,
  sessionOfDocId,
  sessionRecordsOf,
  settingsDocs,
  toolStateBodySchema,
  toolStateDocId,
  type SessionParts,
} from './docs.ts';
import {
  datasetBodySchema,
  kdocBodySchema,
  kdocDocId,
  kfileBodySchema,
  kfilePrefix,
  knowledgeOf,
  knowledgeOfDocId,
} from './library-docs.ts';
import type { PouchChange, PouchDoc } from './pouch.ts';

/** What an import wrote into the app's IndexedDB (the store reloads these). */
export interface ImportOutcome {
  sessions: string[];
  notes: boolean;
  settings: boolean;
  /** Datasets or Knowledge documents written or deleted. */
  library: boolean;
}

const PAGE = 200;

/** A document of the local PouchDB, or whether it is deleted (a tombstone) or not there. */
async function readDoc(context: EngineContext, id: string): Promise<PouchDoc | 'deleted' | 'missing'> {
  try {
    return await context.local.get(id);
  } catch (error) {
    return (error as { reason?: string }).reason === 'deleted' ? 'deleted' : 'missing';
  }
}

/** A decrypted body checked against its schema; undefined (counted as failed) when either fails. */
async function parsed<T>(
  context: EngineContext,
  doc: PouchDoc,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): Promise<T | undefined> {
  const body = await decryptDoc(context, doc);
  if (body === undefined) return undefined;
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  context.failed(doc._id);
  return undefined;
}

async function docsUnder(context: EngineContext, prefix: string): Promise<PouchDoc[]> {
  const result = await context.local.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true });
  return result.rows.flatMap((row) => (row.doc ? [row.doc] : []));
}

/** Each document's body checked against the schema (decrypted together: SubtleCrypto works off the main thread). */
async function parsedAll<T>(
  context: EngineContext,
  docs: PouchDoc[],
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): Promise<Array<T | undefined>> {
  return Promise.all(docs.map((doc) => parsed(context, doc, schema)));
}

/** Reads a session's parts and revisions from its documents; undefined when one of them cannot be read. */
async function readSessionParts(context: EngineContext, sessionId: string, meta: PouchDoc) {
  const revs = new Map<string, string>([[meta._id, meta._rev ?? '']]);
  const [metaBody, runDocs, fileDocs, toolDoc] = await Promise.all([
    parsed(context, meta, sessionMetaSchema),
    docsUnder(context, `run:${sessionId}:`),
    docsUnder(context, `file:${sessionId}:`),
    readDoc(context, toolStateDocId(sessionId)),
  ]);
  if (!metaBody) return undefined;
  const [runs, files] = await Promise.all([
    parsedAll(context, runDocs, runBodySchema),
    parsedAll(context, fileDocs, fileBodySchema),
  ]);
  const parts: SessionParts = { meta: metaBody, runs: [], toolState: undefined, files: [] };
  for (const [index, run] of runs.entries()) {
    if (!run) return undefined;
    parts.runs.push(run);
    revs.set(runDocs[index]?._id ?? '', runDocs[index]?._rev ?? '');
  }
  for (const [index, file] of files.entries()) {
    if (!file) return undefined;
    parts.files.push(file);
    revs.set(fileDocs[index]?._id ?? '', fileDocs[index]?._rev ?? '');
  }
  if (typeof toolDoc === 'object') {
    parts.toolState = await parsed(context, toolDoc, toolStateBodySchema);
    if (!parts.toolState) return undefined;
    revs.set(toolDoc._id, toolDoc._rev ?? '');
  }
  return { parts, revs };
}

/** Writes one session from its documents; false when it must wait (a run is going on in it here). */
async function applySession(context: EngineContext, sessionId: string): Promise<boolean> {
  const here = await getSession(context.db, sessionId);
  if (here?.status === 'running') return false;
  // Something saved here since the last export goes out first, so the rebuild below includes it.
  if (here && context.marker.sessions[sessionId] !== sessionSignature(here))
    await exportSession(context, sessionId, sessionSignature(here));
  const meta = await readDoc(context, sessionDocId(sessionId));
  if (meta === 'deleted') {
    if (here) await deleteSession(context.db, sessionId);
    delete context.marker.sessions[sessionId];
    return true;
  }
  if (meta === 'missing') return true;
  const read = await readSessionParts(context, sessionId, meta);
  if (!read) return true;
  const records = sessionRecordsOf(sessionId, read.parts);
  await replaceSession(context.db, records);
  // The marker takes the bodies as this device would export them now, so applying does not echo back.
  const docs = ((await currentSessionDocs(context, sessionId)) ?? []).filter((doc) => read.revs.has(doc.id));
  const hashes = await Promise.all(docs.map((doc) => hashJson(doc.body)));
  for (const [index, doc] of docs.entries())
    context.marker.docs[doc.id] = { hash: hashes[index] ?? '', rev: read.revs.get(doc.id) ?? '' };
  context.marker.sessions[sessionId] = sessionSignature(records.session);
  return true;
}

async function applyNote(context: EngineContext, id: string): Promise<void> {
  const doc = await readDoc(context, id);
  if (doc === 'missing') return;
  if (doc === 'deleted') {
    await deleteNote(context.db, id.slice('note:'.length));
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

async function applyDataset(context: EngineContext, id: string): Promise<void> {
  const doc = await readDoc(context, id);
  if (doc === 'missing') return;
  if (doc === 'deleted') {
    await createIndexedDbDatasetStore(context.db).remove(id.slice('dataset:'.length));
    delete context.marker.docs[id];
    return;
  }
  const body = await parsed(context, doc, datasetBodySchema);
  if (!body) return;
  await putSyncedDataset(context.db, body);
  context.marker.docs[id] = { hash: await hashJson(body), rev: doc._rev ?? '' };
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

/** The changed documents since the marker's position, sorted by what they belong to; conflicts resolved on the way. */
async function collectChanges(context: EngineContext) {
  const sessions = new Set(context.marker.deferred);
  const notes = new Set<string>();
  const settings = new Set<string>();
  const datasets = new Set<string>();
  const knowledge = new Set<string>();
  let since = context.marker.appliedSeq;
  for (;;) {
    const page = await context.local.changes({ since, style: 'all_docs', limit: PAGE });
    const ids = page.results
      .filter((change) => !change.id.startsWith('_') && change.id !== KEYCHECK_ID && !ownWrite(context, change))
      .map((change) => change.id);
    for (const doc of await docsOf(context, ids)) {
      await resolveConflicts(context, doc);
      if (doc._id.startsWith('session:') || doc._id.startsWith('note:') || doc._id.startsWith('dataset:'))
        await reportDeleteVsEdit(context, doc._id, () => subjectOf(context, doc));
      // Our own write (its revision is the one this device wrote or applied): nothing to apply.
      const mine = context.marker.docs[doc._id];
      if (mine && mine.rev === doc._rev && !doc._deleted) continue;
      const sessionId = sessionOfDocId(doc._id);
      if (sessionId !== undefined) sessions.add(sessionId);
      else if (doc._id.startsWith('note:')) notes.add(doc._id);
      else if (doc._id.startsWith('settings:')) settings.add(doc._id);
      else if (doc._id.startsWith('dataset:')) datasets.add(doc._id);
      else if (knowledgeOfDocId(doc._id) !== undefined) knowledge.add(knowledgeOfDocId(doc._id) ?? '');
    }
    since = page.last_seq;
    if (page.results.length < PAGE) break;
  }
  return { sessions, notes, settings, datasets, knowledge, since };
}

/** Applies what arrived since the last import; what it wrote, for the store to reload. */
export async function importChanges(context: EngineContext): Promise<ImportOutcome> {
  const changes = await collectChanges(context);
  const applied: string[] = [];
  const deferred: string[] = [];
  for (const sessionId of changes.sessions) {
    if (await applySession(context, sessionId)) applied.push(sessionId);
    else deferred.push(sessionId);
  }
  for (const id of changes.notes) await applyNote(context, id);
  if (changes.settings.size > 0) await applySettings(context, [...changes.settings]);
  for (const id of changes.datasets) await applyDataset(context, id);
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
