// The sessions' full-text index (store `searchIndex`, schema v4): term → the sessions whose messages contain it.
// Steps and imports add rows in their own transactions; queries read the postings of the query's tokens, intersect
// them, and check only the sessions left against their messages (search-match.ts), so the snippets, highlights and
// entries to open are exactly those of a scan. Loaded lazily: nothing here is on the first load.
import { unwrap } from 'idb';
import { CJK_SCRIPTS, tokenizeForSearch } from '../context/search-tokens.ts';
import { messagesOfChunks } from './message-chunks.ts';
import type { MessageChunkRecord, MessageRecord, SearchIndexRecord, SessionRecord } from './schema.ts';
import { sessionNumberRange } from './schema.ts';
import { isSearchIndexComplete, SEARCH_INDEX_STATE_KEY, searchIndexState } from './search-index-state.ts';
import { normaliseForSearch, searchTerms, type SessionMatch } from './search-match.ts';
import { sessionMatcher, type SessionMatcher } from './session-matcher.ts';
import { listSessions } from './sessions.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** term → the sessions it occurs in. */
export type Postings = Map<string, Set<string>>;

const CJK_TOKEN = new RegExp(`^[${CJK_SCRIPTS}]`, 'u');

/** Below this code point no character is CJK (the first such script, Hangul Jamo, starts here): no pattern test. */
const FIRST_CJK_CODE_POINT = 0x1100;

function isCjkToken(token: string): boolean {
  return (token.codePointAt(0) ?? 0) >= FIRST_CJK_CODE_POINT && CJK_TOKEN.test(token);
}

/**
 * The term under which a session is listed for every word of its messages that starts with this one character: a
 * one-letter prefix (`a`, `1`, the first key typed) reads its rows instead of every row of every term it starts
 * (1,925 rows under `1` in 150,000 messages). The control character never starts a token, so no prefix reaches it.
 */
export function initialTerm(character: string): string {
  return `\u0001${character}`;
}

function firstCharacter(token: string): string {
  return String.fromCodePoint(token.codePointAt(0) ?? 0);
}

/**
 * The distinct index terms of a message's text (none for content that is not text): its tokens, and the
 * {@link initialTerm} of each word a prefix can reach (CJK tokens are terms of their own, never looked up by prefix).
 */
export function messageTerms(content: unknown): Set<string> {
  const terms = messageTokens(content);
  for (const token of [...terms]) if (!isCjkToken(token)) terms.add(initialTerm(firstCharacter(token)));
  return terms;
}

function messageTokens(content: unknown): Set<string> {
  return new Set(typeof content === 'string' && content ? tokenizeForSearch(content) : []);
}

/** The postings of these messages' tokens (their initials are added when the rows are put: {@link putPostings}). */
export function postingsOf(messages: Iterable<Pick<MessageRecord, 'sessionId' | 'message'>>): Postings {
  return addPostings(new Map(), messages);
}

/** Adds these messages' tokens to `postings`; returns it. */
export function addPostings(
  postings: Postings,
  messages: Iterable<Pick<MessageRecord, 'sessionId' | 'message'>>,
): Postings {
  for (const { sessionId, message } of messages) {
    for (const term of messageTokens(message.content)) {
      let sessions = postings.get(term);
      if (!sessions) postings.set(term, (sessions = new Set()));
      sessions.add(sessionId);
    }
  }
  return postings;
}

/** Where rows are put: the raw store of a read-write transaction (plain requests, no promise each). */
type RowStore = Pick<IDBObjectStore, 'put'>;

/**
 * Puts a row per token of a batch under `bucket` (its own name), and a row per initial: the sessions of the
 * batch's words that start with it, gathered from the distinct tokens (once per batch, not per message). Plain
 * requests: a failing one aborts the caller's transaction, which then reports it.
 */
