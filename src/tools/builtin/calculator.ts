import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { calculate } from './calculator/calculate.ts';

/** `calculator`: exact arithmetic through a safe parser (never `eval`). */
export const calculatorTool = defineTool({
  name: 'calculator',
  pure: true,
  description: [
    'Evaluates an arithmetic expression exactly and returns the number. Use it for any calculation instead of doing math in your head.',
    'Supports numbers (3, 2.5, .5, 1e-3), + - * / % (remainder), ** or ^ (power, right-associative; -2**2 = -4), parentheses,',
    'functions sqrt cbrt abs round (round(x) or round(x, digits)) floor ceil trunc sign exp ln log (base 10, or log(x, base)) log2 log10',
    'sin cos tan asin acos atan atan2(y, x) sinh cosh tanh min max pow hypot, and constants pi, e, tau.',
    'Trigonometry uses radians: sin(30 degrees) is sin(30 * pi / 180). No variables, units, percentages-of, or thousands separators.',
    'Example: {"expression": "(1 + sqrt(5)) / 2"}.',
  ].join(' '),
  schema: z.object({
    expression: z
      .string()
      .min(1)
      .describe('The arithmetic expression, e.g. "2 * (3 + 4) ** 2" or "round(100 / 7, 2)".'),
  }),
  async execute({ expression }) {
    return { expression: expression.trim(), result: calculate(expression) };
  },
});
