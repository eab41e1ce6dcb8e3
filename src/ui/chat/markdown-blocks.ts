const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
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
      const close = line.match(/^ {0,3}(`{3,}|~{3,})[ \t]*$/);
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