export function putPostings(store: RowStore, postings: Postings, bucket: string): void {
  const initials: Postings = new Map();
  for (const [term, sessions] of postings) {
    store.put({ term, bucket, sessions: [...sessions] } satisfies SearchIndexRecord);
    if (isCjkToken(term)) continue;
    const initial = initialTerm(firstCharacter(term));
    const listed = initials.get(initial);
    if (listed) for (const id of sessions) listed.add(id);
    else initials.set(initial, new Set(sessions));
  }
  for (const [term, sessions] of initials)
    store.put({ term, bucket, sessions: [...sessions] } satisfies SearchIndexRecord);
}

/** A bucket name no other batch has (never a session id: those start with `sess_`). */
export function batchBucket(kind: 'import' | 'rebuild'): string {
  return `${kind}:${Date.now().toString(36)}:${Math.random().toString(36).slice(2)}`;
}

/** Terms already written per session by this page (a step's flushes repeat most of them). */
const written = new WeakMap<GlassboxDatabase, Map<string, Set<string>>>();

function writtenTerms(db: GlassboxDatabase, sessionId: string): Set<string> | undefined {
  return written.get(db)?.get(sessionId);
}

/** The terms of a step's messages its session has no row for yet (as far as this page knows). */
export function newStepTerms(db: GlassboxDatabase, sessionId: string, contents: Iterable<unknown>): Set<string> {
  const known = writtenTerms(db, sessionId);
  const terms = new Set<string>();
  for (const content of contents) for (const term of messageTerms(content)) if (!known?.has(term)) terms.add(term);
  return terms;
}

/** Puts a step's new terms in the transaction that writes its messages: one row per term, bucket = the session. */
export function putStepTerms(store: RowStore, sessionId: string, terms: Iterable<string>): void {
  for (const term of terms) store.put({ term, bucket: sessionId, sessions: [sessionId] } satisfies SearchIndexRecord);
}

/** Remembers terms whose rows committed, so the next flush of the same answer writes only what is new. */
export function rememberStepTerms(db: GlassboxDatabase, sessionId: string, terms: Iterable<string>): void {
  let sessions = written.get(db);
  if (!sessions) written.set(db, (sessions = new Map()));
  let known = sessions.get(sessionId);
  if (!known) sessions.set(sessionId, (known = new Set()));
  for (const term of terms) known.add(term);
}

/** The terms of `removed` messages that none of the `remaining` ones hold: their session leaves these rows. */
export function termsGone(removed: Iterable<unknown>, remaining: Iterable<unknown>): Set<string> {
  const gone = new Set<string>();
  for (const content of removed) for (const term of messageTerms(content)) gone.add(term);
  if (gone.size === 0) return gone;
  for (const content of remaining) {
    for (const term of messageTerms(content)) gone.delete(term);
    if (gone.size === 0) break;
  }
  return gone;
}

/** The index store of a read-write transaction (idb's promises). */
interface PruneStore {
  getAll(query: IDBKeyRange): Promise<SearchIndexRecord[]>;
  put(row: SearchIndexRecord): Promise<unknown>;
  delete(key: [string, string]): Promise<unknown>;
}

/**
 * Takes the session off the rows of these terms (none of its messages holds them any more), in the caller's
 * transaction: a row left with no session is deleted. The terms this page remembers writing for the session are
 * forgotten, so its next step writes what it needs again.
 */
export async function removeSessionTerms(
  db: GlassboxDatabase,
  store: PruneStore,
  sessionId: string,
  terms: Iterable<string>,
): Promise<void> {
  written.get(db)?.delete(sessionId);
  const rows = (
    await Promise.all([...terms].map((term) => store.getAll(IDBKeyRange.bound([term], [term, []]))))
  ).flat();
  await Promise.all(
    rows.flatMap((row) => {
      if (!row.sessions.includes(sessionId)) return [];
      const sessions = row.sessions.filter((id) => id !== sessionId);
      return [sessions.length === 0 ? store.delete([row.term, row.bucket]) : store.put({ ...row, sessions })];
    }),
  );
}

