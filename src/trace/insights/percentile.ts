/**
 * The q-th quantile (0…1) of a list of numbers by linear interpolation between closest ranks (the "type 7"
 * definition of R and NumPy's default): p50 of [1, 2, 3, 4] is 2.5. Undefined for an empty list.
 */
export function quantile(values: readonly number[], q: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return quantileOfSorted(sorted, q);
}

/** `quantile` of a list already sorted ascending. */
export function quantileOfSorted(sorted: readonly number[], q: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const position = Math.min(1, Math.max(0, q)) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}

/** p50 and p95 of a list of numbers (undefined when it is empty). */
export function medianAndP95(values: readonly number[]): { p50: number | undefined; p95: number | undefined } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: quantileOfSorted(sorted, 0.5), p95: quantileOfSorted(sorted, 0.95) };
}
