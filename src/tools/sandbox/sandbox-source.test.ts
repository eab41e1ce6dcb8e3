import { describe, it, expect } from 'vitest';
import { prepareSource } from './sandbox-source.ts';

const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (
  body: string,
) => () => Promise<unknown>;

/** Prepares the code like the worker, then runs it (in Node: these tests check the transform, not the sandbox). */
async function evaluate(code: string): Promise<unknown> {
  const prepared = prepareSource(code);
  if (!prepared.ok) throw new Error(prepared.error);
  return new AsyncFunction(prepared.body)();
}

const body = (code: string): string => {
  const prepared = prepareSource(code);
  if (!prepared.ok) throw new Error(prepared.error);
  return prepared.body;
};

describe('prepareSource', () => {
  it('answers with the value of the last expression statement, like a console', async () => {
    expect(await evaluate('let s = 0; for (let i = 1; i <= 10; i++) s += i; s')).toBe(55);
    expect(await evaluate('6 * 7')).toBe(42);
    expect(await evaluate('[1, 2].map((x) => x * 2);')).toEqual([2, 4]);
    expect(await evaluate('const items = [1, 2, 3]\nitems.map((x) => x * 2)')).toEqual([2, 4, 6]);
    expect(await evaluate('const a = 1\n;(a + 1)')).toBe(2);
    expect(await evaluate('1, 2, 3')).toBe(3);
    expect(await evaluate("'just a string'")).toBe('just a string');
  });

  it('keeps top-level return and await working', async () => {
    expect(await evaluate('const x = 1;\nreturn x + 1;')).toBe(2);
    expect(await evaluate('const value = await Promise.resolve(5);\nvalue * 2')).toBe(10);
    expect(await evaluate('await new Promise((resolve) => setTimeout(() => resolve("late"), 1))')).toBe('late');
    expect(await evaluate('let total = 0;\nfor await (const n of [1, 2, 3]) total += n;\ntotal')).toBe(6);
    expect(await evaluate('if (true) return "early";\n"late"')).toBe('early');
  });

  it('returns nothing when the last statement is not an expression', async () => {
    expect(await evaluate('let total = 0;\nfor (const n of [1, 2]) total += n')).toBeUndefined();
    expect(await evaluate('const x = 5')).toBeUndefined();
    expect(await evaluate('function later() { return 1 }')).toBeUndefined();
    expect(await evaluate('if (true) { 5 }')).toBeUndefined();
    expect(body('while (false) {}')).toBe('while (false) {}');
  });

  it('is not fooled by strings, templates, comments, regular expressions or nested blocks', async () => {
    expect(await evaluate('const s = `a;\nb ${"}"} c`;\ns.length')).toBe(8);
    expect(await evaluate("const t = 'x; y'; // last; comment\nt")).toBe('x; y');
    expect(await evaluate('/* a; b */ const r = /;[}]/g;\n"a;}".replace(r, "")')).toBe('a');
    expect(await evaluate('function f() {\n  const inner = 1;\n  inner\n}\nf() ?? "no value"')).toBe('no value');
    expect(await evaluate('const n = 2\n{ const n = 3 }\nn')).toBe(2);
    expect(await evaluate('const x = 4\nx // the answer')).toBe(4);
    expect(await evaluate('const x = 4\nx /* block */ ;')).toBe(4);
    expect(await evaluate('const a = 10, b = 2\na\n/ b')).toBe(5);
    expect(await evaluate('const o = { f() { return 1 } }\no.f()\n+ 1')).toBe(2);
  });

  it('keeps line numbers before the last statement', () => {
    expect(body('const x = 2;\nconst y = 21;\nx * y')).toBe('const x = 2;\nconst y = 21;\nreturn (x * y\n);');
  });

  it('refuses import() and import.meta wherever they are, but not the word in a string or comment', () => {
    const dynamic = prepareSource("const m = 1;\nconst mod = await import('https://example.com/evil.js')");
    expect(dynamic).toEqual({
      ok: false,
      parsed: true,
      error: expect.stringContaining('import is disabled in the sandbox (line 2)'),
    });
    expect(prepareSource('[1].map(async () => { if (true) { await import("x") } })')).toMatchObject({
      ok: false,
      parsed: true,
    });
    expect(prepareSource("'import is just a word here' // import")).toMatchObject({ ok: true });
  });

  it('reports syntax errors with their position', () => {
    expect(prepareSource('return (1 +')).toEqual({
      ok: false,
      parsed: false,
      error: expect.stringMatching(/^SyntaxError: .*\(1:\d+\)$/u),
    });
    expect(prepareSource("import x from 'y'")).toMatchObject({ ok: false, parsed: false });
    expect(prepareSource('import.meta.url')).toMatchObject({ ok: false, parsed: false });
  });
});
