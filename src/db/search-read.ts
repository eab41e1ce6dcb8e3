// Reading sessions' messages through matchers (session-matcher.ts): what a search checks its candidates with and
// takes its snippets from, and what the scan without the index does for every session.
import { sessionNumberRange } from './schema.ts';
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

/**
 * Runs the matchers over their sessions' messages in seq order, a page of each unsettled session per round, all
 * sessions' pages requested at once in a read-only transaction of the round's own; a session stops being read once
 * its matcher is settled. Stops between rounds once `signal` is aborted (a newer query superseded this one).
 */
export async function runMatchers(
  db: GlassboxDatabase,
  matchers: ReadonlyMap<string, SessionMatcher>,
  firstPage: number,
  signal?: AbortSignal,
): Promise<void> {
  const queue = [...matchers.keys()].map((sessionId) => ({ sessionId, from: -Infinity, size: firstPage }));
  while (queue.length > 0) {
    if (signal?.aborted) break;
    const round = queue.splice(0, SESSIONS_PER_ROUND);
    const tx = db.transaction('messageChunks', 'readonly');
    settleUnawaited(tx);
    const pages = await Promise.all(
      round.map(({ sessionId, from, size }) => tx.store.getAll(sessionNumberRange(sessionId, from), size)),
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
