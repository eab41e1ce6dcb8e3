/** The value at quantile `q` (0..1) of the values, nearest-rank; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The median (mean of the two middle values for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Gaps between consecutive frame times. */
export function frameGaps(times: readonly number[]): number[] {
  const gaps: number[] = [];
  for (let index = 1; index < times.length; index += 1)
    gaps.push((times[index] as number) - (times[index - 1] as number));
  return gaps;
}

/** The nominal frame interval at 60 Hz. */
export const FRAME_MS = 1000 / 60;

/** Frames that should have been shown but were not: a gap of n frame intervals drops n − 1 frames. */
export function droppedFrames(gaps: readonly number[]): number {
  let dropped = 0;
  for (const gap of gaps) dropped += Math.max(0, Math.round(gap / FRAME_MS) - 1);
  return dropped;
}

/** Summary of one figure over runs. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

/** Median, min and max of per-run values (NaN values left out). */
export function summarise(values: readonly number[]): Summary {
  const finite = values.filter((value) => Number.isFinite(value));
  return {
    median: median(finite),
    min: finite.length ? Math.min(...finite) : Number.NaN,
    max: finite.length ? Math.max(...finite) : Number.NaN,
    runs: finite.length,
  };
}
