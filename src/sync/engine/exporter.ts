/**
 * Outgoing: what changed in the app's IndexedDB since the marker, as encrypted documents in the local PouchDB (the
 * replication then carries them to the server). A session is read only when its record changed (time, counts, title: `sessionSignature`); a document is
 * written only when its body's hash changed, so a finished run is written once.
 */
import { exportDatasets } from '../../db/datasets.ts';
import { exportKnowledge } from '../../db/knowledge-file.ts';
import { listKnowledgeDocuments } from '../../db/knowledge.ts';
import { listNotes } from '../../db/notes.ts';
import { listNoteVectors } from '../../db/note-vectors.ts';
import { collectSessionForExport, redactSecrets } from '../../db/session-export.ts';
import { withVectors } from '../../db/session-file.ts';
import { listSessions } from '../../db/sessions.ts';
import { hashJson } from './crypto.ts';
import { DELETED_BY_USER, encryptDoc, sessionSignature, type EngineContext } from './context.ts';
import {
  noteDoc,
  runDocPrefix,
  runIdOfDocId,
  sessionDocId,
  sessionDocs,
  sessionOfDocId,
  settingsDocs,
  type PlainDoc,
  type RunPacks,
} from './docs.ts';
import {
  datasetDocId,
  datasetDocs,
  datasetOfDocId,
  kdocDocId,
  knowledgeDocs,
  knowledgeOfDocId,
} from './library-docs.ts';
import type { PouchDoc } from './pouch.ts';
import { withRemovals } from './run-merge.ts';

/** The runs each `run:` document of this session holds, as the marker lists them (none listed: the run it names). */
function markedPacks(context: EngineContext, sessionId: string, marked: readonly string[]): RunPacks {
  const packs = new Map<string, readonly string[]>();
  for (const id of marked)
    if (id.startsWith(runDocPrefix(sessionId)))
      packs.set(id, context.marker.docs[id]?.runs ?? [runIdOfDocId(sessionId, id)]);
  return packs;
}

/** The documents one session has now (its running run left out), secrets removed; its runs stay in `packs`. */
export async function currentSessionDocs(
  context: EngineContext,
  sessionId: string,
  packs: RunPacks,
): Promise<PlainDoc[] | undefined> {
  const file = await collectSessionForExport(context.db, sessionId, context.secrets());
  return file ? sessionDocs(file, packs) : undefined;
}

/** Of these documents, those whose body differs from what the marker says this device holds, with their hashes. */
async function changedOnly(context: EngineContext, docs: PlainDoc[]): Promise<Array<PlainDoc & { hash: string }>> {
  // Hashed together: SubtleCrypto's digests run off the main thread, one await for the lot instead of one per document.
  const hashes = await Promise.all(docs.map((doc) => hashJson(doc.body)));
  return docs.flatMap((doc, index) => {
    const hash = hashes[index] ?? '';
    return context.marker.docs[doc.id]?.hash === hash ? [] : [{ ...doc, hash }];
  });
}

/**
 * The ids the marker lists per session (its documents this device wrote or applied): one pass over the marker for a
 * whole export (one pass per session made an export of S sessions and D documents cost S × D).
 */
function markedDocsBySession(context: EngineContext): Map<string, string[]> {
  const bySession = new Map<string, string[]>();
  for (const id of Object.keys(context.marker.docs)) {
    const sessionId = sessionOfDocId(id);
    if (sessionId === undefined) continue;
    const ids = bySession.get(sessionId);
    if (ids) ids.push(id);
    else bySession.set(sessionId, [id]);
  }
  return bySession;
}

/**
 * Writes documents (encrypted) and tombstones into the local PouchDB at their current revisions, and records them
 * in the marker; how many were written.
 */
export async function writeDocs(
  context: EngineContext,
  docs: Array<PlainDoc & { hash: string }>,
  removed: string[] = [],
): Promise<number> {
  const ids = [...docs.map((doc) => doc.id), ...removed];
  if (ids.length === 0) return 0;
  const current = await context.local.allDocs({ keys: ids });
  const revs = new Map<string, string>();
  for (const row of current.rows) if (row.value && !row.value.deleted) revs.set(row.id, row.value.rev);
  const writes: PouchDoc[] = await Promise.all(
    docs.map(async (doc) => {
      const rev = revs.get(doc.id);
      // A run document written again has lost messages or runs here: it says which (see run-merge.ts).
      const sessionId = rev && doc.id.startsWith('run:') ? sessionOfDocId(doc.id) : undefined;
      const body = sessionId === undefined ? doc.body : await withRemovals(context, sessionId, doc);
      return encryptDoc(context, doc.id, body, rev);
    }),
  );
  for (const id of removed) {
    const rev = revs.get(id);
    // Marked as a delete made by the user (conflict losers are removed without it): see reportDeleteVsEdit.
    if (rev) writes.push({ _id: id, _rev: rev, _deleted: true, [DELETED_BY_USER]: true });
  }
  const results = await context.local.bulkDocs(writes);
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  let written = 0;
  for (const result of results) {
    if (!result.id || !result.rev || result.error) continue;
    written += 1;
    const doc = byId.get(result.id);
    if (doc === undefined) delete context.marker.docs[result.id];
    else context.marker.docs[result.id] = { hash: doc.hash, rev: result.rev, ...(doc.runs ? { runs: doc.runs } : {}) };
  }
  return written;
}

