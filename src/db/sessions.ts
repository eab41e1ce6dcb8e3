import { messagesOfChunks } from './message-chunks.ts';
import type { SessionRecord } from './schema.ts';
import { sessionNumberRange, sessionStringRange, UNTITLED } from './schema.ts';
import { StorageError } from './storage-error.ts';
import { readStorage, requestAll, runTransaction, type GlassboxDatabase } from './transaction.ts';
import type { SessionMatch } from './search-match.ts';
import type { SearchOptions } from './search-query.ts';
import { isSearchIndexComplete, loadSearchIndex, SEARCH_INDEX_STATE_KEY } from './search-index-state.ts';

/** Fields a caller may change on a session; a key present with value `undefined` clears an optional field. */
export type SessionPatch = Partial<
  Pick<
    SessionRecord,
    | 'title'
    | 'titleEdited'
    | 'status'
    | 'activeRunId'
    | 'lastError'
    | 'summary'
    | 'updatedAt'
    | 'forkedFrom'
    | 'overrides'
  >
>;

const PATCHABLE_KEYS = [
  'title',
  'titleEdited',
  'status',
  'activeRunId',
  'lastError',
  'summary',
  'updatedAt',
  'forkedFrom',
  'overrides',
] as const;

/** Applies a patch to a session record without touching ids or counters. */
export function applySessionPatch(session: SessionRecord, patch: SessionPatch): SessionRecord {
  const next: SessionRecord = { ...session };
  for (const key of PATCHABLE_KEYS) {
    if (!Object.hasOwn(patch, key)) continue;
    const value = patch[key];
    if (value === undefined) {
      if (
        key === 'activeRunId' ||
        key === 'lastError' ||
        key === 'summary' ||
        key === 'forkedFrom' ||
        key === 'overrides'
      )
        delete next[key];
    } else {
      (next as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return next;
}

/** Creates an empty session titled `Untitled` (or the given title, which then counts as edited). */
export async function createSession(
  db: GlassboxDatabase,
  input: { id: string; now: number; title?: string },
): Promise<SessionRecord> {
  const title = input.title?.trim();
  const session: SessionRecord = {
    id: input.id,
    title: title || UNTITLED,
    titleEdited: Boolean(title),
    createdAt: input.now,
    updatedAt: input.now,
    messageCount: 0,
    spanCount: 0,
    nextSeq: 0,
    status: 'idle',
  };
  await runTransaction(db, ['sessions'], 'readwrite', async (tx) => {
    await tx.objectStore('sessions').add(session);
  });
  return session;
}

/** The session with this id, if it exists. */
export function getSession(db: GlassboxDatabase, id: string): Promise<SessionRecord | undefined> {
  return readStorage(() => db.get('sessions', id));
}

/** Every session, most recently updated first. */
export function listSessions(db: GlassboxDatabase): Promise<SessionRecord[]> {
  return readStorage(async () => (await db.getAllFromIndex('sessions', 'by-updated')).toReversed());
}

/** Patches a session in one transaction; resolves to the new record, or rejects with `not-found`. */
export async function updateSession(db: GlassboxDatabase, id: string, patch: SessionPatch): Promise<SessionRecord> {
  return runTransaction(db, ['sessions'], 'readwrite', async (tx) => {
    const current = await tx.objectStore('sessions').get(id);
    if (!current) throw new StorageError('not-found', `Session ${id} does not exist.`);
    const next = applySessionPatch(current, patch);
    await tx.objectStore('sessions').put(next);
    return next;
  });
}

/** Renames a session; an empty title returns it to `Untitled`, named again by its first message. */
export function renameSession(db: GlassboxDatabase, id: string, title: string): Promise<SessionRecord> {
  const trimmed = title.replace(/\s+/g, ' ').trim();
  return updateSession(db, id, { title: trimmed || UNTITLED, titleEdited: trimmed.length > 0 });
}

/**
 * Deletes a session with its messages, spans, tool state and attachments in one transaction, and takes it off the
 * search index's rows of its messages' terms.
 */
export async function deleteSession(db: GlassboxDatabase, id: string): Promise<boolean> {
  const searchIndex = await loadSearchIndex();
  return runTransaction(
    db,
    ['sessions', 'messageChunks', 'spanChunks', 'toolState', 'attachments', 'searchIndex'],
    'readwrite',
    async (tx) => {
      const existed = (await tx.objectStore('sessions').getKey(id)) !== undefined;
      const [chunks, attachmentKeys] = await Promise.all([
        tx.objectStore('messageChunks').getAll(sessionNumberRange(id)),
        tx.objectStore('attachments').index('by-session').getAllKeys(id),
      ]);
      await requestAll([
        () => tx.objectStore('sessions').delete(id),
        () => tx.objectStore('toolState').delete(sessionStringRange(id)),
        () => tx.objectStore('spanChunks').delete(sessionStringRange(id)),
        () => tx.objectStore('messageChunks').delete(sessionNumberRange(id)),
        ...attachmentKeys.map((key) => () => tx.objectStore('attachments').delete(key)),
      ]);
      // A damaged record without its message has no terms, and must not stop its session from being deleted.
      const indexed = messagesOfChunks(chunks).filter((record) => (record.message as unknown) != null);
      await searchIndex.removeMessagesFromIndex(db, tx.objectStore('searchIndex'), id, indexed, []);
      return existed;
    },
  );
}

/** The sidebar search (search-query.ts, loaded on the first search). */
export async function searchSessions(
  db: GlassboxDatabase,
  query: string,
  options?: SearchOptions,
): Promise<SessionMatch[]> {
  return (await loadSearchIndex()).searchSessions(db, query, options);
}

/**
 * Brings the search index up to date when it is missing or stale (stored by an older build): the rebuild runs in
 * the background now, not at the first keystroke, which would meanwhile scan every message. The index's code is
 * loaded only then.
 */
export async function prepareSearchIndex(db: GlassboxDatabase): Promise<void> {
  if (isSearchIndexComplete(await readStorage(() => db.get('searchIndex', SEARCH_INDEX_STATE_KEY)))) return;
  await (await loadSearchIndex()).ensureSearchIndex(db);
}

/** The snippets of sessions of a long search result, read when their rows are shown. */
export async function searchSnippets(
  db: GlassboxDatabase,
  query: string,
  sessionIds: string[],
  options?: { signal?: AbortSignal },
): Promise<SessionMatch[]> {
  return (await loadSearchIndex()).searchSnippets(db, query, sessionIds, options);
}
