// A session's messages are stored a few per record (store `messageChunks`, schema v6): an import or the migration puts
// up to MESSAGES_PER_CHUNK consecutive messages in one record, a step its new messages in one of their own. The
// browser's cost of a write is mostly per record, so a 150,000-message import writes about 10,000 records, not 150,000.
import type { MessageChunkRecord, MessageRecord } from './schema.ts';

/** Messages per chunk an import (or the migration) writes. */
export const MESSAGES_PER_CHUNK = 16;

/** One chunk holding these messages of one session (in seq order, none earlier than the first). */
export function messageChunk(messages: readonly MessageRecord[]): MessageChunkRecord {
  const first = messages[0];
  if (!first) throw new Error('A message chunk needs a message');
  return {
    sessionId: first.sessionId,
    seq: first.seq,
    ids: messages.map((message) => message.id),
    messages: [...messages],
  };
}

/** These messages in chunks of {@link MESSAGES_PER_CHUNK}, a session's own (the messages in seq order per session). */
export function chunkMessages(messages: readonly MessageRecord[]): MessageChunkRecord[] {
  const chunks: MessageChunkRecord[] = [];
  let run: MessageRecord[] = [];
  for (const message of messages) {
    if (run.length === MESSAGES_PER_CHUNK || (run.length > 0 && run[0]?.sessionId !== message.sessionId)) {
      chunks.push(messageChunk(run));
      run = [];
    }
    run.push(message);
  }
  if (run.length > 0) chunks.push(messageChunk(run));
  return chunks;
}

/** The messages of chunks read in key order, in seq order. */
export function messagesOfChunks(chunks: readonly MessageChunkRecord[]): MessageRecord[] {
  return chunks.flatMap((chunk) => chunk.messages);
}

/**
 * The chunk with these messages instead of its own, under its key (its messages' seqs stay at or above it): undefined
 * when none is left, and the chunk should be deleted.
 */
function withMessages(chunk: MessageChunkRecord, messages: readonly MessageRecord[]): MessageChunkRecord | undefined {
  if (messages.length === 0) return undefined;
  return { ...chunk, ids: messages.map((message) => message.id), messages: [...messages] };
}

/** The chunk store of a read-write transaction (idb's promises). */
interface ChunkStore {
  put(chunk: MessageChunkRecord): Promise<unknown>;
  delete(key: [string, number]): Promise<unknown>;
}

/**
 * Takes the messages `remove` picks out of these chunks of a session (all of them, read in key order), rewriting or
 * deleting the chunks that held them; resolves to the messages removed and those that remain, in seq order.
 */
export async function removeFromChunks(
  store: ChunkStore,
  chunks: readonly MessageChunkRecord[],
  remove: (message: MessageRecord) => boolean,
): Promise<{ removed: MessageRecord[]; remaining: MessageRecord[] }> {
  const removed: MessageRecord[] = [];
  const remaining: MessageRecord[] = [];
  const writes: Array<Promise<unknown>> = [];
  for (const chunk of chunks) {
    const kept: MessageRecord[] = [];
    for (const message of chunk.messages) (remove(message) ? removed : kept).push(message);
    remaining.push(...kept);
    if (kept.length === chunk.messages.length) continue;
    const next = withMessages(chunk, kept);
    writes.push(next ? store.put(next) : store.delete([chunk.sessionId, chunk.seq]));
  }
  await Promise.all(writes);
  return { removed, remaining };
}
