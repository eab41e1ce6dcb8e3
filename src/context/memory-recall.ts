import type { Note, NoteHit } from '../tools/tool-context.ts';
import {
  rankRecallCandidates,
  type MeaningSearchResult,
  type RecallCandidate,
  type SemanticStatus,
} from './fused-recall.ts';
import { tokenizeForSearch } from './search-tokens.ts';
import { CHINESE_STOP_CHARACTERS, COMMON_COMPOUND_CHARACTERS, ENGLISH_STOPWORDS } from './stopwords.ts';

/** Searches long-term notes: the notes store's `search`. */
export interface NotesSearcher {
  search(query: string, limit?: number): Promise<NoteHit[]>;
  /** Notes nearest in meaning to the text (semantic recall on); rejects when the text cannot be embedded. */
  searchByMeaning?(text: string, limit: number): Promise<MeaningSearchResult>;
  /** Notes the user pinned: always recalled. */
  pinned?(): Promise<Note[]>;
}

/** How many notes are recalled and how relevant they must be. */
export interface RecallOptions {
  /** Most notes recalled; 5 by default. */
  limit?: number;
  /** A note is kept only when its score reaches this share of the best score; 0.35 by default. */
  relativeScore?: number;
  /** …and at least this absolute score (scores depend on the search engine); 0.01 by default. */
  minScore?: number;
  /** A recalled note longer than this is shortened in the prompt; 600 characters by default. */
  maxNoteChars?: number;
  /** A note found by meaning is kept at this cosine similarity or more; 0.3 by default. */
  minSimilarity?: number;
  /** …and at least this share of the best similarity; 0.6 by default. */
  relativeSimilarity?: number;
}

/** What a recall found: the query searched, every hit the search returned, and those that passed the thresholds. */
export interface RecallResult {
  query: string;
  candidates: NoteHit[];
  hits: NoteHit[];
  /** The lowest score a hit needed. */
  threshold: number;
  /** Every candidate (full-text, by meaning, pinned) with its scores, fused rank and whether it was kept and why. */
  ranked: RecallCandidate[];
  /** Whether recall by meaning took part (absent when it is off). */
  semantic?: SemanticStatus;
}

/** The heading recalled notes go under in the system prompt. */
export const MEMORY_HEADING = '## Notes recalled from memory';

const DEFAULTS = {
  limit: 5,
  relativeScore: 0.35,
  minScore: 0.01,
  maxNoteChars: 600,
  minSimilarity: 0.3,
  relativeSimilarity: 0.6,
} as const;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const LATIN_WORD =
  /(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}\p{M}])+/gu;

/**
 * The search query for a message: its words without stopwords, and its Chinese/Japanese/Korean text split at
 * grammatical characters. Empty when nothing topical is left ("what is it?").
 */
export function recallQuery(text: string): string {
  const normalised = text.normalize('NFKC').toLowerCase();
  const parts: string[] = [];
  for (const match of normalised.matchAll(new RegExp(`${LATIN_WORD.source}|${CJK_RUN.source}`, 'gu'))) {
    const piece = match[0];
    if (isCjk(piece)) {
      for (const run of [...piece]
        .map((character) => (CHINESE_STOP_CHARACTERS.has(character) ? ' ' : character))
        .join('')
        .split(' ')) {
        if (run !== '') parts.push(run);
      }
    } else if (!ENGLISH_STOPWORDS.has(piece) && (piece.length > 1 || /\p{N}/u.test(piece))) {
      parts.push(piece);
    }
  }
  return [...new Set(parts)].join(' ');
}

/**
 * Keeps the hits worth recalling (pure): each must share a topical term with the query (a word, a prefix of one
 * such as "meet"/"meeting", a pair of Chinese characters, or a single one that is not mostly part of compounds
 * such as 天 or 上), and score at least `relativeScore` of the best such
 * hit and `minScore`; best first, at most `limit`.
 */
export function selectRecalledHits(
  hits: readonly NoteHit[],
  query: string,
  options: RecallOptions = {},
): { hits: NoteHit[]; threshold: number } {
  const limit = options.limit ?? DEFAULTS.limit;
  const keyTerms = queryKeyTerms(query);
  const related = hits.filter((hit) => sharesTerm(keyTerms, hit)).sort((a, b) => b.score - a.score);
  const best = related[0]?.score ?? 0;
  const threshold = Math.max(
    options.minScore ?? DEFAULTS.minScore,
    best * (options.relativeScore ?? DEFAULTS.relativeScore),
  );
  return { hits: related.filter((hit) => hit.score >= threshold).slice(0, limit), threshold };
}

/**
 * Searches the notes for the message and keeps the relevant hits: by words, and by meaning when the searcher can
 * (the two rankings fused by reciprocal rank); pinned notes always. A failed search by meaning falls back to words
 * only and says why in `semantic`; an empty query searches nothing by words.
 */