/**
 * After the removed messages of a session were deleted in the caller's transaction: takes the session off the rows
 * of the terms only they held (`remaining`: the session's messages left).
 */
export async function removeMessagesFromIndex(
  db: GlassboxDatabase,
  store: PruneStore,
  sessionId: string,
  removed: readonly MessageRecord[],
  remaining: readonly MessageRecord[],
): Promise<void> {
  if (removed.length === 0) return;
  const gone = termsGone(
    removed.map((record) => record.message.content),
    remaining.map((record) => record.message.content),
  );
  if (gone.size > 0) await removeSessionTerms(db, store, sessionId, gone);
}

/**
 * What a query word needs from the index: each of its tokens must be a term of the session, the last one (still
 * being typed) as a prefix of a term. A CJK token needs no prefix: every character and pair is a term of its own.
 */
export function queryTokens(term: string): Array<{ token: string; prefix: boolean }> {
  const tokens = [...new Set(tokenizeForSearch(term))];
  const last = tokens.at(-1);
  return tokens.map((token) => ({ token, prefix: token === last && !isCjkToken(token) }));
}

/** Below this many candidates, the remaining prefix lookups are skipped: checking the messages settles it. */
const FEW_CANDIDATES = 48;

type PostingStore = { getAll(query: IDBKeyRange): Promise<SearchIndexRecord[]> };

/**
 * Rows read for prefix lookups (prefix → every row of a term it starts), kept while the page searches the same
 * session list object. The page's list is replaced whenever a session's terms can change (a step is followed by its
 * session's update, an import by the new list, a deletion and another tab's change by theirs), so a word typed on
 * (`1` → `15` → `150`) is answered from the rows of its start, and a word kept (`answer` while the next word is typed)
 * from its own, without reading them again.
 */
interface LookupCache {
  sessions: readonly SearchableSession[];
  prefixes: Map<string, SearchIndexRecord[]>;
}

/** Prefixes kept at most (then the cache starts again). */
const CACHED_PREFIXES = 32;

const lookupCaches = new WeakMap<GlassboxDatabase, LookupCache>();

function lookupCache(
  db: GlassboxDatabase,
  sessions: readonly SearchableSession[] | undefined,
): Map<string, SearchIndexRecord[]> | undefined {
  if (!sessions) return undefined;
  let cache = lookupCaches.get(db);
  if (cache?.sessions !== sessions || cache.prefixes.size >= CACHED_PREFIXES)
    lookupCaches.set(db, (cache = { sessions, prefixes: new Map() }));
  return cache.prefixes;
}

/** The rows of a lookup the cache answers without reading (a word typed on from a prefix read); undefined if none. */
function cachedRows(
  token: string,
  prefix: boolean,
  cache: Map<string, SearchIndexRecord[]> | undefined,
): SearchIndexRecord[] | undefined {
  if (!cache) return undefined;
  if (prefix && firstCharacter(token) === token) return cache.get(initialTerm(token));
  for (let length = token.length; length > 1; length -= 1) {
    const rows = cache.get(token.slice(0, length));
    if (rows) return rows.filter((row) => (prefix ? row.term.startsWith(token) : row.term === token));
  }
  return undefined;
}

async function rowsWith(
  store: PostingStore,
  token: string,
  prefix: boolean,
  cache: Map<string, SearchIndexRecord[]> | undefined,
): Promise<SearchIndexRecord[]> {
  const cached = cachedRows(token, prefix, cache);
  if (cached) return cached;
  // A one-character prefix is its initial's rows (kept under that term: they answer no longer prefix).
  if (prefix && firstCharacter(token) === token) {
    const initial = initialTerm(token);
    const rows = await store.getAll(IDBKeyRange.bound([initial], [initial, []]));
    cache?.set(initial, rows);
    return rows;
  }
  const range = prefix ? IDBKeyRange.bound([token], [`${token}\uffff`]) : IDBKeyRange.bound([token], [token, []]);
  const rows = await store.getAll(range);
  if (prefix) cache?.set(token, rows);
  return rows;
}

