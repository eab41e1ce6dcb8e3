import type { ScanHit } from '../context/semantic/vector-math.ts';

/**
 * The `limit` rows of a matrix of unit vectors most similar to a unit query (dot products), best first; rows whose
 * `mask` entry is false are skipped (the `documents` filter). On the calling thread: 20,000 passages of a few hundred
 * dimensions scan in milliseconds (bench `knowledge-search`), within a tool call that already awaits the endpoint.
 */
export function scanMasked(
  matrix: Float32Array,
  dimensions: number,
  query: Float32Array,
  limit: number,
  mask?: readonly boolean[],
): ScanHit[] {
  const rows = dimensions === 0 ? 0 : Math.floor(matrix.length / dimensions);
  const size = Math.max(0, Math.min(limit, rows));
  const best: ScanHit[] = [];
  if (size === 0) return best;
  for (let row = 0; row < rows; row += 1) {
    if (mask && !mask[row]) continue;
    const offset = row * dimensions;
    let dot = 0;
    for (let index = 0; index < dimensions; index += 1) dot += matrix[offset + index]! * query[index]!;
    if (best.length === size && dot <= best[size - 1]!.similarity) continue;
    if (best.length === size) best.pop();
    let at = best.length;
    while (at > 0 && best[at - 1]!.similarity < dot) at -= 1;
    best.splice(at, 0, { index: row, similarity: dot });
  }
  return best;
}
