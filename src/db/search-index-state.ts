import type { SearchIndexRecord } from './schema.ts';

/** The tokenizer and row layout the stored index was built with; a different stamp means rebuild. */
export const SEARCH_INDEX_VERSION = 2;

/** The key of the row that says the index is complete (no token is empty). */
export const SEARCH_INDEX_STATE_KEY: [string, string] = ['', 'state'];

/** The state row: complete at {@link SEARCH_INDEX_VERSION}, or `building` under a rebuild's stamp. */
export function searchIndexState(building?: string): SearchIndexRecord {
  return { term: '', bucket: 'state', sessions: [], version: SEARCH_INDEX_VERSION, ...(building ? { building } : {}) };
}

/** Whether this state row says the index is complete at this build's version. */
export function isSearchIndexComplete(state: SearchIndexRecord | undefined): boolean {
  return state !== undefined && state.version === SEARCH_INDEX_VERSION && state.building === undefined;
}

type SearchIndexModule = typeof import('./search-lazy.ts');
let loaded: SearchIndexModule | undefined;

/** The index's code, writing and querying (a lazy chunk: search-lazy.ts), loaded once. */
export async function loadSearchIndex(): Promise<SearchIndexModule> {
  loaded ??= await import('./search-lazy.ts');
  return loaded;
}

/**
 * The index's code if already loaded, so a writer that has it goes straight on to its transaction without waiting a
 * turn (the streamed import counts on that to stop at Cancel where it did).
 */
export function loadedSearchIndex(): SearchIndexModule | undefined {
  return loaded;
}