function sessionsOf(rows: readonly SearchIndexRecord[]): Set<string> {
  const sessions = new Set<string>();
  for (const row of rows) for (const id of row.sessions) sessions.add(id);
  return sessions;
}

async function sessionsWith(
  store: PostingStore,
  token: string,
  prefix: boolean,
  cache: Map<string, SearchIndexRecord[]> | undefined,
): Promise<Set<string>> {
  return sessionsOf(await rowsWith(store, token, prefix, cache));
}

function intersect(a: ReadonlySet<string> | undefined, b: ReadonlySet<string>): ReadonlySet<string> {
  if (!a) return b;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  return new Set([...small].filter((id) => large.has(id)));
}

/** What a search needs of a session: its id and title (the list is newest first). */
export type SearchableSession = Pick<SessionRecord, 'id' | 'title'>;

/** Titles normalised for search, per session record (the page's records are replaced when they change). */
const normalisedTitles = new WeakMap<SearchableSession, { title: string; normalised: string }>();

function normalisedTitle(session: SearchableSession): string {
  const known = normalisedTitles.get(session);
  if (known?.title === session.title) return known.normalised;
  const normalised = normaliseForSearch(session.title);
  normalisedTitles.set(session, { title: session.title, normalised });
  return normalised;
}

/** A word of the query as the index answers it. */
interface QueryWord {
  term: string;
  tokens: Array<{ token: string; prefix: boolean }>;
  /**
   * The word is a term of its own (one Latin-script word, or one or two CJK characters): the index lists a session
   * under it (as a prefix, for a Latin word) exactly when some message contains it, so no message is read to know.
   */
  exact: boolean;
  /** The sessions whose title contains the word. */
  inTitle: string[];
  /** The sessions whose messages hold every token looked up so far; undefined: none looked up, no constraint yet. */
  found?: ReadonlySet<string>;
}

function queryWord(sessions: readonly SearchableSession[], term: string): QueryWord {
  const tokens = queryTokens(term);
  const own = tokens.find(({ token }) => token === term);
  return {
    term,
    tokens: own ? [own] : tokens,
    exact: own !== undefined,
    inTitle: sessions.filter((session) => normalisedTitle(session).includes(term)).map((session) => session.id),
  };
}

/** The sessions that may match: for every word, those whose messages hold it plus those whose title contains it. */
function candidatesOf(words: readonly QueryWord[]): ReadonlySet<string> | undefined {
  let candidates: ReadonlySet<string> | undefined;
  for (const word of words)
    if (word.found) candidates = intersect(candidates, new Set([...word.found, ...word.inTitle]));
  return candidates;
}

/** Whether a session matched some word in its messages (one matched by its title alone has no snippet to read). */
function foundInMessages(words: readonly QueryWord[]): (sessionId: string) => boolean {
  return (id) => words.some((word) => !word.found || word.found.has(id));
}

/**
 * The sessions whose snippets the answer will read (the first screen's), when the cache answers every word of the
 * query and every word is a term (a word typed on): known before anything is read, so their first pages are read
 * alongside the index's state. Undefined otherwise. Sets the words' `found`, as their lookups will.
 */
function cachedFirstScreen(
  sessions: readonly SearchableSession[],
  words: readonly QueryWord[],
  cache: Map<string, SearchIndexRecord[]> | undefined,
  firstScreen: number,
): string[] | undefined {
  if (!cache || !words.every((word) => word.exact)) return undefined;
  const found = words.map((word) => word.tokens.map(({ token, prefix }) => cachedRows(token, prefix, cache)));
  if (found.some((rows) => rows.some((row) => row === undefined))) return undefined;
  words.forEach((word, position) => {
    for (const rows of found[position] ?? []) if (rows) word.found = intersect(word.found, sessionsOf(rows));
  });
  const candidates = candidatesOf(words);
  const inMessages = foundInMessages(words);
  const shown = (candidates ? sessions.filter((session) => candidates.has(session.id)) : sessions).slice(
    0,
    firstScreen,
  );
  return shown.map((session) => session.id).filter(inMessages);
}

