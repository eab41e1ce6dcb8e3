// The full-text side of `search_knowledge`: an inverted index over the library's passages, ranked with BM25. It
// reuses the project's tokeniser (words; CJK text as characters and character pairs), so Chinese and Japanese
// passages are found by CJK queries. Pure: no storage, no DOM (Node tests and the bench build it directly).
import { containsCjk } from '../tools/cjk.ts';
import { recallQuery } from '../context/memory-recall.ts';
import { tokenizeForSearch } from '../context/search-tokens.ts';
import type { Passage } from './knowledge-types.ts';

/** A passage found by words: its BM25 score and the query terms it contains. */
export interface FullTextHit {
  passage: Passage;
  score: number;
  /** The query terms found in it (a prefix match as `term…`). */
  matched: string[];
}

/** Options of one search. */
export interface PassageSearchOptions {
  /** Most hits returned, best first. */
  limit: number;
  /** Only passages of these documents (all when absent). */
  documentIds?: ReadonlySet<string>;
}

/** An immutable index over a set of passages. */
export interface PassageIndex {
  readonly size: number;
  search(query: string, options: PassageSearchOptions): FullTextHit[];
  /** The query terms a search for `query` looks for (stopwords left out). */
  queryTerms(query: string): string[];
}

interface Postings {
  rows: number[];
  counts: number[];
}

const K1 = 1.2;
const B = 0.75;
/** A prefix ("trace" for "tracemonkey") expands to at most this many indexed words. */
const MAX_PREFIX_EXPANSIONS = 40;

/** What is indexed of a passage: its heading path and its text. */
export function passageSearchText(passage: Pick<Passage, 'headings' | 'text'>): string {
  return passage.headings?.length ? `${passage.headings.join(' ')}\n${passage.text}` : passage.text;
}

/** The terms searched for a query: its topical words (no stopwords); the query as it is when nothing else is left. */
export function knowledgeQueryTerms(query: string): string[] {
  const topical = recallQuery(query);
  return [...new Set(tokenizeForSearch(topical === '' ? query : topical))];
}

/** A single CJK character says less than a word or a character pair. */
function termWeight(term: string): number {
  return term.length === 1 && containsCjk(term) ? 0.5 : 1;
}

interface IndexState {
  passages: readonly Passage[];
  postings: Map<string, Postings>;
  lengths: Float64Array;
  averageLength: number;
  /** Indexed words (not CJK), sorted once on the first prefix search. */
  sortedWords?: string[];
}

/** The postings of every term and each passage's length in terms (one pass over the passages' text). */
function emptyState(passages: readonly Passage[]): IndexState {
  return { passages, postings: new Map(), lengths: new Float64Array(passages.length), averageLength: 1 };
}

/** Indexes the passages of rows `from` to `to` (exclusive). */
function indexRows(state: IndexState, from: number, to: number): void {
  const { passages, postings, lengths } = state;
  for (let row = from; row < to; row += 1) {
    const counts = new Map<string, number>();
    const terms = tokenizeForSearch(passageSearchText(passages[row] as Passage));
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    lengths[row] = terms.length;
    for (const [term, count] of counts) {
      let list = postings.get(term);
      if (!list) {
        list = { rows: [], counts: [] };
        postings.set(term, list);
      }
      list.rows.push(row);
      list.counts.push(count);
    }
  }
}

function finish(state: IndexState): PassageIndex {
  const total = state.lengths.reduce((sum, length) => sum + length, 0);
  state.averageLength = state.passages.length === 0 ? 1 : Math.max(1, total / state.passages.length);
  return {
    size: state.passages.length,
    search: (query, options) => searchState(state, query, options),
    queryTerms: knowledgeQueryTerms,
  };
}

/** Indexed words (not CJK) starting with the term, the term itself excluded. */
function expansions(state: IndexState, term: string): string[] {
  state.sortedWords ??= [...state.postings.keys()].filter((key) => !containsCjk(key)).sort();
  const words = state.sortedWords;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] as string) < term) low = middle + 1;
    else high = middle;
  }
  const found: string[] = [];
  for (let index = low; index < words.length && found.length < MAX_PREFIX_EXPANSIONS; index += 1) {
    const word = words[index] as string;
    if (!word.startsWith(term)) break;
    if (word !== term) found.push(word);
  }
  return found;
}

/** The running scores of one search, in typed arrays indexed by passage row (no allocation per passage). */
interface Accumulator {
  scores: Float64Array;
  matchedWeight: Float64Array;
  /** Bit `i` (exact) or bit `16 + i` (prefix) of a row: it holds query term `i`. */
  matchedBits: Uint32Array;
  /** The rows scored at all, in the order first reached. */
  touched: Int32Array;
  touchedCount: number;
  allowed?: Uint8Array;
}

/** Query terms beyond this many are not searched (a bit each for exact and prefix matches). */
const MAX_QUERY_TERMS = 16;

