/** Markdown with its math delimiters rewritten to the only ones the math parser is given (see {@link normaliseMath}). */
export interface NormalisedMath {
  text: string;
  /** The text holds math for the math parser (so its chunk is needed). */
  math: boolean;
  /** A `$$` is still open at the end (a streamed answer mid-formula): render as text until it closes. */
  unclosed: boolean;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const WHITESPACE = /\s/;
const DIGIT = /[0-9]/;

/** The index of the next blank line (a paragraph break) at or after `from`, or the text's length. */
function paragraphEnd(text: string, from: number): number {
  const match = /\n[ \t]*\n/.exec(text.slice(from));
  return match ? from + match.index : text.length;
}

function lineStartBefore(text: string, index: number): boolean {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*$/.test(text.slice(start, index));
}

function lineEndAfter(text: string, index: number): boolean {
  const end = text.indexOf('\n', index);
  return /^[ \t]*$/.test(text.slice(index, end === -1 ? text.length : end));
}

function indentBefore(text: string, index: number): string {
  return text.slice(text.lastIndexOf('\n', index - 1) + 1, index);
}

/** Math as the parser reads it: display form on lines of its own, else inline `$$…$$`. */
function mathOut(text: string, open: number, close: number, content: string): string {
  if (lineStartBefore(text, open) && lineEndAfter(text, close)) {
    const indent = indentBefore(text, open);
    return `$$\n${indent}${content.trim()}\n${indent}$$`;
  }
  return `$$${content}$$`;
}

/** The index of the closing single `$` for an opener at `open`, or -1 (Pandoc's rules, plus: no `$` in between). */
function singleDollarClose(text: string, open: number, limit: number): number {
  const next = text[open + 1] ?? '';
  if (next === '' || WHITESPACE.test(next)) return -1;
  for (let index = open + 1; index < limit; index += 1) {
    const char = text[index];
    if (char === '\\') {
      index += 1;
      continue;
    }
    if (char === '`') return -1;
    if (char !== '$') continue;
    // The next dollar decides: it closes only when it hugs the formula and is no currency ("$5 and $10").
    if (text[index + 1] === '$') return -1;
    if (WHITESPACE.test(text[index - 1] ?? ' ')) return -1;
    if (DIGIT.test(text[index + 1] ?? '')) return -1;
    return index;
  }
  return -1;
}

/**
 * Where the code span opening at `index` (a run of backticks) ends: after the first run of exactly as many backticks,
 * or right after the opening run when nothing closes it (the backticks are then literal).
 */
function codeSpanEnd(text: string, index: number): number {
  let run = 1;
  while (text[index + run] === '`') run += 1;
  const fence = '`'.repeat(run);
  let search = index + run;
  while ((search = text.indexOf(fence, search)) !== -1) {
    if (text[search + run] !== '`' && text[search - 1] !== '`') return search + run;
    while (text[search] === '`') search += 1;
  }
  return index + run;
}

interface Prose {
  text: string;
  math: boolean;
  unclosed: boolean;
}

/** Rewrites the math in prose (text outside fenced code); code spans are copied untouched. */
function normaliseProse(text: string): Prose {
  let out = '';
  let math = false;
  let unclosed = false;
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '`') {
      const end = codeSpanEnd(text, index);
      out += text.slice(index, end);
      index = end;
      continue;
    }
    if (char === '\\') {
      const next = text[index + 1];
      if (next === '(' || next === '[') {
        const closer = next === '(' ? '\\)' : '\\]';
        const close = text.indexOf(closer, index + 2);
        if (close !== -1 && close < paragraphEnd(text, index)) {
          const content = text.slice(index + 2, close);
          if (content.trim() !== '' && !content.includes('$$')) {
            out += next === '(' ? `$$${content}$$` : mathOut(text, index, close + 2, content);
            math = true;
            index = close + 2;
            continue;
          }
        }
      }
      // Any other escape (`\$` included) stays as written.
      out += text.slice(index, index + 2);
      index += 2;
      continue;
    }
    if (char === '$') {
      if (text[index + 1] === '$') {
        let run = 2;
        while (text[index + run] === '$') run += 1;
        const fence = '$'.repeat(run);
        const close = text.indexOf(fence, index + run);
        if (close === -1) {
          // An opening `$$` with no closer: a formula still streaming in (or a stray one).
          out += text.slice(index);
          math = true;
          unclosed = true;
          index = text.length;
          continue;
        }
        const content = text.slice(index + run, close);
        out +=
          content.includes('\n') || content.trim() === ''
            ? text.slice(index, close + run)
            : mathOut(text, index, close + run, content);
        math = true;
        index = close + run;
        continue;
      }
      const close = singleDollarClose(text, index, paragraphEnd(text, index));
      if (close !== -1) {
        out += `$$${text.slice(index + 1, close)}$$`;
        math = true;
        index = close + 1;
        continue;
      }
      out += '$';
      index += 1;
      continue;
    }
    out += char;
    index += 1;
  }
  return { text: out, math, unclosed };
}

/**
 * Rewrites the math of untrusted Markdown for a parser that knows only `$$…$$` (display on lines of their own,
 * inline elsewhere): `\(…\)` and `$…$` become inline `$$…$$`, `\[…\]` and a lone-line `$$…$$` become display math.
 * A single `$` is math only under Pandoc's rules (a non-space right after the opener and before the closer, no digit
 * after the closer, no other `$` in between), so currency such as "$5 and $10" stays text. Fenced code blocks and
 * code spans are left untouched; escaped `\$` stays a dollar. No formula crosses a blank line.
 */
export function normaliseMath(markdown: string): NormalisedMath {
  if (!markdown.includes('$') && !markdown.includes('\\(') && !markdown.includes('\\[')) {
    return { text: markdown, math: false, unclosed: false };
  }
  const lines = markdown.split('\n');
  const out: string[] = [];
  let prose: string[] = [];
  let math = false;
  let unclosed = false;
  let fence: { marker: string; length: number } | null = null;
  const flush = () => {
    if (prose.length === 0) return;
    const result = normaliseProse(prose.join('\n'));
    out.push(result.text);
    math ||= result.math;
    unclosed ||= result.unclosed;
    prose = [];
  };
  for (const line of lines) {
    if (fence) {
      out.push(line);
      const close = FENCE_CLOSE.exec(line);
      if (close?.[1] && close[1][0] === fence.marker && close[1].length >= fence.length) fence = null;
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    const marker = open?.[1]?.[0];
    if (open?.[1] && marker && !(marker === '`' && line.slice(line.indexOf(open[1]) + open[1].length).includes('`'))) {
      flush();
      out.push(line);
      fence = { marker, length: open[1].length };
      continue;
    }
    prose.push(line);
  }
  flush();
  return { text: out.join('\n'), math, unclosed };
}
