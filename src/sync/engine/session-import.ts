/**
 * Incoming sessions: each rebuilt from all its documents in the local PouchDB (runs of every device, ordered by
 * time) and written into the app's IndexedDB, a group of sessions per transaction. A document that fails to decrypt
 * or to parse leaves its session as it is here (nothing overwritten).
 */
import type { SessionRecords } from '../../db/import-sessions.ts';
import { deleteSession, getSession } from '../../db/sessions.ts';
import { replaceSessions } from '../../db/sync-writes.ts';
import { hashJson } from './crypto.ts';
import { sessionSignature, type EngineContext } from './context.ts';
import {
  fileBodySchema,
  fileDocPrefix,
  runDocPrefix,
  runDocSchema,
  runsOfDoc,
  sessionDocId,
  sessionMetaSchema,
  sessionRecordsOf,
  toolStateBodySchema,
  toolStateDocId,
  type RunPacks,
  type SessionParts,
} from './docs.ts';
import { currentSessionDocs, exportSession } from './exporter.ts';
import { docsUnder, parsed, parsedAll, readDoc } from './local-reads.ts';
import type { PouchDoc } from './pouch.ts';

/** Sessions written per IndexedDB transaction (bounds the records held in memory at once). */
const GROUP = 25;

/** A session read from its documents, ready to write: its records, each document's revision and its runs. */
interface ReadSession {
  records: SessionRecords;
  revs: Map<string, string>;
  packs: RunPacks;
}

/** Reads a session's parts and revisions from its documents; undefined when one of them cannot be read. */
async function readSessionParts(context: EngineContext, sessionId: string, meta: PouchDoc) {
  const revs = new Map<string, string>([[meta._id, meta._rev ?? '']]);
  const [metaBody, runDocs, fileDocs, toolDoc] = await Promise.all([
    parsed(context, meta, sessionMetaSchema),
    docsUnder(context, runDocPrefix(sessionId)),
    docsUnder(context, fileDocPrefix(sessionId)),
    readDoc(context, toolStateDocId(sessionId)),
  ]);
  if (!metaBody) return undefined;
  const [runs, files] = await Promise.all([
    parsedAll(context, runDocs, runDocSchema),
    parsedAll(context, fileDocs, fileBodySchema),
  ]);
  const parts: SessionParts = { meta: metaBody, runs: [], toolState: undefined, files: [] };
  const packs = new Map<string, string[]>();
  for (const [index, body] of runs.entries()) {
    const doc = runDocs[index];
    if (!body || !doc) return undefined;
    const held = runsOfDoc(sessionId, doc._id, body);
    for (const run of held) parts.runs.push(run);
    revs.set(doc._id, doc._rev ?? '');
    packs.set(
      doc._id,
      held.map((run) => run.id),
    );
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
  return { parts, revs, packs };
}

/**
 * What to do with one session: wait (a run is going on in it here), done already (deleted, not there, or a document
 * that cannot be read), or write these records.
 */
async function readSession(context: EngineContext, sessionId: string): Promise<'wait' | 'done' | ReadSession> {
  const here = await getSession(context.db, sessionId);
  if (here?.status === 'running') return 'wait';
  // Something saved here since the last export goes out first, so the rebuild below includes it.
  if (here && context.marker.sessions[sessionId] !== sessionSignature(here))
    await exportSession(context, sessionId, sessionSignature(here));
  const meta = await readDoc(context, sessionDocId(sessionId));
  if (meta === 'deleted') {
    if (here) await deleteSession(context.db, sessionId);
    delete context.marker.sessions[sessionId];
    return 'done';
  }
  if (meta === 'missing') return 'done';
  const read = await readSessionParts(context, sessionId, meta);
  return read ? { records: sessionRecordsOf(sessionId, read.parts), revs: read.revs, packs: read.packs } : 'done';
}

/** The marker takes the bodies as this device would export them now, so applying does not echo back. */
async function markApplied(context: EngineContext, { records, revs, packs }: ReadSession): Promise<void> {
  const sessionId = records.session.id;
  const docs = ((await currentSessionDocs(context, sessionId, packs)) ?? []).filter((doc) => revs.has(doc.id));
  const hashes = await Promise.all(docs.map((doc) => hashJson(doc.body)));
  for (const [index, doc] of docs.entries()) {
    const rev = revs.get(doc.id) ?? '';
    context.marker.docs[doc.id] = { hash: hashes[index] ?? '', rev, ...(doc.runs ? { runs: doc.runs } : {}) };
  }
  context.marker.sessions[sessionId] = sessionSignature(records.session);
}

/** Writes these sessions from their documents; which were applied and which must wait (a run going on here). */
export async function applySessions(
  context: EngineContext,
  sessionIds: Iterable<string>,
): Promise<{ applied: string[]; deferred: string[] }> {
  const applied: string[] = [];
  const deferred: string[] = [];
  const ids = [...sessionIds];
  for (let start = 0; start < ids.length; start += GROUP) {
    const group = ids.slice(start, start + GROUP);
    // A group's sessions are read together: each takes a few IndexedDB round trips, which then overlap.
    const reads = await Promise.all(group.map((sessionId) => readSession(context, sessionId)));
    const ready: ReadSession[] = [];
    for (const [index, read] of reads.entries()) {
      const sessionId = group[index] ?? '';
      if (read === 'wait') deferred.push(sessionId);
      else applied.push(sessionId);
      if (typeof read === 'object') ready.push(read);
    }
    await replaceSessions(
      context.db,
      ready.map((read) => read.records),
    );
    await Promise.all(ready.map((read) => markApplied(context, read)));
  }
  return { applied, deferred };
}
