/** A function the calculator knows: how many arguments it takes and what it computes. */
export interface MathFunction {
  minArguments: number;
  /** `Infinity` for variadic functions. */
  maxArguments: number;
  usage: string;
  apply(values: number[]): number;
}

const unary = (usage: string, apply: (x: number) => number): MathFunction => ({
  minArguments: 1,
  maxArguments: 1,
  usage,
  apply: (values) => apply(values[0] as number),
});

const variadic = (usage: string, apply: (...values: number[]) => number): MathFunction => ({
  minArguments: 1,
  maxArguments: Infinity,
  usage,
  apply: (values) => apply(...values),
});

/** Rounds half away from zero to `digits` decimal places (negative digits round to tens, hundreds, …). */
export function roundTo(value: number, digits = 0): number {
  const sign = value < 0 ? -1 : 1;
  const magnitude = Math.abs(value);
  if (digits === 0) return sign * Math.round(magnitude);
  // Shifting through the decimal exponent avoids binary noise such as round(1.005, 2) giving 1.
  const text = String(magnitude);
  if (text.includes('e')) {
    const factor = 10 ** digits;
    return (sign * Math.round(magnitude * factor)) / factor;
  }
  return sign * Number(`${Math.round(Number(`${text}e${digits}`))}e${-digits}`);
}

// A Map, not an object literal: names like `constructor` or `__proto__` must never resolve to anything.
/** The functions the calculator accepts, by lower-case name. */
export const MATH_FUNCTIONS: ReadonlyMap<string, MathFunction> = new Map<string, MathFunction>([
  ['sqrt', unary('sqrt(x)', Math.sqrt)],
  ['cbrt', unary('cbrt(x)', Math.cbrt)],
  ['abs', unary('abs(x)', Math.abs)],
  [
    'round',
    {
      minArguments: 1,
      maxArguments: 2,
      usage: 'round(x) or round(x, digits)',
      apply: ([value = 0, digits = 0]) => roundTo(value, digits),
    },
  ],
  ['floor', unary('floor(x)', Math.floor)],
  ['ceil', unary('ceil(x)', Math.ceil)],
  ['trunc', unary('trunc(x)', Math.trunc)],
  ['sign', unary('sign(x)', Math.sign)],
  ['exp', unary('exp(x)', Math.exp)],
  ['ln', unary('ln(x)', Math.log)],
  [
    'log',
    {
      minArguments: 1,
      maxArguments: 2,
      usage: 'log(x) (base 10) or log(x, base)',
      apply: ([value = 0, base]) => (base === undefined ? Math.log10(value) : Math.log(value) / Math.log(base)),
    },
  ],
  ['log2', unary('log2(x)', Math.log2)],
  ['log10', unary('log10(x)', Math.log10)],
  ['sin', unary('sin(x)', Math.sin)],
  ['cos', unary('cos(x)', Math.cos)],
  ['tan', unary('tan(x)', Math.tan)],
  ['asin', unary('asin(x)', Math.asin)],
  ['acos', unary('acos(x)', Math.acos)],
  ['atan', unary('atan(x)', Math.atan)],
  ['sinh', unary('sinh(x)', Math.sinh)],
  ['cosh', unary('cosh(x)', Math.cosh)],
  ['tanh', unary('tanh(x)', Math.tanh)],
  ['atan2', { minArguments: 2, maxArguments: 2, usage: 'atan2(y, x)', apply: ([y = 0, x = 0]) => Math.atan2(y, x) }],
  ['pow', { minArguments: 2, maxArguments: 2, usage: 'pow(x, y)', apply: ([x = 0, y = 0]) => x ** y }],
  ['min', variadic('min(a, b, …)', Math.min)],
  ['max', variadic('max(a, b, …)', Math.max)],
  ['hypot', variadic('hypot(a, b, …)', Math.hypot)],
]);

/** The named constants the calculator accepts. */
export const MATH_CONSTANTS: ReadonlyMap<string, number> = new Map([
  ['pi', Math.PI],
  ['e', Math.E],
  ['tau', 2 * Math.PI],
]);
