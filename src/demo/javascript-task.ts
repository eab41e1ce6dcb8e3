/**
 * The small programs the demo writes when asked to run JavaScript without code: sums and products over a range,
 * factorials, Fibonacci numbers and primes, with the numbers and ranges taken from the question. Anything else
 * gets no program (the planner then says plainly what the demo can do), never a program for another question.
 */

/** A program the demo wrote for the user's task, with what it computes in both languages. */
export interface WrittenProgram {
  code: string;
  task: { en: string; zh: string };
}

/** Longest range a generated loop walks (it runs in the sandbox, which has a time limit). */
const MAX_RANGE = 1_000_000;

interface Range {
  from: number;
  to: number;
}

/** "1 to 10", "from 3 through 12", "between 2 and 9", "1..10", "1 到 10", "1至10", "first 10", "前10个". */
export function readRange(text: string): Range | undefined {
  const between =
    /(?:from|between)\s+(-?\d+)\s+(?:to|through|thru|and|until)\s+(-?\d+)/iu.exec(text) ??
    /(-?\d+)\s*(?:to|through|thru|\.\.\.?|到|至|~|～)\s*(-?\d+)/iu.exec(text) ??
    /(\d+)\s*[-–]\s*(\d+)/u.exec(text);
  if (between?.[1] && between[2]) {
    const [from, to] = [Number(between[1]), Number(between[2])];
    return from <= to ? { from, to } : { from: to, to: from };
  }
  const first = /\b(?:first|up to|upto)\s+(\d+)/iu.exec(text) ?? /前\s*(\d+)\s*(?:个|项)?/u.exec(text);
  if (first?.[1]) return { from: 1, to: Number(first[1]) };
  return undefined;
}

function rangeText(range: Range): { en: string; zh: string } {
  return { en: `${range.from} to ${range.to}`, zh: `${range.from} 到 ${range.to}` };
}

/** Sum or product of n, n² or n³ over a range, in BigInt so large results stay exact. */
function rangeProgram(text: string): WrittenProgram | undefined {
  const product = /\bproduct\b|\bmultipl(?:y|ied)\b|乘积|相乘|连乘|积/iu.test(text);
  const sum = /\bsum\b|\btotal\b|\badd(?:ed)?\b|\bplus\b|和|总和|相加|加起来|累加/iu.test(text);
  if (!product && !sum) return undefined;
  const range = readRange(text);
  if (!range || range.to - range.from >= MAX_RANGE) return undefined;
  const power = /\bcubes?\b|\bcubed\b|立方/iu.test(text) ? 3 : /\bsquares?\b|\bsquared\b|平方/iu.test(text) ? 2 : 1;
  const term = power === 1 ? 'BigInt(n)' : `BigInt(n) ** ${power}n`;
  const operator = product ? '*=' : '+=';
  const code = [
    `let result = ${product ? '1n' : '0n'};`,
    `for (let n = ${range.from}; n <= ${range.to}; n++) result ${operator} ${term};`,
    'return result.toString();',
  ].join('\n');
  const { en, zh } = rangeText(range);
  const powerEn = ['', 'numbers', 'squares', 'cubes'][power];
  const powerZh = ['', '', '平方', '立方'][power];
  return {
    code,
    task: {
      en: `the ${product ? 'product' : 'sum'} of the ${powerEn} from ${en}`,
      zh: `${zh} 的${powerZh}${product ? '乘积' : '和'}`,
    },
  };
}

function firstNumber(text: string): number | undefined {
  const match = /\d+/u.exec(text);
  return match ? Number(match[0]) : undefined;
}

function fibonacciProgram(text: string): WrittenProgram | undefined {
  const nth = /(\d+)\s*(?:st|nd|rd|th)\s+fibonacci|第\s*(\d+)\s*(?:个|项)\s*斐波那契/iu.exec(text);
  if (nth) {
    const n = Number(nth[1] ?? nth[2]);
    if (n < 1 || n > 10_000) return undefined;
    return {
      code: `let [a, b] = [0n, 1n];\nfor (let i = 1; i < ${n}; i++) [a, b] = [b, a + b];\nreturn a.toString();`,
      task: { en: `Fibonacci number ${n} (counting 0 as the first)`, zh: `第 ${n} 个斐波那契数（0 算第 1 个）` },
    };
  }
  const n = firstNumber(text) ?? 10;
  if (n < 1 || n > 1000) return undefined;
  return {
    code: `const fibonacci = [0n, 1n];\nwhile (fibonacci.length < ${n}) fibonacci.push(fibonacci[fibonacci.length - 1] + fibonacci[fibonacci.length - 2]);\nreturn fibonacci.slice(0, ${n}).join(', ');`,
    task: { en: `the first ${n} Fibonacci numbers`, zh: `斐波那契数列的前 ${n} 项` },
  };
}

function primesProgram(text: string): WrittenProgram | undefined {
  const isPrime =
    'const isPrime = (n) => {\n  if (n < 2) return false;\n  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;\n  return true;\n};';
  const first = /\bfirst\s+(\d+)\s+primes?|前\s*(\d+)\s*个\s*(?:质数|素数)/iu.exec(text);
  if (first) {
    const count = Number(first[1] ?? first[2]);
    if (count < 1 || count > 10_000) return undefined;
    return {
      code: `${isPrime}\nconst primes = [];\nfor (let n = 2; primes.length < ${count}; n++) if (isPrime(n)) primes.push(n);\nreturn primes.join(', ');`,
      task: { en: `the first ${count} primes`, zh: `前 ${count} 个质数` },
    };
  }
  const range = readRange(text) ?? { from: 2, to: firstNumber(text) ?? 50 };
  if (range.to - range.from >= MAX_RANGE) return undefined;
  const { en, zh } = rangeText(range);
  return {
    code: `${isPrime}\nconst primes = [];\nfor (let n = ${range.from}; n <= ${range.to}; n++) if (isPrime(n)) primes.push(n);\nreturn primes.length + ' primes: ' + primes.join(', ');`,
    task: { en: `the primes from ${en}`, zh: `${zh} 之间的质数` },
  };
}

function factorialProgram(text: string): WrittenProgram | undefined {
  const n = Number(
    /(\d+)\s*!|factorial\s+(?:of\s+)?(\d+)|(\d+)\s*的?\s*阶乘|阶乘\s*(\d+)/iu.exec(text)?.slice(1).find(Boolean) ??
      firstNumber(text),
  );
  if (!Number.isInteger(n) || n < 0 || n > 5000) return undefined;
  return {
    code: `let product = 1n;\nfor (let i = 2n; i <= ${n}n; i++) product *= i;\nreturn product.toString();`,
    task: { en: `${n}! (the factorial of ${n})`, zh: `${n} 的阶乘（${n}!）` },
  };
}

/** The program for a task the demo knows, using the question's own numbers; undefined for anything else. */
export function writeProgram(text: string): WrittenProgram | undefined {
  if (/fibonacci|斐波那契/iu.test(text)) return fibonacciProgram(text);
  if (/\bprimes?\b|质数|素数/iu.test(text)) return primesProgram(text);
  if (/factorial|阶乘/iu.test(text)) return factorialProgram(text);
  return rangeProgram(text);
}