/** Exports one session: its changed documents, and tombstones for its runs and files no longer there. */
export async function exportSession(
  context: EngineContext,
  sessionId: string,
  signature: string,
  marked: readonly string[] = markedDocsBySession(context).get(sessionId) ?? [],
): Promise<number> {
  const docs = await currentSessionDocs(context, sessionId, markedPacks(context, sessionId, marked));
  if (!docs) return 0;
  const present = new Set(docs.map((doc) => doc.id));
  const gone = marked.filter((id) => !present.has(id));
  const written = await writeDocs(context, await changedOnly(context, docs), gone);
  context.marker.sessions[sessionId] = signature;
  return written;
}

async function exportSessions(context: EngineContext, signal?: AbortSignal): Promise<number> {
  const sessions = await listSessions(context.db);
  const marked = markedDocsBySession(context);
  let written = 0;
  for (const session of sessions) {
    if (signal?.aborted) return written;
    // A session running here is exported when its run has finished (a finished run is written once, whole).
    if (session.status === 'running') continue;
    // An empty untitled session (each device opens one) has nothing to sync.
    if (session.messageCount === 0 && !session.titleEdited && context.marker.sessions[session.id] === undefined)
      continue;
    const signature = sessionSignature(session);
    if (context.marker.sessions[session.id] === signature) continue;
    written += await exportSession(context, session.id, signature, marked.get(session.id) ?? []);
  }
  // A session deleted here: its record becomes a tombstone. Its runs stay on the server, so an edit made meanwhile
  // on another device brings the whole session back ("delete vs edit keeps the data").
  const present = new Set(sessions.map((session) => session.id));
  const deleted = Object.keys(context.marker.sessions).filter((id) => !present.has(id));
  if (deleted.length > 0) {
    written += await writeDocs(context, [], deleted.map(sessionDocId));
    for (const id of deleted) delete context.marker.sessions[id];
  }
  return written;
}

async function exportNotes(context: EngineContext): Promise<number> {
  const [notes, vectors] = await Promise.all([listNotes(context.db), listNoteVectors(context.db)]);
  const docs = withVectors(notes, vectors).map(noteDoc);
  const present = new Set(docs.map((doc) => doc.id));
  const gone = Object.keys(context.marker.docs).filter((id) => id.startsWith('note:') && !present.has(id));
  return writeDocs(context, await changedOnly(context, docs), gone);
}

async function exportSettings(context: EngineContext): Promise<number> {
  // A device's first sync takes the settings the server has before sending its own (a new device's defaults must
  // not compete with the roster and tools of the others); they go out from the export after the first import.
  if (context.marker.appliedSeq === 0) return 0;
  const docs = settingsDocs(await context.loadSettings()).map((doc) => ({
    ...doc,
    body: redactSecrets(doc.body, context.secrets()),
  }));
  return writeDocs(context, await changedOnly(context, docs));
}

/**
 * A removed item becomes a tombstone. A deleted dataset tombstones its own document only, as a deleted session does:
 * its items stay on the server, so an item added or a rename on another device meanwhile brings the whole dataset back
 * (a delete beside an edit keeps the data and says so).
 */
async function exportDatasetDocs(context: EngineContext): Promise<number> {
  const datasets = await exportDatasets(context.db);
  const docs = datasets.flatMap(datasetDocs);
  const present = new Set(docs.map((doc) => doc.id));
  const kept = new Set(datasets.map((dataset) => dataset.id));
  const gone: string[] = [];
  for (const id of Object.keys(context.marker.docs)) {
    const datasetId = datasetOfDocId(id);
    if (datasetId === undefined || present.has(id)) continue;
    if (id === datasetDocId(datasetId) || kept.has(datasetId)) gone.push(id);
    else delete context.marker.docs[id];
  }
  return writeDocs(context, await changedOnly(context, docs), gone);
}

/**
 * Knowledge documents are added, never edited: only those the marker does not list are read (with their passages
 * and original) and written; one deleted here becomes tombstones for its `kdoc:` and `kfile:` documents.
 */
async function exportKnowledgeDocs(context: EngineContext): Promise<number> {
  const present = new Set((await listKnowledgeDocuments(context.db)).map((document) => document.id));
  const fresh = [...present].filter((id) => context.marker.docs[kdocDocId(id)] === undefined);
  const docs =
    fresh.length === 0
      ? []
      : (await exportKnowledge(context.db)).filter((document) => fresh.includes(document.id)).flatMap(knowledgeDocs);
  const gone = Object.keys(context.marker.docs).filter((id) => {
    const documentId = knowledgeOfDocId(id);
    return documentId !== undefined && !present.has(documentId);
  });
  return writeDocs(context, await changedOnly(context, docs), gone);
}

/** Everything that changed since the marker, written to the local PouchDB; how many documents were written. */
export async function exportChanges(context: EngineContext, signal?: AbortSignal): Promise<number> {
  return (
    (await exportSessions(context, signal)) +
    (await exportNotes(context)) +
    (await exportSettings(context)) +
    (await exportDatasetDocs(context)) +
    (await exportKnowledgeDocs(context))
  );
}
