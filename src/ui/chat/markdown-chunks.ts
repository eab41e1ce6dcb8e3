import { splitMarkdownBlocks } from './markdown-blocks.ts';

/** Characters past which an answer opens as plain text (the reader can switch) and renders in lazy sections. */
export const LARGE_TEXT_CHARS = 100_000;

/** Characters a plain-text chunk or a Markdown section has at least (the last one may have fewer). */
export const CHUNK_CHARS = 16_384;

/**
 * Cuts text into chunks for the plain-text view: each chunk ends with a line break found after `size` characters
 * (the break stays in it), or, in a line longer than `size` more, at `2 × size` characters. Cuts depend only on the
 * text before them, so while an answer streams every chunk but the last stays the same string.
 */
export function plainChunks(text: string, size = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    const newline = text.indexOf('\n', start + size);
    let end: number;
    if (newline !== -1 && newline < start + 2 * size) end = newline + 1;
    else if (text.length >= start + 2 * size) end = start + 2 * size;
    else break;
    chunks.push(text.slice(start, end));
    start = end;
  }
  chunks.push(text.slice(start));
  return chunks;
}

/** Consecutive blocks joined into sections of at least `size` characters, joined as they were in the text. */
export function groupSections(blocks: readonly string[], size = CHUNK_CHARS): string[][] {
  const sections: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const block of blocks) {
    current.push(block);
    length += block.length + 1;
    if (length >= size) {
      sections.push(current);
      current = [];
      length = 0;
    }
  }
  if (current.length > 0 || sections.length === 0) sections.push(current);
  return sections;
}

/**
 * splitMarkdownBlocks for a text that grows at its end (a streamed answer): the blocks before the last are kept and
 * only the text from the last block's start is split again, so a token costs the tail, not the whole answer.
 * A block boundary is never inside fenced code, so splitting from one gives the blocks a full split would.
 * Owned by one Markdown view; a text that does not extend the one before starts over.
 */
export function createBlockSplitter(): (text: string) => string[] {
  let done: string[] = [];
  // The finished blocks joined, with the line break after the last: the prefix every later text must start with.
  let prefix = '';
  return (text) => {
    if (!text.startsWith(prefix)) {
      done = [];
      prefix = '';
    }
    const tail = splitMarkdownBlocks(text.slice(prefix.length));
    const blocks = done.concat(tail);
    if (tail.length > 1) {
      const finished = tail.slice(0, -1);
      done = done.concat(finished);
      prefix += finished.join('\n') + '\n';
    }
    return blocks;
  };
}
