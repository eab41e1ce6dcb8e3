import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion, RRF_K } from './fusion.ts';

describe('reciprocalRankFusion', () => {
  it('ranks an id found high by both lists above ids found by one list only', () => {
    const fused = reciprocalRankFusion([
      ['words-only', 'both', 'words-2'],
      ['both', 'meaning-only'],
    ]);
    expect(fused.map((entry) => entry.id)).toEqual(['both', 'words-only', 'meaning-only', 'words-2']);
    const both = fused[0]!;
    expect(both.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1), 12);
    expect(both.ranks).toEqual([2, 1]);
    expect(both.rank).toBe(1);
    expect(fused.find((entry) => entry.id === 'meaning-only')?.ranks).toEqual([undefined, 2]);
  });

  it('scores by rank, not by the lists’ own scales, and breaks ties by first appearance', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(fused.map((entry) => [entry.id, entry.rank])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(fused[0]!.score).toBeCloseTo(fused[1]!.score, 12);
  });

  it('counts an id listed twice in one list once, at its better rank', () => {
    const [entry] = reciprocalRankFusion([['a', 'a']]);
    expect(entry?.score).toBeCloseTo(1 / (RRF_K + 1), 12);
  });

  it('gives nothing for no lists or empty lists', () => {
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(reciprocalRankFusion([[], []])).toEqual([]);
  });
});
