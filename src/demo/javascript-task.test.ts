import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { detectIntent } from './intents.ts';

/** Runs the program the demo wrote for `question` (as the sandbox does: a function body, in a fresh context). */
function run(question: string): { result: string; task: string } {
  const intent = detectIntent(question);
  if (intent.kind !== 'run-javascript' || intent.written) throw new Error(`no written program for ${question}`);
  const result = String(runInNewContext(`(() => {\n${intent.code}\n})()`) as unknown);
  return { result, task: `${intent.task?.en ?? ''} | ${intent.task?.zh ?? ''}` };
}

const sumOf = (from: number, to: number, power: number): bigint => {
  let total = 0n;
  for (let n = from; n <= to; n++) total += BigInt(n) ** BigInt(power);
  return total;
};

describe('the demo writes the program the question asks for, with its numbers', () => {
  it.each([
    ['Run JavaScript to sum the squares of 1 to 10', sumOf(1, 10, 2)],
    ['Run JavaScript to sum the squares of 1 to 20', sumOf(1, 20, 2)],
    ['Use JavaScript to sum the squares from 7 to 33', sumOf(7, 33, 2)],
    ['用 JavaScript 计算 1 到 10 的平方和', sumOf(1, 10, 2)],
    ['用 JavaScript 计算 3 到 17 的平方和', sumOf(3, 17, 2)],
    ['Run JavaScript to add up the numbers from 1 to 100', sumOf(1, 100, 1)],
    ['用JS算一下1到1000的和', sumOf(1, 1000, 1)],
    ['Run JavaScript: sum of cubes between 2 and 9', sumOf(2, 9, 3)],
    ['用 JavaScript 求 1 至 12 的立方和', sumOf(1, 12, 3)],
    ['run js to sum the squares of the first 25 numbers', sumOf(1, 25, 2)],
    ['Run JavaScript to sum the squares of 1 to 1000000', sumOf(1, 1_000_000, 2)],
  ])('%s', (question, expected) => {
    expect(run(question).result).toBe(expected.toString());
  });

  it('multiplies over a range, exactly', () => {
    expect(run('Run JavaScript to compute the product of 1 to 25').result).toBe('15511210043330985984000000');
    expect(run('用 JavaScript 计算 3 到 6 的乘积').result).toBe('360');
    expect(run('Run JavaScript: product of the squares of 2 to 4').result).toBe('576');
  });

  it('says in the task what the program computes', () => {
    expect(run('Run JavaScript to sum the squares of 4 to 9').task).toBe(
      'the sum of the squares from 4 to 9 | 4 到 9 的平方和',
    );
  });

  it('computes factorials, Fibonacci numbers and primes for the numbers asked', () => {
    expect(run('Run JavaScript to compute the factorial of 25').result).toBe('15511210043330985984000000');
    expect(run('用 JavaScript 算 12 的阶乘').result).toBe('479001600');
    expect(run('Run JavaScript: first 12 Fibonacci numbers').result).toBe('0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89');
    expect(run('用 JavaScript 算一下斐波那契数列前7项').result).toBe('0, 1, 1, 2, 3, 5, 8');
    expect(run('Run JavaScript to find the 90th Fibonacci number').result).toBe('1779979416004714189');
    expect(run('Run JavaScript to list the primes between 20 and 50').result).toBe(
      '7 primes: 23, 29, 31, 37, 41, 43, 47',
    );
    expect(run('用 JavaScript 找出 100 以内的质数').result).toMatch(/^25 primes: 2, 3, 5, .*, 97$/u);
    expect(run('Run JavaScript: the first 8 primes').result).toBe('2, 3, 5, 7, 11, 13, 17, 19');
  });

  it('writes the program for a sum over a range asked without naming JavaScript', () => {
    expect(run('What is the sum of the squares of 1 to 12?').result).toBe(sumOf(1, 12, 2).toString());
    expect(run('1到50的平方和是多少').result).toBe(sumOf(1, 50, 2).toString());
    expect(run('sum of 1 to 250').result).toBe(sumOf(1, 250, 1).toString());
    expect(detectIntent('What is 15 - 3 plus 2?')).toMatchObject({ kind: 'calculate' });
  });

  it.each([
    'Run JavaScript to sort my files',
    'Run JavaScript to compute the average of 1 to 10',
    '用 JavaScript 画一个图',
    'Run JavaScript to compute the factorial',
    'Run JavaScript to sum the squares of 1 to 99999999',
  ])('says plainly it cannot write a program for %j, never another program', (question) => {
    expect(detectIntent(question)).toEqual({ kind: 'cannot', topic: 'javascript' });
  });
});
