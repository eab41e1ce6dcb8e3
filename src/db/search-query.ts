// QUERYING the sessions' full-text index (written by search-index.ts). One path: LOOK UP each word's tokens in the
// index → the CANDIDATES (sessions whose messages hold every word, or whose title contains it) → MATCH them against
// their messages (session-matcher.ts), so the snippets, highlights and entries to open are exactly those of a scan.
// The one cache is the look-up's (search-lookup.ts), kept per session list. Loaded lazily.
import type { SessionRecord } from './schema.ts';
import { ensureSearchIndex } from './search-index.ts';
import { queryTokens, type QueryToken } from './search-index-terms.ts';
import { lookUp } from './search-lookup.ts';
import { normaliseForSearch, rankedByTitle, searchTerms, type SessionMatch } from './search-match.ts';
import { FIRST_PAGE, readFirstPages, runMatchers, SNIPPETS_FIRST_PAGE, type FirstPages } from './search-read.ts';
import { sessionMatcher, type SessionMatcher } from './session-matcher.ts';
import { listSessions } from './sessions.ts';
import { readStorage, type GlassboxDatabase } from './transaction.ts';

/**
 * Matching sessions that get their snippets before the search answers, unless the search says how many rows the
 * list shows ({@link SearchOptions.firstScreen}); the others are marked `snippetsPending` and read with
 * {@link searchSnippets} when shown.
 */
export const FIRST_SCREEN = 12;

/** What a search needs of a session: its id and title (the list is newest first). */
export type SearchableSession = Pick<SessionRecord, 'id' | 'title'>;

/** Options of a search: `signal` aborts it when a newer query supersedes it (it then rejects with the abort). */
export interface SearchOptions {
  signal?: AbortSignal;
  /**
   * The sessions to search, newest first: the list the page already holds, so a keystroke does not read every
   * session record again. Read from storage when absent.
   */
  sessions?: readonly SearchableSession[];
  /**
   * The sessions at the top of the list shown now, when this query types on from the one shown: their first messages
   * are read ahead, alongside the look-up (most will be on the new result's first screen).
   */
  likely?: readonly string[];
  /**
   * How many matches get their snippets before the search answers: the rows the list can show. {@link FIRST_SCREEN}
   * when absent. Every session read costs the keystroke time, so a short list reads fewer.
   */
  firstScreen?: number;
}

/** A session of the search with its title normalised once for the query. */
interface Titled {
  session: SearchableSession;
  title: string;
}

/** A word of the query: its tokens in the index, and whether it is one term of its own (nothing to check). */
interface QueryWord {
  term: string;
  tokens: QueryToken[];
  /**
   * The word is a term of its own (one Latin-script word, or one or two CJK characters): the index lists a session
   * under it (as a prefix, for a Latin word) exactly when some message contains it, so no message is read to know.
   */
  exact: boolean;
}

function queryWord(term: string): QueryWord {
  const tokens = queryTokens(term);
  const own = tokens.find(({ token }) => token === term);
  return { term, tokens: own ? [own] : tokens, exact: own !== undefined };
}

/**
 * CANDIDATES: the sessions that hold every word in their messages or their title, in the order the answer lists
 * them ({@link rankedByTitle}), each marked whether some word was found in its messages (a session matched by its
 * title alone has no snippet to read).
 */
function candidatesOf(
  titled: readonly Titled[],
  words: readonly QueryWord[],
  found: ReadonlyArray<ReadonlySet<string> | undefined>,
  query: string,
): Array<Titled & { inMessages: boolean }> {
  const candidates = titled.flatMap((entry) => {
    let inMessages = false;
    for (const [position, word] of words.entries()) {
      const sessions = found[position];
      if (!sessions || sessions.has(entry.session.id)) inMessages = true;
      else if (!entry.title.includes(word.term)) return [];
    }
    return [{ ...entry, inMessages }];
  });
  return rankedByTitle(candidates, (entry) => entry.title, query);
}

/**
 * Sessions whose title or message text contains every word of the query (case-insensitive, NFKC), those whose title
 * is the query typed in full first, then the rest, newest first within each (`rankedByTitle`); each with
 * snippets of up to three matching messages. Through the index, a word is found where it starts a word of the text
 * (any CJK substring), and only the first screen's matches (`firstScreen`) have their snippets read; while the index
 * is missing or stale it is rebuilt in the background and the messages are scanned instead. An empty query matches
 * every session, with no snippets.
 */
