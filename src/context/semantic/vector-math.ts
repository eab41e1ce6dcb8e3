import type { VectorMatrix } from './vector-matrix.ts';

/** A vector scaled to length 1 (a zero vector stays zero), so cosine similarity is a dot product. */
export function normalise(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let sum = 0;
  for (let index = 0; index < out.length; index += 1) sum += out[index]! * out[index]!;
  const length = Math.sqrt(sum);
  if (length === 0 || !Number.isFinite(length)) return out.fill(0);
  for (let index = 0; index < out.length; index += 1) out[index] = out[index]! / length;
  return out;
}

/** Cosine similarity of two vectors of the same length (0 when either is zero). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length)
    throw new Error(`Vectors of different dimensions (${a.length} and ${b.length}) cannot be compared.`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index += 1) {
    dot += a[index]! * b[index]!;
    normA += a[index]! * a[index]!;
    normB += b[index]! * b[index]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** One row of a scan: its index in the matrix and its cosine similarity to the query. */
export interface ScanHit {
  index: number;
  similarity: number;
}

/**
 * The `limit` rows most similar to the query, best first. The matrix holds unit vectors and `query` is a unit vector,
 * so each similarity is a dot product; ties keep row order. Rows whose `allowed` entry is false are skipped (the
 * knowledge search's `documents` filter).
 */
export function scanTopK(
  matrix: VectorMatrix,
  query: Float32Array,
  limit: number,
  allowed?: ArrayLike<boolean>,
): ScanHit[] {
  const { rows, dimensions } = matrix;
  if (query.length !== dimensions)
    throw new Error(`The query has ${query.length} dimensions; the stored vectors have ${dimensions}.`);
  const size = Math.max(0, Math.min(limit, rows));
  if (size === 0) return [];
  const dots = matrix.dots(query);
  // A small sorted buffer of the best so far: insertion beats a full sort when `limit` is a handful of rows.
  const best: ScanHit[] = [];
  for (let row = 0; row < rows; row += 1) {
    if (allowed && !allowed[row]) continue;
    const dot = dots[row]!;
    if (best.length === size && dot <= best[size - 1]!.similarity) continue;
    if (best.length === size) best.pop();
    let at = best.length;
    while (at > 0 && best[at - 1]!.similarity < dot) at -= 1;
    best.splice(at, 0, { index: row, similarity: dot });
  }
  return best;
}