/** A read-only transaction's results are final when they arrive: it is not waited on to complete (a task later). */
function settleUnawaited(tx: { done: Promise<void> }): void {
  tx.done.catch(() => undefined);
}

/**
 * Looks the query's words up in the index, in the transaction that reads its state row: undefined when the index is
 * not complete at this version (the lookups are then dropped). When every word is exact, each is looked up and the
 * candidates are the matches; otherwise exact lookups go first, all at once, then prefixes, longest first, only
 * while the candidates are many (the messages are checked after). No candidates (undefined) means every session: no
 * word had a token.
 */
async function lookUpWords(
  db: GlassboxDatabase,
  words: QueryWord[],
  cache: Map<string, SearchIndexRecord[]> | undefined,
): Promise<QueryWord[] | undefined> {
  const tx = db.transaction('searchIndex', 'readonly');
  settleUnawaited(tx);
  const store = tx.store as unknown as PostingStore;
  const everyExact = words.every((word) => word.exact);
  const [state] = await Promise.all([
    tx.store.get(SEARCH_INDEX_STATE_KEY),
    ...words.flatMap((word) =>
      word.tokens
        .filter((token) => everyExact || !token.prefix)
        .map(async ({ token, prefix }) => {
          const found = await sessionsWith(store, token, prefix, cache);
          word.found = intersect(word.found, found);
        }),
    ),
  ]);
  if (!isSearchIndexComplete(state)) {
    // Rows read from an index being rebuilt may lack some: none is kept.
    cache?.clear();
    return undefined;
  }
  if (!everyExact) {
    let candidates = candidatesOf(words);
    const prefixes = words.flatMap((word) =>
      word.tokens.filter((token) => token.prefix).map(({ token }) => ({ word, token })),
    );
    prefixes.sort((a, b) => b.token.length - a.token.length);
    for (const { word, token } of prefixes) {
      if (candidates && candidates.size <= FEW_CANDIDATES) break;
      word.found = intersect(word.found, await sessionsWith(store, token, true, cache));
      candidates = candidatesOf(words);
    }
  }
  return words;
}

/**
 * Message chunks read per session per round while checking candidates: one at first (most settle on their first
 * hits; an imported chunk holds 16 messages, a step's one to a few), more per round after.
 */
const FIRST_PAGE = 1;
const PAGE = 8;
/**
 * The first page of a session whose snippets are read: a word may first occur well into it (a turn number, a later
 * topic), and for the few sessions of a screen a larger first read costs less than another round trip.
 */
const SNIPPETS_FIRST_PAGE = 2;
/** Sessions whose pages are requested together (bounds what a scan holds at once). */
const SESSIONS_PER_ROUND = 256;

/**
 * Runs the matchers over their sessions' messages in seq order, a page of each unsettled session per round, all
 * sessions' pages requested at once; a session stops being read once its matcher is settled. Stops between rounds
 * once `signal` is aborted (a newer query superseded this one). A session whose first page is in `read` (of
 * {@link SNIPPETS_FIRST_PAGE} chunks) starts from it instead of reading its own.
 */
