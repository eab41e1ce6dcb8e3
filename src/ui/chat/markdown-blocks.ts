import { plainParagraphs } from './markdown-segments.ts';

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const BLANK = /^[ \t]*$/;
const INDENTED = /^[ \t]/;

/**
 * Splits Markdown into top-level blocks that parse the same alone as together: a boundary is a
 * blank line (outside fenced code) followed by an unindented line. While a message streams, every
 * block but the last is finished and never changes, so only the tail needs parsing per token.
 */
export function splitMarkdownBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: { marker: string; length: number } | null = null;
  let previousBlank = false;

  for (const line of lines) {
    if (fence) {
      current.push(line);
      const close = line.match(FENCE_CLOSE);
      if (close?.[1] && close[1][0] === fence.marker && close[1].length >= fence.length) fence = null;
      previousBlank = false;
      continue;
    }
    const blank = BLANK.test(line);
    if (!blank && previousBlank && !INDENTED.test(line) && current.some((l) => !BLANK.test(l))) {
      blocks.push(current.join('\n'));
      current = [];
    }
    current.push(line);
    const open = line.match(FENCE_OPEN);
    if (open?.[1]) {
      // A backtick fence whose info string holds a backtick is not a fence (CommonMark).
      const marker = open[1][0] ?? '`';
      const info = line.slice(line.indexOf(open[1]) + open[1].length);
      if (!(marker === '`' && info.includes('`'))) fence = { marker, length: open[1].length };
    }
    previousBlank = blank;
  }
  blocks.push(current.join('\n'));
  return blocks;
}

// The first line of a fenced code block whose info string is at most one plain language word.
const SIMPLE_FENCE_OPEN = /^(`{3,}|~{3,})[ \t]*([\w#+.-]*)[ \t]*$/;

/**
 * A block that is exactly one closed fenced code block, unindented, with at most a plain language word after its
 * fence: its code and language as the parser would give them (the lines between the fences, taken literally), else
 * null (anything else is left to the parser).
 */
export function fencedCode(block: string): { code: string; language: string | undefined } | null {
  if (block.includes('\0') || block.includes('\r')) return null;
  const lines = block.split('\n');
  while (lines.length > 0 && BLANK.test(lines[lines.length - 1] as string)) lines.pop();
  const open = (lines[0] ?? '').match(SIMPLE_FENCE_OPEN);
  const fence = open?.[1];
  if (!fence || lines.length < 2) return null;
  const closes = (line: string): boolean => {
    const close = line.match(FENCE_CLOSE)?.[1];
    return close !== undefined && close[0] === fence[0] && close.length >= fence.length;
  };
  const inner = lines.slice(1, -1);
  if (!closes(lines[lines.length - 1] as string) || inner.some(closes)) return null;
  return { code: inner.join('\n'), language: open[2] ? open[2] : undefined };
}

/** Characters that can tie blocks together outside code: see finishedBlocks. */
const JOINING = /[[<$\\]/u;

/**
 * The blocks of a finished message: its plain paragraphs and simple fenced code blocks each alone (they render
 * without the parser), everything between them kept together as written, so lists, tables and quotes parse as one.
 * Text with `[` (link references and footnotes join distant blocks), `<` (HTML blocks may span blank lines), `$` (math
 * blocks may too) or `\` outside its simple fenced code blocks stays whole; inside code they are only text.
 */
export function finishedBlocks(text: string): string[] {
  const split = splitMarkdownBlocks(text);
  const fences = split.map((block) => fencedCode(block));
  if (JOINING.test(text) && split.some((block, index) => fences[index] === null && JOINING.test(block))) return [text];
  const blocks: string[] = [];
  let between: string[] = [];
  split.forEach((block, index) => {
    if (fences[index] === null && plainParagraphs(block) === null) {
      between.push(block);
      return;
    }
    if (between.length > 0) blocks.push(between.join('\n'));
    between = [];
    blocks.push(block);
  });
  if (between.length > 0) blocks.push(between.join('\n'));
  return blocks;
}