export async function recallNotes(
  searcher: NotesSearcher,
  message: string,
  options: RecallOptions = {},
): Promise<RecallResult> {
  const query = recallQuery(message);
  const limit = options.limit ?? DEFAULTS.limit;
  const [candidates, meaning, pinned] = await Promise.all([
    query === '' ? Promise.resolve([]) : searcher.search(query, limit * 3),
    searchByMeaning(searcher, message, limit * 3),
    searcher.pinned ? searcher.pinned() : Promise.resolve([]),
  ]);
  const selected = query === '' ? { hits: [], threshold: 0 } : selectRecalledHits(candidates, query, options);
  const ranked = rankRecallCandidates({
    fullText: candidates,
    fullTextKept: new Set(selected.hits.map((hit) => hit.note.id)),
    fullTextThreshold: selected.threshold,
    meaning: meaning?.hits ?? [],
    pinned,
    options: {
      limit,
      minSimilarity: options.minSimilarity ?? DEFAULTS.minSimilarity,
      relativeSimilarity: options.relativeSimilarity ?? DEFAULTS.relativeSimilarity,
    },
  });
  const scores = new Map(candidates.map((hit) => [hit.note.id, hit.score]));
  // Without meaning or pins the kept notes are exactly the full-text selection, best score first, as before.
  const hits =
    meaning?.semantic.status === 'ok' || pinned.length > 0
      ? ranked
          .filter((candidate) => candidate.kept)
          .map((candidate) => ({
            note: candidate.note,
            score: scores.get(candidate.note.id) ?? candidate.similarity ?? 0,
          }))
      : selected.hits;
  return {
    query,
    candidates,
    hits,
    threshold: selected.threshold,
    ranked,
    ...(meaning ? { semantic: meaning.semantic } : {}),
  };
}

async function searchByMeaning(
  searcher: NotesSearcher,
  message: string,
  limit: number,
): Promise<{ hits: MeaningSearchResult['hits']; semantic: SemanticStatus } | undefined> {
  if (!searcher.searchByMeaning || message.trim() === '') return undefined;
  try {
    const result = await searcher.searchByMeaning(message, limit);
    return { hits: result.hits, semantic: { status: 'ok', embedder: result.embedder } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const text =
      typeof error === 'object' && error !== null && 'text' in error ? (error as { text: unknown }).text : undefined;
    return { hits: [], semantic: { status: 'failed', reason, ...(text === undefined ? {} : { text }) } };
  }
}

/** The recalled notes as a system-prompt section, or '' when there are none. */
export function formatRecalledNotes(
  hits: readonly NoteHit[],
  options: Pick<RecallOptions, 'maxNoteChars'> = {},
): string {
  if (hits.length === 0) return '';
  const maxChars = options.maxNoteChars ?? DEFAULTS.maxNoteChars;
  const lines = hits.map(({ note }) => {
    const tags = note.tags.length > 0 ? `; tags: ${note.tags.join(', ')}` : '';
    const date = new Date(note.updatedAt).toISOString().slice(0, 10);
    return `- (${note.id}, saved ${date}${tags}) ${noteSnippet(note.content, maxChars)}`;
  });
  return [
    MEMORY_HEADING,
    'Long-term notes (saved by the user or with save_note in any session) that look related to the latest message. They may be outdated or beside the point: use them only when they help.',
    ...lines,
  ].join('\n');
}

/** A note's text on one line, shortened to `maxChars` with an ellipsis. */
export function noteSnippet(content: string, maxChars: number): string {
  const flat = content.replace(/\s+/gu, ' ').trim();
  const characters = [...flat];
  return characters.length <= maxChars ? flat : `${characters.slice(0, Math.max(1, maxChars - 1)).join('')}…`;
}

interface KeyTerms {
  words: string[];
  cjk: Set<string>;
}

/** Topical terms of a query: its words, and for CJK runs their character pairs and their telling single characters. */
function queryKeyTerms(query: string): KeyTerms {
  const words: string[] = [];
  const cjk = new Set<string>();
  for (const piece of query.split(' ')) {
    if (piece === '') continue;
    if (!isCjk(piece)) {
      words.push(...tokenizeForSearch(piece));
      continue;
    }
    for (const run of piece.match(CJK_RUN) ?? []) {
      const characters = [...run];
      for (const character of characters) if (!COMMON_COMPOUND_CHARACTERS.has(character)) cjk.add(character);
      for (let index = 0; index + 1 < characters.length; index += 1)
        cjk.add(`${characters[index]}${characters[index + 1]}`);
    }
    // Latin text glued to CJK text ("用python写") still counts as words.
    for (const word of piece.match(LATIN_WORD) ?? []) words.push(...tokenizeForSearch(word));
  }
  return { words, cjk };
}

function sharesTerm(keyTerms: KeyTerms, hit: NoteHit): boolean {
  const noteTerms = new Set(tokenizeForSearch(`${hit.note.content} ${hit.note.tags.join(' ')}`));
  for (const term of keyTerms.cjk) if (noteTerms.has(term)) return true;
  for (const word of keyTerms.words) {
    if (noteTerms.has(word)) return true;
    for (const candidate of noteTerms) if (similarWords(word, candidate)) return true;
  }
  return false;
}

/** Same stem or a typo away: a common prefix of four letters or more covering 70% of the shorter word. */
function similarWords(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4 || isCjk(a) || isCjk(b)) return false;
  let common = 0;
  while (common < shorter && a[common] === b[common]) common += 1;
  return common >= 4 && common >= 0.7 * shorter;
}

function isCjk(text: string): boolean {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(text);
}
