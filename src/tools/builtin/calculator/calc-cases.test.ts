import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { SHARED_DATA_TAG, sharedPath } from '../../../testing/shared-data.ts';
import { calculate } from './calculate.ts';
import { evaluateExpression } from './evaluate-expression.ts';
import { RESULT_SIGNIFICANT_DIGITS } from './format-result.ts';
import { parseExpression } from './parse-expression.ts';

// Vectors from the expr-eval and mathjs test suites (see ../shared/real-data/SOURCES.md), read in place.
interface Tolerance {
  absolute?: number;
  relative?: number;
}
interface CalcCases {
  cases: Array<{ expression: string; expected: number; tolerance: Tolerance }>;
  non_finite: Array<{ expression: string; expected: 'NaN' | 'Infinity' | '-Infinity' }>;
  reject: Array<{ input: string; reason: string }>;
}

const vectors = (): CalcCases =>
  JSON.parse(readFileSync(sharedPath('real-data', 'calc-cases.json'), 'utf8')) as CalcCases;

function within(got: number, expected: number, tolerance: Tolerance): boolean {
  if (Object.is(got, expected) || got === expected) return true;
  const allowed = tolerance.absolute ?? (tolerance.relative ?? 0) * Math.max(Math.abs(got), Math.abs(expected));
  return Math.abs(got - expected) <= allowed;
}

describe('calculator against the expr-eval and mathjs vectors', { tags: [SHARED_DATA_TAG] }, () => {
  it('holds 99 cases, 10 non-finite and 16 rejects', () => {
    expect([vectors().cases.length, vectors().non_finite.length, vectors().reject.length]).toEqual([99, 10, 16]);
  });

  it('the parser evaluates every case within its tolerance', () => {
    const misses = vectors()
      .cases.map(({ expression, expected, tolerance }) => ({
        expression,
        expected,
        got: evaluateExpression(parseExpression(expression)),
        tolerance,
      }))
      .filter(({ got, expected, tolerance }) => !within(got, expected, tolerance));
    expect(misses).toEqual([]);
  });

  it('the tool answers every case to its documented precision (12 significant digits, float noise removed)', () => {
    const relative = 10 ** -(RESULT_SIGNIFICANT_DIGITS - 1);
    const misses = vectors()
      .cases.map(({ expression, expected, tolerance }) => ({
        expression,
        expected,
        got: calculate(expression),
        tolerance,
      }))
      .filter(
        ({ got, expected, tolerance }) => !within(got, expected, tolerance) && !within(got, expected, { relative }),
      );
    expect(misses).toEqual([]);
  });

  it('gives a clear error, never NaN or Infinity, where upstream returns a non-finite number', () => {
    // A tool result goes back to the model as JSON, where NaN and Infinity cannot be written: an error that
    // says why is the useful answer.
    for (const { expression } of vectors().non_finite) {
      expect(() => calculate(expression), expression).toThrow(/not a real number|no finite result|Division by zero/);
    }
  });

  it('refuses every reject while parsing, so nothing is evaluated', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    for (const { input } of vectors().reject) {
      expect(() => parseExpression(input), input).toThrow();
      expect(() => calculate(input), input).toThrow();
    }
    // The sandbox-escape attempts would print "hacked..." if any of them ran.
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