async function runMatchers(
  db: GlassboxDatabase,
  matchers: ReadonlyMap<string, SessionMatcher>,
  signal?: AbortSignal,
  firstPage = FIRST_PAGE,
  read?: FirstPages,
): Promise<void> {
  if (matchers.size === 0) return;
  const queue = [...matchers.keys()].map((sessionId) => ({
    sessionId,
    from: -Infinity,
    size: read?.has(sessionId) ? SNIPPETS_FIRST_PAGE : firstPage,
  }));
  const aborted = () => signal?.aborted === true;
  while (queue.length > 0) {
    if (aborted()) break;
    const round = queue.splice(0, SESSIONS_PER_ROUND);
    // A transaction per round, opened only if the round reads anything: a round answered from pages read in
    // another transaction would leave one opened here inactive for the next round's requests.
    let store: ReturnType<typeof messageChunkStore> | undefined;
    const pages = await Promise.all(
      round.map(
        ({ sessionId, from, size }) =>
          (from === -Infinity ? read?.get(sessionId) : undefined) ??
          (store ??= messageChunkStore(db)).getAll(sessionNumberRange(sessionId, from), size),
      ),
    );
    pages.forEach((page, position) => {
      const sessionId = round[position]?.sessionId ?? '';
      const matcher = matchers.get(sessionId);
      if (!matcher) return;
      for (const chunk of page)
        for (const { id, message } of chunk.messages) if (!matcher.offer(id, message.content, message.role)) return;
      const last = page.at(-1);
      if (page.length === round[position]?.size && last) queue.push({ sessionId, from: last.seq + 1, size: PAGE });
    });
  }
}

/** The message chunks (keyed by session and seq) in a read-only transaction of its own (not waited on to complete). */
function messageChunkStore(db: GlassboxDatabase) {
  const tx = db.transaction('messageChunks', 'readonly');
  settleUnawaited(tx);
  return tx.store;
}

/** First pages of sessions' message chunks ({@link SNIPPETS_FIRST_PAGE} each) already being read, by session id. */
type FirstPages = ReadonlyMap<string, Promise<MessageChunkRecord[]>>;

/**
 * Starts reading the first pages of the sessions whose snippets the answer will likely need, alongside the index
 * lookups instead of after them: a word typed on narrows the shown result, so its first screen is mostly the one
 * shown. A page read for a session that is not on the new first screen is dropped.
 */
function readFirstPages(db: GlassboxDatabase, sessionIds: readonly string[]): FirstPages {
  const pages = new Map<string, Promise<MessageChunkRecord[]>>();
  if (sessionIds.length === 0) return pages;
  const store = messageChunkStore(db);
  for (const sessionId of sessionIds) {
    const page = store.getAll(sessionNumberRange(sessionId), SNIPPETS_FIRST_PAGE);
    page.catch(() => undefined);
    pages.set(sessionId, page);
  }
  return pages;
}

/** Whether the stored index is complete at this build's version. */
export async function searchIndexReady(db: GlassboxDatabase): Promise<boolean> {
  return isSearchIndexComplete(await readStorage(() => db.get('searchIndex', SEARCH_INDEX_STATE_KEY)));
}

/**
 * Matching sessions that get their snippets before the search answers, unless the search says how many rows the
 * list shows ({@link SearchOptions.firstScreen}); the others are marked `snippetsPending` and read with
 * {@link searchSnippets} when shown.
 */
export const FIRST_SCREEN = 12;

/** Options of a search: `signal` aborts it when a newer query supersedes it (it then rejects with the abort). */
export interface SearchOptions {
  signal?: AbortSignal;
  /**
   * The sessions to search, newest first: the list the page already holds, so a keystroke does not read every
   * session record again. Read from storage when absent.
   */
  sessions?: readonly SearchableSession[];
  /**
   * The sessions at the top of the result shown now, when this query types on from its query: their first messages
   * are read while the index is looked up (most will be on the new result's first screen).
   */
  likely?: readonly string[];
  /**
   * How many matches get their snippets before the search answers: the rows the list can show (its first screen and
   * the rows mounted below it). {@link FIRST_SCREEN} when absent. Every session read costs the keystroke time (its
   * first two chunks, up to 32 messages: about 1.3 ms on the 2-core bench machine), so a short list reads fewer.
   */
  firstScreen?: number;
}

