import { describe, expect, it } from 'vitest';
import { normaliseMath } from './math-normalise.ts';

describe('normaliseMath', () => {
  it('rewrites \\( … \\) and $ … $ to inline $$ … $$', () => {
    expect(normaliseMath('Let \\( x \\) and $y^2$ be.')).toEqual({
      text: 'Let $$ x $$ and $$y^2$$ be.',
      math: true,
      unclosed: false,
    });
  });

  it('rewrites \\[ … \\] on lines of their own to display math, keeping the indentation', () => {
    expect(normaliseMath('Then:\n\n\\[\nE = mc^2\n\\]\n\nDone').text).toBe('Then:\n\n$$\nE = mc^2\n$$\n\nDone');
    expect(normaliseMath('- item\n\n  \\[ a + b \\]').text).toBe('- item\n\n  $$\n  a + b\n  $$');
    expect(normaliseMath('inline \\[a\\] here').text).toBe('inline $$a$$ here');
  });

  it('turns a lone-line $$ … $$ into display math and leaves multi-line $$ blocks as they are', () => {
    expect(normaliseMath('$$x^2$$').text).toBe('$$\nx^2\n$$');
    expect(normaliseMath('$$\na\n$$').text).toBe('$$\na\n$$');
    expect(normaliseMath('a $$b$$ c').text).toBe('a $$b$$ c');
  });

  it('leaves currency alone', () => {
    for (const text of [
      'It costs $5 and $10.',
      'Between $5 and $10, or $ 3 $.',
      'US$5, then $ 10',
      'Pay $5.',
      'from $20 to $30',
    ]) {
      expect(normaliseMath(text)).toEqual({ text, math: false, unclosed: false });
    }
    // Currency next to a formula: only the formula is math.
    expect(normaliseMath('from $5 to $10, or $x$').text).toBe('from $5 to $10, or $$x$$');
  });

  it('leaves escaped dollars, code spans and fenced code blocks untouched', () => {
    expect(normaliseMath('\\$x\\$ is not math').text).toBe('\\$x\\$ is not math');
    expect(normaliseMath('run `echo $a$` and ``\\(x\\)``').text).toBe('run `echo $a$` and ``\\(x\\)``');
    const fenced = '```sh\necho $HOME$ \\(x\\)\n```\n\n~~~\n$$a$$\n~~~\nafter $b$';
    expect(normaliseMath(fenced).text).toBe('```sh\necho $HOME$ \\(x\\)\n```\n\n~~~\n$$a$$\n~~~\nafter $$b$$');
  });

  it('does not let a formula cross a blank line', () => {
    expect(normaliseMath('a $x\n\ny$ b').text).toBe('a $x\n\ny$ b');
    expect(normaliseMath('\\( a\n\nb \\)').math).toBe(false);
  });

  it('reports a $$ still open (a formula streaming in)', () => {
    expect(normaliseMath('Now:\n\n$$\n\\frac{1}{')).toMatchObject({ math: true, unclosed: true });
    expect(normaliseMath('Now:\n\n$$\n\\frac{1}{3}\n$$')).toMatchObject({ math: true, unclosed: false });
  });

  it('returns text without math as it is', () => {
    expect(normaliseMath('Plain **text** (with parens).')).toEqual({
      text: 'Plain **text** (with parens).',
      math: false,
      unclosed: false,
    });
  });
});
