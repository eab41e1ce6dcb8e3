/** A pass rate's 95% confidence interval, both ends within 0–1. */
export interface Interval {
  low: number;
  high: number;
}

/** z for a two-sided 95% interval. */
const Z = 1.959963984540054;

/**
 * The Wilson score interval of `passes` out of `total` at 95%: unlike the normal approximation it stays inside 0–1
 * and is sensible for small samples and rates of 0 or 1. With no trials nothing is known: 0–1.
 */
export function wilsonInterval(passes: number, total: number): Interval {
  if (!(total > 0)) return { low: 0, high: 1 };
  const k = Math.min(Math.max(passes, 0), total);
  const p = k / total;
  const z2 = Z * Z;
  const denominator = 1 + z2 / total;
  const centre = (p + z2 / (2 * total)) / denominator;
  const half = (Z / denominator) * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  // At 0 and n passes one end is exactly 0 or 1; rounding must not move it.
  return {
    low: k === 0 ? 0 : Math.max(0, centre - half),
    high: k === total ? 1 : Math.min(1, centre + half),
  };
}