export async function searchSessions(
  db: GlassboxDatabase,
  query: string,
  options: SearchOptions = {},
): Promise<SessionMatch[]> {
  const sessions = options.sessions ?? (await listSessions(db));
  const terms = searchTerms(query);
  if (terms.length === 0) return sessions.map((session) => ({ sessionId: session.id, snippets: [] }));
  const titled = sessions.map((session) => ({ session, title: normaliseForSearch(session.title) }));
  const words = terms.map(queryWord);
  const firstScreen = Math.max(1, options.firstScreen ?? FIRST_SCREEN);
  const read = options.likely ? readFirstPages(db, options.likely.slice(0, firstScreen)) : undefined;
  const tokens = words.map((word) => word.tokens);
  const found = await readStorage(() => lookUp(db, tokens, options.sessions));
  const reading = { db, signal: options.signal, read };
  options.signal?.throwIfAborted();
  if (!found) {
    void ensureSearchIndex(db).catch(() => undefined);
    return scan(
      { db, signal: options.signal },
      rankedByTitle(titled, (entry) => entry.title, query),
      terms,
    );
  }
  const candidates = candidatesOf(titled, words, found, query);
  return match(
    reading,
    candidates,
    terms,
    words.every((word) => word.exact),
    firstScreen,
  );
}

/** Where a search reads messages: its database, its abort signal, and the first pages it reads ahead. */
interface Reading {
  db: GlassboxDatabase;
  signal?: AbortSignal | undefined;
  read?: FirstPages | undefined;
}

/** Runs these matchers over their sessions' messages (aborted: rejects with the abort). */
async function run(
  { db, signal, read }: Reading,
  matchers: ReadonlyMap<string, SessionMatcher>,
  firstPage: number,
): Promise<void> {
  if (matchers.size > 0) await readStorage(() => runMatchers(db, matchers, firstPage, signal, read));
  signal?.throwIfAborted();
}

/**
 * MATCH: where some word is more than one term (`17.3`, a CJK run) which candidates hold it is known only from their
 * text, so each is checked; then the first screen's matches get their snippets, the rest are marked pending. A
 * candidate whose messages no longer hold a word (the index listed a message since changed) is left out.
 */
async function match(
  reading: Reading,
  candidates: ReadonlyArray<Titled & { inMessages: boolean }>,
  terms: readonly string[],
  exact: boolean,
  firstScreen: number,
): Promise<SessionMatch[]> {
  let matching = candidates;
  if (!exact) {
    const checks = new Map(
      candidates.map(({ session }) => [session.id, sessionMatcher(session.id, session.title, terms, 0)]),
    );
    await run(reading, checks, FIRST_PAGE);
    matching = candidates.filter(({ session }) => checks.get(session.id)?.result());
  }
  const matches: SessionMatch[] = [];
  let next = 0;
  while (next < matching.length && matches.length < firstScreen) {
    const batch = matching.slice(next, next + firstScreen - matches.length);
    next += batch.length;
    const matchers = new Map(
      batch
        .filter((entry) => entry.inMessages)
        .map(({ session }) => [session.id, sessionMatcher(session.id, session.title, terms)]),
    );
    await run(reading, matchers, SNIPPETS_FIRST_PAGE);
    for (const { session } of batch) {
      const matcher = matchers.get(session.id);
      const result = matcher ? matcher.result() : { sessionId: session.id, snippets: [] };
      if (result) matches.push(result);
    }
  }
  for (const { session } of matching.slice(next))
    matches.push({ sessionId: session.id, snippets: [], snippetsPending: true });
  return matches;
}

/** Every session's messages read through a matcher, without the index (ranked: the order of the answer). */
async function scan(reading: Reading, ranked: readonly Titled[], terms: readonly string[]): Promise<SessionMatch[]> {
  const matchers = new Map(ranked.map(({ session }) => [session.id, sessionMatcher(session.id, session.title, terms)]));
  await run(reading, matchers, FIRST_PAGE);
  return ranked.flatMap(({ session }) => matchers.get(session.id)?.result() ?? []);
}

/** The same search reading every session's messages, without the index (what it falls back to). */
export async function scanSessions(db: GlassboxDatabase, query: string): Promise<SessionMatch[]> {
  const terms = searchTerms(query);
  const sessions = await listSessions(db);
  if (terms.length === 0) return sessions.map((session) => ({ sessionId: session.id, snippets: [] }));
  const titled = sessions.map((session) => ({ session, title: normaliseForSearch(session.title) }));
  return scan(
    { db },
    rankedByTitle(titled, (entry) => entry.title, query),
    terms,
  );
}

/**
 * The snippets of these sessions for the query (rows of a long result scrolled into view), read from their
 * messages; a session that no longer matches is left out.
 */
export async function searchSnippets(
  db: GlassboxDatabase,
  query: string,
  sessionIds: readonly string[],
  options: Pick<SearchOptions, 'signal'> = {},
): Promise<SessionMatch[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return sessionIds.map((sessionId) => ({ sessionId, snippets: [] }));
  const sessions = (await readStorage(() => Promise.all(sessionIds.map((id) => db.get('sessions', id))))).filter(
    (session) => session !== undefined,
  );
  const matchers = new Map(sessions.map((session) => [session.id, sessionMatcher(session.id, session.title, terms)]));
  await run({ db, signal: options.signal }, matchers, SNIPPETS_FIRST_PAGE);
  return sessions.flatMap((session) => matchers.get(session.id)?.result() ?? []);
}
