import { evaluateExpression } from './evaluate-expression.ts';
import { formatResult } from './format-result.ts';
import { parseExpression } from './parse-expression.ts';

/** Evaluates an arithmetic expression safely (own parser, no `eval`) and returns a noise-free number. */
export function calculate(expression: string): number {
  return formatResult(evaluateExpression(parseExpression(expression)));
}
