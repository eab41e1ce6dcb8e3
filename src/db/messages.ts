import { messagesOfChunks, removeFromChunks } from './message-chunks.ts';
import type { MessageRecord } from './schema.ts';
import { sessionNumberRange } from './schema.ts';
import { StorageError } from './storage-error.ts';
import { loadSearchIndex } from './search-index-state.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** Which slice of a session's messages to load. */
export interface ListMessagesOptions {
  /** At most this many: the latest ones (before `beforeSeq`, if given). */
  limit?: number;
  /** Only messages with a smaller seq: pages further back in a long session. */
  beforeSeq?: number;
}

/** A session's messages in seq order; with `limit`, only the latest ones (so a long session opens at its end). */
export function listMessages(
  db: GlassboxDatabase,
  sessionId: string,
  options: ListMessagesOptions = {},
): Promise<MessageRecord[]> {
  const { beforeSeq } = options;
  // A chunk that starts before `beforeSeq` may hold messages after it.
  const before = (messages: MessageRecord[]) =>
    beforeSeq === undefined ? messages : messages.filter((message) => message.seq < beforeSeq);
  const range = sessionNumberRange(sessionId, -Infinity, beforeSeq);
  return readStorage(async () => {
    if (options.limit === undefined) return before(messagesOfChunks(await db.getAll('messageChunks', range)));
    const limit = Math.max(0, Math.floor(options.limit));
    if (limit === 0) return [];
    const latest: MessageRecord[][] = [];
    let count = 0;
    const tx = db.transaction('messageChunks', 'readonly');
    let cursor = await tx.store.openCursor(range, 'prev');
    while (cursor && count < limit) {
      const messages = before(cursor.value.messages);
      latest.push(messages);
      count += messages.length;
      cursor = count < limit ? await cursor.continue() : null;
    }
    await tx.done;
    return latest.toReversed().flat().slice(-limit);
  });
}

/** The seq the session's next message will get. */
export function nextSeq(db: GlassboxDatabase, sessionId: string): Promise<number> {
  return readStorage(async () => {
    const session = await db.get('sessions', sessionId);
    if (!session) throw new StorageError('not-found', `Session ${sessionId} does not exist.`);
    return session.nextSeq;
  });
}

/** One message by id. */
export function getMessage(db: GlassboxDatabase, id: string): Promise<MessageRecord | undefined> {
  return readStorage(async () =>
    (await db.getFromIndex('messageChunks', 'by-message', id))?.messages.find((message) => message.id === id),
  );
}

/**
 * Deletes the session's messages from `seq` on (edit-and-resend, regenerate) and updates its message count,
 * in one transaction with the search index (the session leaves the rows of terms no remaining message holds).
 * Seqs are not reused. Resolves to the number of messages deleted.
 */
export async function truncateMessagesFrom(db: GlassboxDatabase, sessionId: string, seq: number): Promise<number> {
  const searchIndex = await loadSearchIndex();
  return runTransaction(db, ['sessions', 'messageChunks', 'searchIndex'], 'readwrite', async (tx) => {
    const sessions = tx.objectStore('sessions');
    const session = await sessions.get(sessionId);
    if (!session) throw new StorageError('not-found', `Session ${sessionId} does not exist.`);
    const chunks = tx.objectStore('messageChunks');
    const { removed, remaining } = await removeFromChunks(
      chunks,
      await chunks.getAll(sessionNumberRange(sessionId)),
      (message) => message.seq >= seq,
    );
    const next = { ...session, messageCount: Math.max(0, session.messageCount - removed.length) };
    // A summary that covered deleted messages no longer matches the conversation.
    if (next.summary && next.summary.coveredUntilSeq >= seq) delete next.summary;
    await sessions.put(next);
    await searchIndex.removeMessagesFromIndex(db, tx.objectStore('searchIndex'), sessionId, removed, remaining);
    return removed.length;
  });
}

/**
 * Deletes exactly these messages of the session (delete a turn) and updates its message count, in one transaction
 * with the search index (as {@link truncateMessagesFrom}).
 */
export async function deleteMessages(db: GlassboxDatabase, sessionId: string, ids: readonly string[]): Promise<number> {
  const searchIndex = await loadSearchIndex();
  return runTransaction(db, ['sessions', 'messageChunks', 'searchIndex'], 'readwrite', async (tx) => {
    const sessions = tx.objectStore('sessions');
    const session = await sessions.get(sessionId);
    if (!session) throw new StorageError('not-found', `Session ${sessionId} does not exist.`);
    const chunks = tx.objectStore('messageChunks');
    const wanted = new Set(ids);
    const { removed: owned, remaining } = await removeFromChunks(
      chunks,
      await chunks.getAll(sessionNumberRange(sessionId)),
      (message) => wanted.has(message.id),
    );
    const next = { ...session, messageCount: Math.max(0, session.messageCount - owned.length) };
    const lowest = Math.min(...owned.map((record) => record.seq));
    if (next.summary && next.summary.coveredUntilSeq >= lowest) delete next.summary;
    await sessions.put(next);
    await searchIndex.removeMessagesFromIndex(db, tx.objectStore('searchIndex'), sessionId, owned, remaining);
    return owned.length;
  });
}
