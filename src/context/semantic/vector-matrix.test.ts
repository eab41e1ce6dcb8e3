import { describe, expect, it } from 'vitest';
import { createVectorMatrix, vectorMatrixFrom } from './vector-matrix.ts';

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31 - 0.5;
  };
}

/** Dot products computed the obvious way, in doubles. */
function expectedDots(data: Float32Array, dimensions: number, query: Float32Array): number[] {
  const rows = data.length / dimensions;
  return Array.from({ length: rows }, (_, row) => {
    let dot = 0;
    for (let index = 0; index < dimensions; index += 1) dot += data[row * dimensions + index]! * query[index]!;
    return dot;
  });
}

describe('vector matrix', () => {
  // 384 as a real small embedding model; 7 and 13 are not multiples of four (the kernel pads its rows).
  it.each([384, 13, 7, 1])(
    'gives every dot product of %i-dimensional rows, the kernel and the plain loop alike',
    (dimensions) => {
      const random = seeded(dimensions);
      const rows = 300;
      const data = Float32Array.from({ length: rows * dimensions }, random);
      const query = Float32Array.from({ length: dimensions }, random);
      const expected = expectedDots(data, dimensions, query);
      for (const simd of [true, false]) {
        const matrix = vectorMatrixFrom(data, dimensions, { simd });
        expect(matrix.rows).toBe(rows);
        expect(matrix.kernel).toBe(simd ? 'simd' : 'plain'); // Node's V8 has WebAssembly SIMD, as every target browser
        const dots = Array.from(matrix.dots(query));
        expect(dots).toHaveLength(rows);
        dots.forEach((dot, row) => expect(dot).toBeCloseTo(expected[row]!, 4));
      }
    },
  );

  it('takes rows one at a time, and a second query does not see the first', () => {
    const matrix = createVectorMatrix(3, 5);
    matrix.setRow(0, [1, 0, 0, 0, 0]);
    matrix.setRow(2, [0, 0, 0, 0, 2]);
    expect(Array.from(matrix.dots([1, 1, 1, 1, 1]))).toEqual([1, 0, 2]);
    expect(Array.from(matrix.dots([0, 0, 0, 0, 3]))).toEqual([0, 0, 6]);
  });

  it('is empty without rows or dimensions', () => {
    expect(createVectorMatrix(0, 384).dots(new Float32Array(384))).toHaveLength(0);
    expect(vectorMatrixFrom(new Float32Array(0), 0).rows).toBe(0);
  });
});
