// Reading sessions' messages through matchers (session-matcher.ts): what a search checks its candidates with and
// takes its snippets from, and what the scan without the index does for every session.
import type { IDBPObjectStore } from 'idb';
import { sessionNumberRange, type GlassboxDB, type MessageChunkRecord } from './schema.ts';
import type { SessionMatcher } from './session-matcher.ts';
import type { GlassboxDatabase } from './transaction.ts';

/**
 * Message chunks read per session in its first round: one to decide whether it matches (most settle on their first
 * hits; an imported chunk holds 16 messages, a step's one to a few), two for snippets (a word may first occur well
 * into the session, and for the few sessions of a screen a larger first read costs less than another round trip).
 */
export const FIRST_PAGE = 1;
export const SNIPPETS_FIRST_PAGE = 2;
/** Chunks read per session in each later round. */
const PAGE = 8;
/** Sessions whose pages are requested together (bounds what a scan holds at once). */
const SESSIONS_PER_ROUND = 256;

/** A read-only transaction's results are final when they arrive: it is not waited on to complete (a task later). */
export function settleUnawaited(tx: { done: Promise<void> }): void {
  tx.done.catch(() => undefined);
}

/** First pages ({@link SNIPPETS_FIRST_PAGE} chunks) of sessions already being read, by session id. */
export type FirstPages = ReadonlyMap<string, Promise<MessageChunkRecord[]>>;

/**
 * The read-ahead, kept in this simple form: the first pages of the sessions at the top of the list shown now, read
 * alongside the index look-up instead of after it (a key typed on narrows the shown result, so its first screen is
 * mostly the one shown). Without it every key waits for one more round trip (measured on the bench: see
 * bench/README-figures.md, 2026-12-05). A page of a session that is not on the new first screen is dropped.
 */
export function readFirstPages(db: GlassboxDatabase, sessionIds: readonly string[]): FirstPages {
  const pages = new Map<string, Promise<MessageChunkRecord[]>>();
  if (sessionIds.length === 0) return pages;
  const tx = db.transaction('messageChunks', 'readonly');
  settleUnawaited(tx);
  for (const sessionId of sessionIds) {
    const page = tx.store.getAll(sessionNumberRange(sessionId), SNIPPETS_FIRST_PAGE);
    page.catch(() => undefined);
    pages.set(sessionId, page);
  }
  return pages;
}

/**
 * Runs the matchers over their sessions' messages in seq order, a page of each unsettled session per round, all
 * sessions' pages requested at once in a read-only transaction of the round's own; a session stops being read once
 * its matcher is settled. Stops between rounds once `signal` is aborted (a newer query superseded this one). A
 * session whose first page is in `read` starts from it instead of reading its own.
 */
export async function runMatchers(
  db: GlassboxDatabase,
  matchers: ReadonlyMap<string, SessionMatcher>,
  firstPage: number,
  signal?: AbortSignal,
  read?: FirstPages,
): Promise<void> {
  const queue = [...matchers.keys()].map((sessionId) => ({
    sessionId,
    from: -Infinity,
    size: read?.has(sessionId) ? SNIPPETS_FIRST_PAGE : firstPage,
  }));
  while (queue.length > 0) {
    if (signal?.aborted) break;
    const round = queue.splice(0, SESSIONS_PER_ROUND);
    // Opened only if the round reads anything: one opened for a round answered from pages read ahead would be
    // inactive by the next round's requests.
    let store: IDBPObjectStore<GlassboxDB, ['messageChunks'], 'messageChunks'> | undefined;
    const chunkStore = () => {
      const tx = db.transaction('messageChunks', 'readonly');
      settleUnawaited(tx);
      return tx.store;
    };
    const pages = await Promise.all(
      round.map(
        ({ sessionId, from, size }) =>
          (from === -Infinity ? read?.get(sessionId) : undefined) ??
          (store ??= chunkStore()).getAll(sessionNumberRange(sessionId, from), size),
      ),
    );
    pages.forEach((page, position) => {
      const { sessionId, size } = round[position] ?? { sessionId: '', size: 0 };
      const matcher = matchers.get(sessionId);
      if (!matcher) return;
      for (const chunk of page)
        for (const { id, message } of chunk.messages) if (!matcher.offer(id, message.content, message.role)) return;
      const last = page.at(-1);
      if (page.length === size && last) queue.push({ sessionId, from: last.seq + 1, size: PAGE });
    });
  }
}
