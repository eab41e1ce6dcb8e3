// LOOK UP, the first step of a query (search-query.ts): the sessions the index lists for each word of the query,
// with the query's one cache.
import type { SearchIndexRecord } from './schema.ts';
import { isSearchIndexComplete, SEARCH_INDEX_STATE_KEY } from './search-index-state.ts';
import { firstCharacter, initialTerm, type QueryToken } from './search-index-terms.ts';
import { settleUnawaited } from './search-read.ts';
import type { GlassboxDatabase } from './transaction.ts';

/** A token read from the index: the rows of its prefix (`an` → every row of every term it starts), or its own. */
type Rows = SearchIndexRecord[];

/**
 * The query's ONE cache, owned here: the rows read for prefixes, kept for the session list object they were read
 * with, so a word typed on (`1` → `15` → `150`) is answered from the rows of its start, and a word kept (`answer`
 * while the next word is typed) from its own, without reading them again. Reading them again at every key made
 * typing `answer 1500.3` over 150,000 messages about 3× slower on the bench (bench/README-figures.md, 2026-12-05),
 * hence kept. INVALIDATED by a new list: every change to the sessions (a step, an import, a rename, a deletion, another
 * tab's change, a sync) replaces the page's session list, and the search then runs again on the new list
 * (session-search.ts), which starts an empty cache. Never kept for a search without a page list, nor from an index
 * being rebuilt; at most {@link CACHED_PREFIXES} prefixes.
 */
let cache: { db: GlassboxDatabase; sessions: object; prefixes: Map<string, Rows> } | undefined;

const CACHED_PREFIXES = 32;

/** The cache for this database and list (a new one when either changed or it is full); none without a list. */
function prefixCache(db: GlassboxDatabase, sessions: object | undefined): Map<string, Rows> | undefined {
  if (!sessions) return undefined;
  if (cache?.db !== db || cache.sessions !== sessions || cache.prefixes.size >= CACHED_PREFIXES)
    cache = { db, sessions, prefixes: new Map() };
  return cache.prefixes;
}

/** The key under which a token's rows are kept when read: its initial, its prefix, or none (a whole token). */
function cacheKey({ token, prefix }: QueryToken): string | undefined {
  if (!prefix) return undefined;
  return firstCharacter(token) === token ? initialTerm(token) : token;
}

/** A token's rows from the rows read for its start, if any. */
function cachedRows(prefixes: Map<string, Rows> | undefined, { token, prefix }: QueryToken): Rows | undefined {
  if (!prefixes) return undefined;
  if (prefix && firstCharacter(token) === token) return prefixes.get(initialTerm(token));
  for (let length = token.length; length > 1; length -= 1) {
    const rows = prefixes.get(token.slice(0, length));
    if (rows) return rows.filter((row) => (prefix ? row.term.startsWith(token) : row.term === token));
  }
  return undefined;
}

/** The index rows of a token: its own, every term it starts (a prefix), or a one-character prefix's initial. */
function tokenRange({ token, prefix }: QueryToken): IDBKeyRange {
  if (!prefix) return IDBKeyRange.bound([token], [token, []]);
  if (firstCharacter(token) === token) return IDBKeyRange.bound([initialTerm(token)], [initialTerm(token), []]);
  return IDBKeyRange.bound([token], [`${token}\uffff`]);
}

function sessionsOf(rows: readonly SearchIndexRecord[]): Set<string> {
  const sessions = new Set<string>();
  for (const row of rows) for (const id of row.sessions) sessions.add(id);
  return sessions;
}

function intersect(a: ReadonlySet<string> | undefined, b: ReadonlySet<string>): ReadonlySet<string> {
  if (!a) return b;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  return new Set([...small].filter((id) => large.has(id)));
}

/**
 * Per word (its tokens), the sessions whose messages hold every one of its tokens (undefined for a word without a
 * token, punctuation alone: no constraint), read in one read-only transaction with the index's state, or from the
 * cache for `sessions` (the page's list). Undefined when the index is not complete at this version (rows read from
 * an index being rebuilt may lack some: none is kept).
 */
export async function lookUp(
  db: GlassboxDatabase,
  words: ReadonlyArray<readonly QueryToken[]>,
  sessions?: object,
): Promise<Array<ReadonlySet<string> | undefined> | undefined> {
  const prefixes = prefixCache(db, sessions);
  const tx = db.transaction('searchIndex', 'readonly');
  settleUnawaited(tx);
  const rowsOf = async (token: QueryToken): Promise<Rows> => {
    const cached = cachedRows(prefixes, token);
    if (cached) return cached;
    const rows = await tx.store.getAll(tokenRange(token));
    const key = cacheKey(token);
    if (key) prefixes?.set(key, rows);
    return rows;
  };
  const [state, ...found] = await Promise.all([
    tx.store.get(SEARCH_INDEX_STATE_KEY),
    ...words.map(async (tokens) => {
      const perToken = await Promise.all(tokens.map(async (token) => sessionsOf(await rowsOf(token))));
      return perToken.reduce<ReadonlySet<string> | undefined>((all, ids) => intersect(all, ids), undefined);
    }),
  ]);
  if (isSearchIndexComplete(state)) return found;
  prefixes?.clear();
  return undefined;
}
