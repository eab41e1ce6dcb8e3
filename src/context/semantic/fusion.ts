/** The rank constant of reciprocal-rank fusion; 60 is the value of Cormack et al. (2009), used by most engines. */
export const RRF_K = 60;

/** Where one id stands after fusion: its fused score and its 1-based rank in each list (undefined: not in it). */
export interface FusedEntry {
  id: string;
  score: number;
  /** 1-based position in each input list, in the order the lists were given. */
  ranks: Array<number | undefined>;
  /** 1-based position after fusion. */
  rank: number;
}

/**
 * Reciprocal-rank fusion: each id scores Σ 1/(k + rank) over the ranked lists it appears in, best first. Ties
 * (the same ranks in different lists) keep the order in which ids were first seen, list by list.
 */
export function reciprocalRankFusion(lists: ReadonlyArray<readonly string[]>, k = RRF_K): FusedEntry[] {
  const entries = new Map<string, { id: string; score: number; ranks: Array<number | undefined>; seen: number }>();
  lists.forEach((list, listIndex) => {
    list.forEach((id, position) => {
      let entry = entries.get(id);
      if (!entry) {
        entry = { id, score: 0, ranks: lists.map(() => undefined), seen: entries.size };
        entries.set(id, entry);
      }
      // An id listed twice in one list counts once, at its best rank.
      if (entry.ranks[listIndex] !== undefined) return;
      entry.ranks[listIndex] = position + 1;
      entry.score += 1 / (k + position + 1);
    });
  });
  return [...entries.values()]
    .sort((a, b) => b.score - a.score || a.seen - b.seen)
    .map((entry, index) => ({ id: entry.id, score: entry.score, ranks: entry.ranks, rank: index + 1 }));
}