/**
 * Sessions whose title or message text contains every word of the query (case-insensitive, NFKC), newest first,
 * each with snippets of up to three matching messages (search-match.ts). Through the index, a word is found where
 * it starts a word of the text (any CJK substring), and only the first screen's matches (`firstScreen`) have their
 * snippets read; while the index is missing or stale it is rebuilt in the background and the messages are scanned
 * instead. An empty query matches every session, with no snippets.
 */
export async function searchSessions(
  db: GlassboxDatabase,
  query: string,
  options: SearchOptions = {},
): Promise<SessionMatch[]> {
  const sessions = options.sessions ?? (await listSessions(db));
  const terms = searchTerms(query);
  // One transaction reads the index's state and looks the words up (no round trip of its own for the state).
  const cache = lookupCache(db, options.sessions);
  const queryWords = terms.map((term) => queryWord(sessions, term));
  const firstScreen = Math.max(1, options.firstScreen ?? FIRST_SCREEN);
  const screen =
    terms.length > 0 ? (cachedFirstScreen(sessions, queryWords, cache, firstScreen) ?? options.likely) : undefined;
  const read = screen ? readFirstPages(db, screen.slice(0, firstScreen)) : undefined;
  const words = terms.length > 0 ? await readStorage(() => lookUpWords(db, queryWords, cache)) : undefined;
  const ready = words !== undefined || (terms.length === 0 && (await searchIndexReady(db)));
  if (!ready) void ensureSearchIndex(db).catch(() => undefined);
  if (terms.length === 0) return sessions.map((session) => ({ sessionId: session.id, snippets: [] }));
  return words
    ? searchIndexed(db, sessions, terms, words, firstScreen, options.signal, read)
    : search(db, sessions, query, options.signal);
}

/** The same search reading every session's messages, without the index (what it falls back to). */
export async function scanSessions(db: GlassboxDatabase, query: string): Promise<SessionMatch[]> {
  return search(db, await listSessions(db), query);
}

async function search(
  db: GlassboxDatabase,
  sessions: readonly SearchableSession[],
  query: string,
  signal?: AbortSignal,
): Promise<SessionMatch[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return sessions.map((session) => ({ sessionId: session.id, snippets: [] }));
  const matchers = new Map<string, SessionMatcher>(
    sessions.map((session) => [session.id, sessionMatcher(session.id, session.title, terms)]),
  );
  await readStorage(() => runMatchers(db, matchers, signal));
  signal?.throwIfAborted();
  return sessions.flatMap((session) => matchers.get(session.id)?.result() ?? []);
}

/** The matches of the looked-up words: candidates checked where a word is not one term, snippets of the first screen. */
async function searchIndexed(
  db: GlassboxDatabase,
  sessions: readonly SearchableSession[],
  terms: readonly string[],
  words: readonly QueryWord[],
  firstScreen: number,
  signal?: AbortSignal,
  read?: FirstPages,
): Promise<SessionMatch[]> {
  signal?.throwIfAborted();
  const candidates = candidatesOf(words);
  let matching = candidates ? sessions.filter((session) => candidates.has(session.id)) : sessions;
  if (!words.every((word) => word.exact)) {
    // Some word is more than one term (`17.3`, a CJK run): which candidates hold it is known only from their text.
    const checks = new Map(
      matching.map((session) => [session.id, sessionMatcher(session.id, session.title, terms, 0)]),
    );
    await readStorage(() => runMatchers(db, checks, signal, FIRST_PAGE, read));
    signal?.throwIfAborted();
    matching = matching.filter((session) => checks.get(session.id)?.result());
  }
  const inMessages = foundInMessages(words);
  const matches: SessionMatch[] = [];
  let next = 0;
  while (next < matching.length && matches.length < firstScreen) {
    const batch = matching.slice(next, next + firstScreen - matches.length);
    next += batch.length;
    const matchers = new Map(
      batch
        .filter((session) => inMessages(session.id))
        .map((session) => [session.id, sessionMatcher(session.id, session.title, terms)]),
    );
    await readStorage(() => runMatchers(db, matchers, signal, SNIPPETS_FIRST_PAGE, read));
    signal?.throwIfAborted();
    // No result: the index still listed a message since changed (the text is what counts).
    for (const session of batch) {
      const result = matchers.has(session.id)
        ? matchers.get(session.id)?.result()
        : { sessionId: session.id, snippets: [] };
      if (result) matches.push(result);
    }
  }
  for (const session of matching.slice(next))
    matches.push({ sessionId: session.id, snippets: [], snippetsPending: true });
  return matches;
}

