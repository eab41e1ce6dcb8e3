import { describe, it, expect } from 'vitest';
import { calculate } from './calculate.ts';
import { formatResult } from './format-result.ts';
import { parseExpression } from './parse-expression.ts';

const PI_SHOWN = formatResult(Math.PI);

describe('calculate', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['100 / 10 / 5', 2],
    ['7 % 3', 1],
    ['-7 % 3', -1],
    ['2 * 3 % 4', 2],
    ['2 ** 10', 1024],
    ['2 ** 3 ** 2', 512],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ** 2', -4],
    ['(-2) ** 2', 4],
    ['2 ** -1', 0.5],
    ['-3 - -3', 0],
    ['+5', 5],
    ['--5', 5],
    ['3 * -2', -6],
    ['1.5e3 + .5', 1500.5],
    ['2E-2', 0.02],
    ['1.', 1],
  ])('%s = %d', (expression, expected) => {
    expect(calculate(expression)).toBe(expected);
  });

  it('removes floating-point noise but keeps safe integers exact', () => {
    expect(calculate('0.1 + 0.2')).toBe(0.3);
    expect(calculate('0.1 * 3')).toBe(0.3);
    expect(calculate('1 / 3')).toBe(0.333333333333);
    expect(calculate('9007199254740991 - 1')).toBe(9007199254740990);
    expect(Object.is(calculate('-0 * 1'), 0)).toBe(true);
  });

  it('knows the functions and constants', () => {
    expect(calculate('sqrt(16) + cbrt(27)')).toBe(7);
    expect(calculate('abs(-4.5)')).toBe(4.5);
    expect(calculate('round(2.5) + round(-2.5)')).toBe(0);
    expect(calculate('round(1.005, 2)')).toBe(1.01);
    expect(calculate('round(1234.5, -2)')).toBe(1200);
    expect(calculate('floor(-1.5) + ceil(1.2)')).toBe(0);
    expect(calculate('exp(0) + ln(e)')).toBe(2);
    expect(calculate('log(1000)')).toBe(3);
    expect(calculate('log(8, 2)')).toBe(3);
    expect(calculate('log2(1024) + log10(100)')).toBe(12);
    expect(calculate('sin(pi / 2) + cos(0)')).toBe(2);
    expect(calculate('tan(pi / 4)')).toBe(1);
    expect(calculate('asin(1) * 2')).toBe(calculate('pi'));
    expect(calculate('atan2(1, 1) * 4')).toBe(PI_SHOWN);
    expect(calculate('min(3, 1, 2) + max(3, 1, 2)')).toBe(4);
    expect(calculate('pow(2, 8) + hypot(3, 4)')).toBe(261);
    expect(calculate('PI')).toBe(PI_SHOWN);
    expect(calculate('tau / 2')).toBe(PI_SHOWN);
  });

  it('accepts ×, ÷, full-width digits and parentheses from Chinese input', () => {
    expect(calculate('３×（４＋５）')).toBe(27);
    expect(calculate('10÷4')).toBe(2.5);
    expect(calculate('π')).toBe(PI_SHOWN);
    expect(calculate('max（１，２）')).toBe(2);
  });

  it('reports syntax errors with their position', () => {
    expect(() => calculate('(1 + 2))')).toThrow("Unexpected token ')' at position 8");
    expect(() => calculate('2 + * 3')).toThrow("Unexpected token '*' at position 5");
    expect(() => calculate('(1 + 2')).toThrow("Missing ')' to close the '(' at position 1");
    expect(() => calculate('1 +')).toThrow('ends too early');
    expect(() => calculate('2 pi')).toThrow("Missing operator before 'pi' at position 3");
    expect(() => calculate('1,000 + 1')).toThrow("Unexpected ',' at position 2");
    expect(() => calculate('')).toThrow('empty');
    expect(() => calculate('1 = 1')).toThrow("Unexpected character '=' at position 3");
    expect(() => calculate('max(1 2)')).toThrow("Missing operator before '2' at position 7");
  });

  it('names unknown functions and names', () => {
    expect(() => calculate('foo(1)')).toThrow("Unknown function 'foo' at position 1");
    expect(() => calculate('x + 1')).toThrow("Unknown name 'x' at position 1");
    expect(() => calculate('sqrt + 1')).toThrow("'sqrt' at position 1 is a function");
    expect(() => calculate('pi(2)')).toThrow('is a constant, not a function');
    expect(() => calculate('sqrt(1, 2)')).toThrow('sqrt takes 1 argument, got 2');
    expect(() => calculate('atan2(1)')).toThrow('atan2 takes 2 arguments, got 1');
    expect(() => calculate('max()')).toThrow('max takes at least 1 argument, got 0');
    expect(() => calculate('round(1, 0.5)')).toThrow("round's digits must be a whole number");
  });

  it('refuses division by zero and non-finite results', () => {
    expect(() => calculate('1 / 0')).toThrow('Division by zero at position 3');
    expect(() => calculate('1 / (2 - 2)')).toThrow('Division by zero');
    expect(() => calculate('5 % 0')).toThrow('Division by zero');
    expect(() => calculate('0 ** -1')).toThrow('Division by zero');
    expect(() => calculate('sqrt(-1)')).toThrow('sqrt(-1) is not a real number');
    expect(() => calculate('ln(0)')).toThrow('no finite result');
    expect(() => calculate('10 ** 400')).toThrow('no finite result');
    expect(() => calculate('1e400')).toThrow("Number '1e400' at position 1 is too large");
    expect(() => calculate('(-8) ** (1/3)')).toThrow('(-8) ** 0.333333333333 is not a real number');
  });

  it.each([
    'constructor',
    '__proto__',
    'constructor.constructor("return process")()',
    'process.exit(1)',
    'this',
    'globalThis',
    'alert(1)',
    'toString()',
    'valueOf()',
    'hasOwnProperty(1)',
    '"1" + 1',
    '`1`',
    '1; 2',
    '[1]',
    'a => 1',
    'Math.PI',
    'eval("1")',
  ])('treats %s as an error, never as code', (expression) => {
    expect(() => calculate(expression)).toThrow();
  });

  it('limits length and nesting instead of overflowing the stack', () => {
    expect(() => calculate('1+'.repeat(1500) + '1')).toThrow('too long');
    expect(() => calculate('('.repeat(150) + '1' + ')'.repeat(150))).toThrow('nested too deeply');
    expect(() => calculate('-'.repeat(150) + '1')).toThrow('nested too deeply');
    expect(calculate('('.repeat(50) + '1' + ')'.repeat(50))).toBe(1);
  });
});

describe('parseExpression', () => {
  it('builds a right-associative power below unary minus', () => {
    const tree = parseExpression('-2 ^ 3 ^ 2');
    expect(tree).toMatchObject({
      type: 'unary',
      operator: '-',
      operand: { type: 'binary', operator: '**', left: { value: 2 }, right: { type: 'binary', operator: '**' } },
    });
  });

  it('builds left-associative subtraction', () => {
    expect(parseExpression('5 - 3 - 1')).toMatchObject({
      type: 'binary',
      operator: '-',
      left: { type: 'binary', operator: '-', left: { value: 5 }, right: { value: 3 } },
      right: { value: 1 },
    });
  });
});
