/** Significant digits a non-integer result keeps; enough for any practical use, few enough to hide float noise. */
export const RESULT_SIGNIFICANT_DIGITS = 12;

/** Removes floating-point noise (0.1 + 0.2 gives 0.3); safe integers stay exact; -0 becomes 0. */
export function formatResult(value: number): number {
  if (Object.is(value, -0)) return 0;
  if (Number.isSafeInteger(value)) return value;
  const rounded = Number(value.toPrecision(RESULT_SIGNIFICANT_DIGITS));
  return Object.is(rounded, -0) ? 0 : rounded;
}