/**
 * The snippets of these sessions for the query (rows of a long result scrolled into view), read from their
 * messages; a session that no longer matches is left out.
 */
export async function searchSnippets(
  db: GlassboxDatabase,
  query: string,
  sessionIds: readonly string[],
  options: SearchOptions = {},
): Promise<SessionMatch[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return sessionIds.map((sessionId) => ({ sessionId, snippets: [] }));
  const sessions = (await readStorage(() => Promise.all(sessionIds.map((id) => db.get('sessions', id))))).filter(
    (session) => session !== undefined,
  );
  const matchers = new Map(sessions.map((session) => [session.id, sessionMatcher(session.id, session.title, terms)]));
  await readStorage(() => runMatchers(db, matchers, options.signal, SNIPPETS_FIRST_PAGE));
  options.signal?.throwIfAborted();
  return sessions.flatMap((session) => matchers.get(session.id)?.result() ?? []);
}

/** Message chunks read (and their messages' terms written) per rebuild transaction: up to 2,000 messages. */
const REBUILD_BATCH = 125;

const rebuilds = new WeakMap<GlassboxDatabase, Promise<void>>();

/** Lets the page paint and handle input between a rebuild's batches. */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Builds the index from every stored message unless it is complete at this version: once per page at a time, in
 * batches of {@link REBUILD_BATCH} messages, yielding between them. Steps and imports meanwhile index themselves;
 * the index is marked complete only if no other rebuild (another tab) started since this one did.
 */
export function ensureSearchIndex(db: GlassboxDatabase): Promise<void> {
  let running = rebuilds.get(db);
  if (!running) {
    running = rebuildUnlessReady(db).finally(() => rebuilds.delete(db));
    rebuilds.set(db, running);
  }
  return running;
}

async function rebuildUnlessReady(db: GlassboxDatabase): Promise<void> {
  if (await searchIndexReady(db)) return;
  const stamp = batchBucket('rebuild');
  await runTransaction(db, ['searchIndex'], 'readwrite', async (tx) => {
    const store = tx.objectStore('searchIndex');
    await store.clear();
    await store.put(searchIndexState(stamp));
  });
  written.delete(db);
  // Session by session (the chunks' session-and-seq order): a batch then spans a few whole sessions, so a term gets
  // a row of a few sessions per batch, as an import writes it, not one under every batch.
  let after: [string, number] | undefined;
  for (let batch = 0; ; batch += 1) {
    const range = after === undefined ? null : IDBKeyRange.lowerBound(after, true);
    const chunks = await readStorage(() => db.getAll('messageChunks', range, REBUILD_BATCH));
    const last = chunks.at(-1);
    if (!last) break;
    after = [last.sessionId, last.seq];
    const postings = postingsOf(messagesOfChunks(chunks));
    await runTransaction(db, ['searchIndex'], 'readwrite', async (tx) => {
      putPostings(unwrap(tx.objectStore('searchIndex')), postings, `${stamp}:${batch}`);
    });
    if (chunks.length < REBUILD_BATCH) break;
    await yieldToPage();
  }
  await runTransaction(db, ['searchIndex'], 'readwrite', async (tx) => {
    const store = tx.objectStore('searchIndex');
    const state = await store.get(SEARCH_INDEX_STATE_KEY);
    if (state?.building === stamp) await store.put(searchIndexState());
  });
}
