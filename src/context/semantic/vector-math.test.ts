import { describe, expect, it } from 'vitest';
import { cosine, normalise, scanTopK } from './vector-math.ts';
import { vectorMatrixFrom } from './vector-matrix.ts';

describe('cosine', () => {
  it('is 1 for the same direction, 0 for orthogonal vectors, -1 for opposite ones', () => {
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 6);
    expect(cosine([1, 0], [0, 5])).toBe(0);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1, 6);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });

  it('refuses vectors of different dimensions', () => {
    expect(() => cosine([1, 2], [1, 2, 3])).toThrow(/different dimensions/);
  });
});

describe('normalise', () => {
  it('scales to unit length and keeps a zero vector zero', () => {
    const unit = normalise([3, 4]);
    expect(Array.from(unit)).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(Array.from(normalise([0, 0, 0]))).toEqual([0, 0, 0]);
  });
});

describe('scanTopK', () => {
  it('finds the same nearest rows as comparing every row by cosine, best first', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31 - 0.5;
    };
    const dimensions = 16;
    const rows = Array.from({ length: 500 }, () => Array.from({ length: dimensions }, random));
    const matrix = new Float32Array(rows.length * dimensions);
    rows.forEach((row, index) => matrix.set(normalise(row), index * dimensions));
    const query = Array.from({ length: dimensions }, random);
    const expected = rows
      .map((row, index) => ({ index, similarity: cosine(row, query) }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, 7);
    const hits = scanTopK(vectorMatrixFrom(matrix, dimensions), normalise(query), 7);
    expect(hits.map((hit) => hit.index)).toEqual(expected.map((hit) => hit.index));
    hits.forEach((hit, position) => expect(hit.similarity).toBeCloseTo(expected[position]!.similarity, 5));
  });

  it('returns fewer hits than asked when there are fewer rows, and none for an empty matrix', () => {
    const matrix = vectorMatrixFrom(new Float32Array([1, 0, 0, 1]), 2);
    expect(scanTopK(matrix, new Float32Array([1, 0]), 5).map((hit) => hit.index)).toEqual([0, 1]);
    expect(scanTopK(vectorMatrixFrom(new Float32Array(0), 2), new Float32Array([1, 0]), 5)).toEqual([]);
  });

  it('refuses a query whose dimension differs from the stored vectors', () => {
    expect(() => scanTopK(vectorMatrixFrom(new Float32Array(4), 2), new Float32Array(3), 1)).toThrow(/3 dimensions/);
  });

  it('skips the rows not allowed (a documents filter), keeping the order of the rest', () => {
    const matrix = vectorMatrixFrom(new Float32Array([1, 0, 0.8, 0.6, 0.6, 0.8, 0, 1]), 2);
    const hits = scanTopK(matrix, new Float32Array([1, 0]), 2, [false, true, true, true]);
    expect(hits.map((hit) => hit.index)).toEqual([1, 2]);
    expect(hits[0]!.similarity).toBeCloseTo(0.8, 6);
  });
});
