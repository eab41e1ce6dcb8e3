import type { Note, NoteHit } from '../tools/tool-context.ts';
import { reciprocalRankFusion } from './semantic/fusion.ts';

/** A note found by meaning: its cosine similarity to the message. */
export interface MeaningHit {
  note: Note;
  similarity: number;
}

/** What a search by meaning found, and with which embedder. */
export interface MeaningSearchResult {
  /** The embedder, as people read it (a model id, or the demo's local embedder). */
  embedder: string;
  hits: MeaningHit[];
}

/** Whether recall by meaning took part, and if not why. */
export type SemanticStatus =
  | { status: 'ok'; embedder: string }
  /** Embeddings failed: `reason` in English, `text` for the UI's language (an EmbeddingText). */
  | { status: 'failed'; reason: string; text?: unknown };

/** Why a candidate was kept or cut, in a word (see {@link RECALL_REASONS}). */
export type RecallReason =
  | 'pinned'
  | 'shares-words'
  | 'similar-meaning'
  | 'shares-words-and-meaning'
  | 'no-shared-term'
  | 'below-score'
  | 'not-similar-enough'
  | 'over-limit';

/** What each reason means, in plain English (span attributes are English). */
export const RECALL_REASONS: Readonly<Record<RecallReason, string>> = {
  pinned: 'kept: pinned notes are always recalled',
  'shares-words': 'kept: shares words with the message',
  'similar-meaning': 'kept: similar in meaning',
  'shares-words-and-meaning': 'kept: shares words and is similar in meaning',
  'no-shared-term': 'cut: matched the search but shares no topical word with the message',
  'below-score': 'cut: full-text score below the threshold',
  'not-similar-enough': 'cut: cosine similarity below the threshold',
  'over-limit': 'cut: beyond the most notes recalled',
};

/** One note considered for recall, with every score that decided it. */
export interface RecallCandidate {
  note: Note;
  /** The full-text (BM25) score, when the full-text search found it. */
  fullTextScore?: number;
  fullTextRank?: number;
  /** Cosine similarity to the message, when the search by meaning found it. */
  similarity?: number;
  vectorRank?: number;
  /** Reciprocal-rank fusion score and 1-based rank (pinned notes first). */
  fusedScore: number;
  fusedRank: number;
  kept: boolean;
  reason: RecallReason;
}

/** The thresholds of fused recall. */
export interface FusionOptions {
  limit: number;
  /** A note found by meaning is kept at this cosine similarity or more… */
  minSimilarity: number;
  /** …and at least this share of the best similarity. */
  relativeSimilarity: number;
}

/**
 * Ranks every candidate (pure): full-text hits and meaning hits fused by reciprocal rank, pinned notes first. A note
 * is kept when pinned, when it passed the full-text rule (`fullTextKept`), or when its similarity passes the
 * thresholds; at most `limit` besides the pinned ones, in fused order.
 */
export function rankRecallCandidates(input: {
  fullText: readonly NoteHit[];
  fullTextKept: ReadonlySet<string>;
  fullTextThreshold: number;
  meaning: readonly MeaningHit[];
  pinned: readonly Note[];
  options: FusionOptions;
}): RecallCandidate[] {
  const fullText = [...input.fullText].sort((a, b) => b.score - a.score);
  const meaning = [...input.meaning].sort((a, b) => b.similarity - a.similarity);
  const notes = new Map<string, Note>();
  for (const hit of fullText) notes.set(hit.note.id, hit.note);
  for (const hit of meaning) notes.set(hit.note.id, hit.note);
  for (const note of input.pinned) notes.set(note.id, note);
  const pinnedIds = new Set(input.pinned.map((note) => note.id));
  const bestSimilarity = meaning[0]?.similarity ?? 0;
  const similarityThreshold = Math.max(input.options.minSimilarity, bestSimilarity * input.options.relativeSimilarity);
  const fused = reciprocalRankFusion([fullText.map((hit) => hit.note.id), meaning.map((hit) => hit.note.id)]);
  const fusedById = new Map(fused.map((entry) => [entry.id, entry]));
  const order = [
    ...input.pinned.map((note) => note.id),
    ...fused.map((entry) => entry.id).filter((id) => !pinnedIds.has(id)),
  ];
  const scoreOf = new Map(fullText.map((hit) => [hit.note.id, hit.score]));
  const similarityOf = new Map(meaning.map((hit) => [hit.note.id, hit.similarity]));
  let keptCount = 0;
  return order.map((id, position) => {
    const entry = fusedById.get(id);
    const fullTextScore = scoreOf.get(id);
    const similarity = similarityOf.get(id);
    const byWords = input.fullTextKept.has(id);
    const byMeaning = similarity !== undefined && similarity >= similarityThreshold;
    let reason: RecallReason;
    if (pinnedIds.has(id)) reason = 'pinned';
    else if (byWords && byMeaning) reason = 'shares-words-and-meaning';
    else if (byWords) reason = 'shares-words';
    else if (byMeaning) reason = 'similar-meaning';
    else if (fullTextScore !== undefined && fullTextScore >= input.fullTextThreshold) reason = 'no-shared-term';
    else if (similarity !== undefined) reason = 'not-similar-enough';
    else reason = 'below-score';
    let kept = reason === 'pinned' || byWords || byMeaning;
    if (kept && reason !== 'pinned') {
      if (keptCount >= input.options.limit) {
        kept = false;
        reason = 'over-limit';
      } else keptCount += 1;
    }
    const candidate: RecallCandidate = {
      note: notes.get(id) as Note,
      fusedScore: entry?.score ?? 0,
      fusedRank: position + 1,
      kept,
      reason,
    };
    if (fullTextScore !== undefined) {
      candidate.fullTextScore = fullTextScore;
      candidate.fullTextRank = (entry?.ranks[0] as number | undefined) ?? 0;
    }
    if (similarity !== undefined) {
      candidate.similarity = similarity;
      candidate.vectorRank = (entry?.ranks[1] as number | undefined) ?? 0;
    }
    return candidate;
  });
}
