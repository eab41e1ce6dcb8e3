import { makeScore, type Scorer } from './scorer-kit.ts';

/** Numbers written in a text: `1,004`, `-3.5`, `1e3`, full-width digits; thousands separators dropped. */
export function numbersIn(text: string): number[] {
  const found: number[] = [];
  // A minus right after a letter or digit is a dash (2024-05-20), not a sign.
  const pattern = /(?:(?<![\p{L}\p{N}])[-−])?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?/gu;
  for (const match of text.normalize('NFKC').matchAll(pattern)) {
    const value = Number(match[0].replaceAll(',', '').replace('−', '-'));
    if (Number.isFinite(value)) found.push(value);
  }
  return found;
}

/**
 * `Numeric`: the number in the answer closest to the expected number is within the tolerance (default 0). The
 * reason says which number of the answer was taken. Not applicable when the expected output holds no number.
 */
export const numericScorer: Scorer = ({ item, answer }, config, { t }) => {
  const expected = item.expected === undefined ? undefined : numbersIn(item.expected)[0];
  if (expected === undefined) return undefined;
  const tolerance = Math.abs(config.tolerance ?? 0);
  const candidates = numbersIn(answer);
  if (candidates.length === 0) return makeScore('numeric', 0, t('score.numericNone', { expected }));
  let closest = candidates[0] ?? 0;
  for (const value of candidates) if (Math.abs(value - expected) < Math.abs(closest - expected)) closest = value;
  // A hair of slack for floating-point sums (0.1 + 0.2).
  const within = Math.abs(closest - expected) <= tolerance + 1e-9 * Math.max(1, Math.abs(expected));
  const values = { found: closest, expected, tolerance, count: candidates.length };
  return makeScore('numeric', within ? 1 : 0, t(within ? 'score.numericPass' : 'score.numericFail', values));
};
