// WRITING the sessions' full-text index (store `searchIndex`, schema v4): term → the sessions whose messages contain
// it. Steps and imports add rows in their own transactions, deletions take a session off the rows of the terms it no
// longer holds, and a missing or stale index is rebuilt from every message. Querying it is search-query.ts. Loaded
// lazily: nothing here is on the first load.
import { unwrap } from 'idb';
import { pageTurn } from '../model/page-turn.ts';
import { messagesOfChunks } from './message-chunks.ts';
import type { MessageRecord, SearchIndexRecord } from './schema.ts';
import { isSearchIndexComplete, SEARCH_INDEX_STATE_KEY, searchIndexState } from './search-index-state.ts';
import {
  firstCharacter,
  indexedText,
  initialTerm,
  isCjkToken,
  messageTerms,
  messageTokens,
} from './search-index-terms.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** term → the sessions it occurs in. */
export type Postings = Map<string, Set<string>>;

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

/**
 * The writer's one cache: the terms this page has written rows for, per session (a step's flushes repeat most of
 * them, so each writes only what is new). Owned by this module; invalidated when a session leaves rows
 * ({@link removeSessionTerms} forgets that session) and when a rebuild clears the store (forgets everything). Another
 * tab's rebuild indexes every stored message again, and a session being written is locked to its tab, so a term
 * remembered here is not missing from the store.
 */
const written = new WeakMap<GlassboxDatabase, Map<string, Set<string>>>();

function writtenTerms(db: GlassboxDatabase, sessionId: string): Set<string> | undefined {
  return written.get(db)?.get(sessionId);
}

/**
 * A message text longer than this is tokenised in slices of about this many characters (cut at whitespace, which no
 * term spans), the page painting between them while it is shown: a 2 MB answer read at once would hold the main
 * thread for a fifth of a second when its step is saved.
 */
export const TERMS_SLICE_CHARS = 65_536;

/** The terms of a message, a long text read in slices with a turn for the page between them. */
async function messageTermsInSlices(content: unknown): Promise<Set<string>> {
  const text = indexedText(content);
  if (text.length <= TERMS_SLICE_CHARS) return messageTerms(text);
  const terms = new Set<string>();
  const whitespace = /\s/g;
  for (let start = 0; start < text.length;) {
    whitespace.lastIndex = start + TERMS_SLICE_CHARS;
    const end = whitespace.exec(text)?.index ?? text.length;
    for (const term of messageTerms(text.slice(start, end))) terms.add(term);
    start = end;
    if (start < text.length) await pageTurn();
  }
  return terms;
}

/** The terms of a step's messages its session has no row for yet (as far as this page knows). */
export async function newStepTerms(
  db: GlassboxDatabase,
  sessionId: string,
  contents: Iterable<unknown>,
): Promise<Set<string>> {
  const all: Array<Set<string>> = [];
  for (const content of contents) all.push(await messageTermsInSlices(content));
  const known = writtenTerms(db, sessionId);
  const terms = new Set<string>();
  for (const some of all) for (const term of some) if (!known?.has(term)) terms.add(term);
  return terms;
}

/**
 * Rows a step puts at once: the next batch is put when the last of this one succeeded, still in the transaction, the
 * page painting in between (a 2 MB answer's 20,000 new terms put at once held the main thread for a fifth of a second).
 */
export const TERM_ROWS_PER_BATCH = 1_000;

/**
 * Puts a step's new terms in the transaction that writes its messages: one row per term, bucket = the session, in
 * batches of {@link TERM_ROWS_PER_BATCH}. The transaction completes once every batch is put; a failing put aborts it.
 */
export function putStepTerms(store: RowStore, sessionId: string, terms: Iterable<string>): void {
  const rows = [...terms];
  const putFrom = (start: number) => {
    let last: IDBRequest | undefined;
    for (const term of rows.slice(start, start + TERM_ROWS_PER_BATCH))
      last = store.put({ term, bucket: sessionId, sessions: [sessionId] } satisfies SearchIndexRecord);
    const next = start + TERM_ROWS_PER_BATCH;
    if (last && next < rows.length) last.addEventListener('success', () => putFrom(next));
  };
  putFrom(0);
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

/** Whether the stored index is complete at this build's version. */
export async function searchIndexReady(db: GlassboxDatabase): Promise<boolean> {
  return isSearchIndexComplete(await readStorage(() => db.get('searchIndex', SEARCH_INDEX_STATE_KEY)));
}

/** Message chunks read (and their messages' terms written) per rebuild transaction: up to 2,000 messages. */
const REBUILD_BATCH = 125;

const rebuilds = new WeakMap<GlassboxDatabase, Promise<void>>();

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
    // The page paints and handles input between a rebuild's batches.
    await pageTurn();
  }
  await runTransaction(db, ['searchIndex'], 'readwrite', async (tx) => {
    const store = tx.objectStore('searchIndex');
    const state = await store.get(SEARCH_INDEX_STATE_KEY);
    if (state?.building === stamp) await store.put(searchIndexState());
  });
}
