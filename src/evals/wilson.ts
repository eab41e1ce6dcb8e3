/**
 * PLACEHOLDER (branch evals-run): the Wilson score interval; evals-data owns src/evals/wilson.ts and the lead takes
 * that file at merge (experiment-results.ts calls `wilsonInterval(passes, total)`).
 */
export function wilsonInterval(passes: number, total: number, z = 1.96): { low: number; high: number } {
  if (total <= 0) return { low: 0, high: 0 };
  const p = passes / total;
  const z2 = z * z;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / (1 + z2 / total);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