/** Adds an indexed term's BM25 contribution to query term `termIndex`; `prefix`: a longer word starting with it. */
function addTerm(
  state: IndexState,
  sums: Accumulator,
  indexed: string,
  termIndex: number,
  weight: number,
  prefix: boolean,
): void {
  const list = state.postings.get(indexed);
  if (!list) return;
  const count = state.passages.length;
  const idf = Math.log(1 + (count - list.rows.length + 0.5) / (list.rows.length + 0.5));
  const exactBit = 1 << termIndex;
  const bit = prefix ? 1 << (16 + termIndex) : exactBit;
  const { rows, counts } = list;
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index] as number;
    if (sums.allowed && sums.allowed[row] === 0) continue;
    const frequency = counts[index] as number;
    const norm = K1 * (1 - B + (B * (state.lengths[row] as number)) / state.averageLength);
    const bits = sums.matchedBits[row] as number;
    if (bits === 0 && sums.scores[row] === 0) sums.touched[sums.touchedCount++] = row;
    sums.scores[row] = (sums.scores[row] as number) + weight * idf * ((frequency * (K1 + 1)) / (frequency + norm));
    if ((bits & (exactBit | (1 << (16 + termIndex)))) !== 0) continue;
    sums.matchedBits[row] = bits | bit;
    sums.matchedWeight[row] = (sums.matchedWeight[row] as number) + weight;
  }
}

/** The query terms a row holds, from its bits (a prefix match as `term…`). */
function matchedTerms(terms: readonly string[], bits: number): string[] {
  const labels: string[] = [];
  terms.forEach((term, index) => {
    if (bits & (1 << index)) labels.push(term);
    else if (bits & (1 << (16 + index))) labels.push(`${term}…`);
  });
  return labels;
}

function accumulate(state: IndexState, terms: readonly string[], documentIds?: ReadonlySet<string>): Accumulator {
  const size = state.passages.length;
  let allowed: Uint8Array | undefined;
  if (documentIds) {
    allowed = new Uint8Array(size);
    state.passages.forEach((passage, row) => {
      if (documentIds.has(passage.documentId)) allowed![row] = 1;
    });
  }
  const sums: Accumulator = {
    scores: new Float64Array(size),
    matchedWeight: new Float64Array(size),
    matchedBits: new Uint32Array(size),
    touched: new Int32Array(size),
    touchedCount: 0,
    ...(allowed ? { allowed } : {}),
  };
  terms.forEach((term, termIndex) => {
    const weight = termWeight(term);
    addTerm(state, sums, term, termIndex, weight, false);
    // A longer word starting with a query word of 3+ letters ("trace" in "tracemonkey") counts half.
    if (term.length >= 3 && !containsCjk(term))
      for (const word of expansions(state, term)) addTerm(state, sums, word, termIndex, weight / 2, true);
  });
  return sums;
}

function searchState(state: IndexState, query: string, options: PassageSearchOptions): FullTextHit[] {
  const terms = knowledgeQueryTerms(query).slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0 || state.passages.length === 0 || options.limit <= 0) return [];
  const sums = accumulate(state, terms, options.documentIds);
  const totalWeight = terms.reduce((sum, term) => sum + termWeight(term), 0);
  // The best `limit` rows, kept sorted (score, then row order) while one pass goes over every row reached.
  const best: Array<{ row: number; score: number }> = [];
  for (let index = 0; index < sums.touchedCount; index += 1) {
    const row = sums.touched[index] as number;
    // Passages holding more of the query rank higher: the score is scaled by the share of the query matched.
    const share = Math.min(1, (sums.matchedWeight[row] as number) / totalWeight);
    const score = Math.round((sums.scores[row] as number) * share * 1000) / 1000;
    if (best.length === options.limit) {
      const last = best[best.length - 1] as { row: number; score: number };
      if (score < last.score || (score === last.score && row > last.row)) continue;
      best.pop();
    }
    let at = best.length;
    while (at > 0) {
      const before = best[at - 1] as { row: number; score: number };
      if (before.score > score || (before.score === score && before.row < row)) break;
      at -= 1;
    }
    best.splice(at, 0, { row, score });
  }
  return best.map(({ row, score }) => ({
    passage: state.passages[row] as Passage,
    score,
    matched: matchedTerms(terms, sums.matchedBits[row] as number),
  }));
}

/** Builds the index (one pass over the passages' text). */
export function createPassageIndex(passages: readonly Passage[]): PassageIndex {
  const state = emptyState(passages);
  indexRows(state, 0, passages.length);
  return finish(state);
}

/** Passages indexed between two yields to the page when building in slices. */
const SLICE = 500;

/**
 * Builds the same index in slices, yielding to the page between them, so a large library (20,000 passages take
 * seconds) never freezes the UI during the first search after a change.
 */
export async function buildPassageIndex(
  passages: readonly Passage[],
  yieldToPage: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): Promise<PassageIndex> {
  const state = emptyState(passages);
  for (let from = 0; from < passages.length; from += SLICE) {
    if (from > 0) await yieldToPage();
    indexRows(state, from, Math.min(passages.length, from + SLICE));
  }
  return finish(state);
}
