/**
 * Conflicts after replication. CouchDB picks the same winner on every device; the losing revisions are kept where
 * they matter, reported, and then removed: a session title → the winner stays and the notice names the other title;
 * a note → the other text becomes a second note marked as a conflict copy; a delete on one device and an edit on
 * another → the edit stays (CouchDB's winner is always a live revision) and a notice says so; a run document → its
 * versions merged, each device's removals kept (run-merge.ts), no notice.
 */
import { putSyncedNote } from '../../db/sync-writes.ts';
import { hashJson } from './crypto.ts';
import { DELETED_BY_USER, decryptDoc, encryptDoc, type EngineContext } from './context.ts';
import { noteBodySchema, runDocSchema, sessionDocId, sessionMetaSchema, sessionOfDocId } from './docs.ts';
import { datasetBodySchema } from './library-docs.ts';
import type { PouchDoc } from './pouch.ts';
import { mergeRunDocs } from './run-merge.ts';

/** The tag of a note kept from a losing revision. */
export const CONFLICT_COPY_TAG = 'conflict copy';

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

async function keepLoser(context: EngineContext, winner: PouchDoc, winnerBody: unknown, loser: PouchDoc) {
  const loserBody = await decryptDoc(context, loser);
  // The same content written on two devices (ciphertexts differ, IVs are random): nothing to keep or report.
  if (loserBody === undefined || JSON.stringify(loserBody) === JSON.stringify(winnerBody)) return;
  const id = winner._id;
  if (id.startsWith('session:')) {
    const won = sessionMetaSchema.safeParse(winnerBody);
    const lost = sessionMetaSchema.safeParse(loserBody);
    if (won.success && lost.success && won.data.title !== lost.data.title)
      context.conflict({ kind: 'session-title', subject: won.data.title, detail: lost.data.title });
    return;
  }
  if (id.startsWith('note:')) {
    const won = noteBodySchema.safeParse(winnerBody);
    const lost = noteBodySchema.safeParse(loserBody);
    if (!won.success || !lost.success || won.data.content === lost.data.content) return;
    // The same id on every device that resolves this conflict: the copy is made once, not once per device.
    const copyId = `${lost.data.id}_c${(await hashJson(loser._rev)).replace(/[^A-Za-z0-9]/g, '').slice(0, 10)}`;
    const { vector: _vector, ...note } = lost.data;
    const tags = note.tags.includes(CONFLICT_COPY_TAG) ? note.tags : [...note.tags, CONFLICT_COPY_TAG];
    await putSyncedNote(context.db, { ...note, id: copyId, tags });
    context.conflict({ kind: 'note', subject: short(won.data.content), detail: short(lost.data.content) });
    return;
  }
  if (id.startsWith('dataset:')) {
    // Items have documents of their own; two devices adding items both touch only the time it changed: no notice.
    const won = datasetBodySchema.safeParse(winnerBody);
    const lost = datasetBodySchema.safeParse(loserBody);
    if (!won.success || !lost.success) return;
    const { updatedAt: _won, items: _wonItems, ...wonKept } = won.data;
    const { updatedAt: _lost, items: _lostItems, ...lostKept } = lost.data;
    if (JSON.stringify(wonKept) !== JSON.stringify(lostKept))
      context.conflict({ kind: 'setting', subject: won.data.name, detail: lost.data.name });
    return;
  }
  await reportOther(context, id);
}

/**
 * A part of a session (its tool state, a file) is named by its session's title; a part of the settings by its id
 * (`settings:customTools`: the notice names it in the user's language).
 */
async function reportOther(context: EngineContext, id: string): Promise<void> {
  const sessionId = sessionOfDocId(id);
  if (sessionId === undefined) {
    context.conflict({ kind: 'setting', subject: id });
    return;
  }
  let title = '';
  try {
    const meta = sessionMetaSchema.safeParse(
      await decryptDoc(context, await context.local.get(sessionDocId(sessionId))),
    );
    if (meta.success) title = meta.data.title;
  } catch {
    // The session's own document is not here (deleted): the notice goes without a title.
  }
  context.conflict({ kind: id.startsWith('file:') ? 'session-file' : 'tool-state', subject: title });
}

/**
 * A `run:` document's versions merged (run-merge.ts), as a revision over the winner; none when the winner holds it
 * all already. A version that cannot be read is left out of the merge (and removed with the others).
 */
async function mergedRunVersions(context: EngineContext, winner: PouchDoc, winnerBody: unknown, losers: PouchDoc[]) {
  const sessionId = sessionOfDocId(winner._id) ?? '';
  const bodies = [winnerBody, ...(await Promise.all(losers.map((loser) => decryptDoc(context, loser))))];
  const versions = bodies.flatMap((body) => {
    const result = runDocSchema.safeParse(body);
    return result.success ? [result.data] : [];
  });
  const [won] = versions;
  if (!won || versions.length < 2) return undefined;
  const merged = mergeRunDocs(sessionId, winner._id, versions);
  if (JSON.stringify(merged) === JSON.stringify(mergeRunDocs(sessionId, winner._id, [won]))) return undefined;
  return encryptDoc(context, winner._id, merged, winner._rev);
}

/**
 * Keeps and reports a document's losing revisions (a `run:` document's are merged, with no notice), then removes
 * them; whether a merge was written (its session is then applied again).
 */
export async function resolveConflicts(context: EngineContext, doc: PouchDoc): Promise<boolean> {
  const revs = doc._conflicts ?? [];
  if (revs.length === 0) return false;
  const winnerBody = await decryptDoc(context, doc);
  if (winnerBody === undefined) return false;
  const losers = await Promise.all(revs.map((rev) => context.local.get(doc._id, { rev })));
  const isRun = doc._id.startsWith('run:');
  const merged = isRun ? await mergedRunVersions(context, doc, winnerBody, losers) : undefined;
  if (!isRun) for (const loser of losers) await keepLoser(context, doc, winnerBody, loser);
  const removals: PouchDoc[] = revs.map((rev) => ({ _id: doc._id, _rev: rev, _deleted: true }));
  await context.local.bulkDocs(merged ? [merged, ...removals] : removals);
  return merged !== undefined;
}

/**
 * Reports (once) that a document deleted on one device was edited on another, and that the edit was kept: a deleted
 * leaf revision written by a user's delete beside the live winner (PouchDB lists leaves with `open_revs: 'all'`).
 */
export async function reportDeleteVsEdit(
  context: EngineContext,
  id: string,
  subject: () => Promise<string>,
): Promise<void> {
  let leaves: Array<{ ok?: PouchDoc }>;
  try {
    leaves = (await context.local.get(id, { open_revs: 'all' })) as unknown as Array<{ ok?: PouchDoc }>;
  } catch {
    return;
  }
  if (!Array.isArray(leaves) || !leaves.some((leaf) => leaf.ok && !leaf.ok._deleted)) return;
  const fresh = leaves.flatMap((leaf) =>
    leaf.ok?._deleted && leaf.ok[DELETED_BY_USER] === true && !context.marker.noticed.includes(leaf.ok._rev ?? '')
      ? [leaf.ok._rev ?? '']
      : [],
  );
  if (fresh.length === 0) return;
  context.marker.noticed.push(...fresh);
  context.conflict({ kind: 'delete-vs-edit', subject: await subject() });
}
