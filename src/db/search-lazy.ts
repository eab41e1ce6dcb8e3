// The search's lazy chunk: the code that writes the index and the code that queries it, loaded together by
// `loadSearchIndex` (search-index-state.ts). One dynamic import for both: the import worker is built as one classic
// script, which can inline one lazy module but not split chunks shared by two.
export * from './search-index.ts';
export * from './search-query.ts';
