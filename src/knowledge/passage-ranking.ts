// Which candidate passages `search_knowledge` returns, and why each was kept or cut (pure). Full-text hits alone
// are ranked by score; with semantic recall the full-text and vector rankings are fused by reciprocal rank, as the
// notes' recall does (src/context/fused-recall.ts).
import { reciprocalRankFusion } from '../context/semantic/fusion.ts';
import type { Passage } from './knowledge-types.ts';
import type { FullTextHit } from './passage-index.ts';

/** A passage found by meaning: its cosine similarity to the query. */
export interface PassageMeaningHit {
  passage: Passage;
  similarity: number;
}

/** Why a candidate passage was kept or cut. */
export type PassageReason =
  'shares-words' | 'similar-meaning' | 'shares-words-and-meaning' | 'below-score' | 'not-similar-enough' | 'over-limit';

/** What each reason means, in plain English (span attributes are English; the trace words them per language). */
export const PASSAGE_REASONS: Readonly<Record<PassageReason, string>> = {
  'shares-words': 'kept: shares words with the query',
  'similar-meaning': 'kept: similar in meaning to the query',
  'shares-words-and-meaning': 'kept: shares words and is similar in meaning',
  'below-score': 'cut: full-text score below the threshold',
  'not-similar-enough': 'cut: cosine similarity below the threshold',
  'over-limit': 'cut: beyond the most passages returned',
};

/** One passage considered, with every score that decided it. */
export interface PassageCandidate {
  passage: Passage;
  fullTextScore?: number;
  /** The query terms it contains. */
  matched?: string[];
  similarity?: number;
  /** Reciprocal-rank fusion score (0 without meaning) and the 1-based rank in the final order. */
  fusedScore: number;
  rank: number;
  kept: boolean;
  reason: PassageReason;
}

/** The thresholds of passage selection. */
export interface PassageRankingOptions {
  /** Most passages returned. */
  limit: number;
  /** A full-text hit is kept at this share of the best score or more… */
  relativeScore: number;
  /** …and at this score or more. */
  minScore: number;
  /** A hit by meaning is kept at this cosine similarity or more… */
  minSimilarity: number;
  /** …and at this share of the best similarity or more. */
  relativeSimilarity: number;
}

/** The defaults: five passages; words at 25% of the best; meaning at cosine 0.3 and 60% of the best. */
export const PASSAGE_RANKING_DEFAULTS: PassageRankingOptions = {
  limit: 5,
  relativeScore: 0.25,
  minScore: 0.01,
  minSimilarity: 0.3,
  relativeSimilarity: 0.6,
};

/**
 * Ranks every candidate: full-text hits by score; with `meaning` (semantic recall on, even when it found nothing)
 * the two lists fused by reciprocal rank. A passage is kept when its score passes the full-text thresholds or its
 * similarity the meaning thresholds, at most `limit`, in the final order.
 */
export function rankPassageCandidates(input: {
  fullText: readonly FullTextHit[];
  meaning?: readonly PassageMeaningHit[];
  options?: Partial<PassageRankingOptions>;
}): PassageCandidate[] {
  const options = { ...PASSAGE_RANKING_DEFAULTS, ...input.options };
  const fullText = [...input.fullText].sort((a, b) => b.score - a.score);
  const meaning = [...(input.meaning ?? [])].sort((a, b) => b.similarity - a.similarity);
  const passages = new Map<string, Passage>();
  for (const hit of fullText) passages.set(hit.passage.id, hit.passage);
  for (const hit of meaning) passages.set(hit.passage.id, hit.passage);
  const scoreThreshold = Math.max(options.minScore, (fullText[0]?.score ?? 0) * options.relativeScore);
  const similarityThreshold = Math.max(
    options.minSimilarity,
    (meaning[0]?.similarity ?? 0) * options.relativeSimilarity,
  );
  const fused = input.meaning
    ? reciprocalRankFusion([fullText.map((hit) => hit.passage.id), meaning.map((hit) => hit.passage.id)])
    : fullText.map((hit) => ({ id: hit.passage.id, score: 0 }));
  const byWords = new Map(fullText.map((hit) => [hit.passage.id, hit]));
  const byMeaning = new Map(meaning.map((hit) => [hit.passage.id, hit.similarity]));
  let kept = 0;
  return fused.map((entry, position) => {
    const words = byWords.get(entry.id);
    const similarity = byMeaning.get(entry.id);
    const wordsPass = words !== undefined && words.score >= scoreThreshold;
    const meaningPass = similarity !== undefined && similarity >= similarityThreshold;
    let reason: PassageReason =
      wordsPass && meaningPass
        ? 'shares-words-and-meaning'
        : wordsPass
          ? 'shares-words'
          : meaningPass
            ? 'similar-meaning'
            : similarity === undefined
              ? 'below-score'
              : 'not-similar-enough';
    let isKept = wordsPass || meaningPass;
    if (isKept) {
      if (kept >= options.limit) {
        isKept = false;
        reason = 'over-limit';
      } else kept += 1;
    }
    return {
      passage: passages.get(entry.id) as Passage,
      ...(words ? { fullTextScore: words.score, matched: words.matched } : {}),
      ...(similarity === undefined ? {} : { similarity }),
      fusedScore: entry.score,
      rank: position + 1,
      kept: isKept,
      reason,
    };
  });
}
