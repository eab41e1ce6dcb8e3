import { Script } from 'node:vm';
import { describe, it, expect } from 'vitest';
import { sourceCandidates } from './sandbox-source.ts';

// Parses (never runs) a candidate the way the worker compiles it: as an async function body.
function compiles(body: string): boolean {
  try {
    return new Script(`(async function () {\n${body}\n})`) instanceof Script;
  } catch {
    return false;
  }
}

const chosen = (code: string) => sourceCandidates(code).find(compiles);

describe('sourceCandidates', () => {
  it('returns a single expression', () => {
    expect(chosen('1 + 2')).toBe('return (\n1 + 2\n);');
    expect(chosen('[1, 2].map((x) => x * 2);')).toBe('return (\n[1, 2].map((x) => x * 2)\n);');
    expect(chosen('await Promise.resolve(5) // comment')).toBe('return (\nawait Promise.resolve(5) // comment\n);');
  });

  it('returns the last line after complete statements', () => {
    expect(chosen('const x = 2;\nconst y = 21;\nx * y')).toBe('const x = 2;\nconst y = 21;\nreturn (\nx * y\n);');
    expect(chosen('function square(n) {\n  return n * n;\n}\nsquare(4);')).toContain('return (\nsquare(4)\n);');
  });

  it('returns the last line of code written without semicolons', () => {
    expect(chosen('const items = [1, 2, 3]\nitems.map((x) => x * 2)')).toBe('const items = [1, 2, 3]\nreturn (\nitems.map((x) => x * 2)\n);');
    expect(chosen("let name = 'Ada'\nname.toUpperCase()")).toContain('return (\nname.toUpperCase()\n);');
  });

  it('keeps code as written when the last line is a statement or may continue the previous one', () => {
    expect(chosen('const x = 1;\nreturn x + 1;')).toBe('const x = 1;\nreturn x + 1;');
    expect(chosen('let total = 0;\nfor (const n of [1, 2]) total += n')).toBe('let total = 0;\nfor (const n of [1, 2]) total += n');
    expect(chosen('const x = foo\n  + bar')).toBe('const x = foo\n  + bar');
    expect(chosen('for (const n of [1, 2])\n  total += n')).toBe('for (const n of [1, 2])\n  total += n');
    expect(chosen('if (ready)\nstart()')).toBe('if (ready)\nstart()');
    expect(chosen('if (a) {\n  stop()\n} else\nstart()')).toBe('if (a) {\n  stop()\n} else\nstart()');
    expect(chosen('let a = 1;\nfunction later() {}')).toBe('let a = 1;\nfunction later() {}');
    expect(chosen('while (true) {}')).toBe('while (true) {}');
  });

  it('does not split inside a multi-line template literal', () => {
    expect(chosen('const s = `a;\nb`;\nreturn s')).toBe('const s = `a;\nb`;\nreturn s');
  });

  it('ends with the code as written, whose syntax error the worker reports', () => {
    const candidates = sourceCandidates('return (1 +');
    expect(candidates.at(-1)).toBe('return (1 +');
    expect(candidates.some(compiles)).toBe(false);
  });
});
