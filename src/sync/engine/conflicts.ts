/**
 * Conflicts after replication. CouchDB picks the same winner on every device; the losing revisions are kept where
 * they matter, reported, and then removed: a session title → the winner stays and the notice names the other title;
 * a note → the other text becomes a second note marked as a conflict copy; a delete on one device and an edit on
 * another → the edit stays (CouchDB's winner is always a live revision) and a notice says so.
 */
import { putSyncedNote } from '../../db/sync-writes.ts';
import { hashJson } from './crypto.ts';
import { DELETED_BY_USER, decryptDoc, type EngineContext } from './context.ts';
import { noteBodySchema, sessionMetaSchema } from './docs.ts';
import { datasetBodySchema } from './library-docs.ts';
import type { PouchDoc } from './pouch.ts';

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
  context.conflict({ kind: 'setting', subject: id });
}

/** Keeps and reports a document's losing revisions, then removes them. */
export async function resolveConflicts(context: EngineContext, doc: PouchDoc): Promise<void> {
  const losers = doc._conflicts ?? [];
  if (losers.length === 0) return;
  const winnerBody = await decryptDoc(context, doc);
  if (winnerBody === undefined) return;
  const removals: PouchDoc[] = [];
  for (const rev of losers) {
    const loser = await context.local.get(doc._id, { rev });
    await keepLoser(context, doc, winnerBody, loser);
    removals.push({ _id: doc._id, _rev: rev, _deleted: true });
  }
  await context.local.bulkDocs(removals);
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
