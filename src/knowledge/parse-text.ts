// Plain text and Markdown into paragraphs: text by blank lines; Markdown by blank lines and headings (ATX `#` and
// setext underlines), each paragraph under its heading path. Fenced code blocks stay whole and never make headings.
import type { TextBlock } from './split-passages.ts';

/** Plain text: one block per paragraph (lines separated by a blank line). */
export function textBlocks(text: string): TextBlock[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => ({ text: paragraph.trim() }))
    .filter((block) => block.text.length > 0);
}

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Tracks the heading path as headings of each level are met. */
class HeadingPath {
  private readonly levels: Array<string | undefined> = [];
  set(level: number, title: string): void {
    this.levels.length = level - 1;
    this.levels[level - 1] = title;
  }
  get current(): string[] {
    return this.levels.filter((title): title is string => Boolean(title));
  }
}

/** Markdown: paragraphs under their heading path (`['Install', 'Linux']`). */
export function markdownBlocks(markdown: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const path = new HeadingPath();
  let lines: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) blocks.push({ text, headings: path.current });
    lines = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      lines.push(line);
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      continue;
    }
    if (fenceMark) {
      flush();
      fence = fenceMark;
      lines.push(line);
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      flush();
      path.set(atx[1]!.length, atx[2]!.trim());
      continue;
    }
    const setext = SETEXT.exec(line);
    if (setext && lines.length === 1 && lines[0]!.trim()) {
      const title = lines[0]!.trim();
      lines = [];
      path.set(setext[1]![0] === '=' ? 1 : 2, title);
      continue;
    }
    if (!line.trim()) flush();
    else lines.push(line);
  }
  flush();
  return blocks;
}
