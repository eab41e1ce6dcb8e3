/** Characters a finished segment has at least, so a growing paragraph re-parses at most this much per token. */
export const SEGMENT_MIN_CHARS = 1024;

const BACKTICK = 0x60;
const ASTERISK = 0x2a;
const UNDERSCORE = 0x5f;
const TILDE = 0x7e;
const DOLLAR = 0x24;
const SPACE = 0x20;
const BACKSLASH = 0x5c;
const LETTER = /\p{L}/u;

/**
 * Cuts a long single-line paragraph (the growing tail of a streamed answer) into segments that parse the same alone
 * as together, so only the last segment re-parses as tokens arrive. A cut is made at a space once the segment has
 * `minChars` characters, only where every inline construct in it is closed (even numbers of runs of backticks, `*`,
 * `_`, `~` and `$`; brackets, parentheses and angle brackets balanced; no escape pending) and the next character is a letter,
 * which cannot start a block. Cuts depend only on the text before them, so they stay put while the paragraph grows.
 * Anything other than a plain one-line paragraph comes back whole. The space at each cut is in neither segment.
 */
export function splitParagraphSegments(text: string, minChars = SEGMENT_MIN_CHARS): string[] {
  if (text.length < minChars * 2 || !LETTER.test(text.slice(0, 2))) return [text];
  const newline = text.indexOf('\n');
  if (newline !== -1 && newline < text.trimEnd().length) return [text];
  const segments: string[] = [];
  let start = 0;
  // Parity bits of backticks, asterisks, underscores and tildes; depths of (), [] and <>.
  let parity = 0;
  let depth = 0;
  let unbalanced = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === SPACE && parity === 0 && depth === 0 && !unbalanced && index - start >= minChars) {
      const next = text[index + 1] ?? '';
      const previous = text.charCodeAt(index - 1);
      if (previous !== SPACE && previous !== BACKSLASH && LETTER.test(next)) {
        segments.push(text.slice(start, index));
        start = index + 1;
        continue;
      }
    }
    // Delimiters count by run (`**` opens once, like `*`): an even number of runs leaves nothing open.
    const sameRun = code === text.charCodeAt(index - 1);
    switch (code) {
      case BACKTICK:
        if (!sameRun) parity ^= 1;
        break;
      case ASTERISK:
        if (!sameRun) parity ^= 2;
        break;
      case UNDERSCORE:
        if (!sameRun) parity ^= 4;
        break;
      case TILDE:
        if (!sameRun) parity ^= 8;
        break;
      case DOLLAR: // math: `$$…$$` (after normalisation) is never cut
        if (!sameRun) parity ^= 16;
        break;
      case 0x28: // (
      case 0x5b: // [
      case 0x3c: // <
        depth += 1;
        break;
      case 0x29: // )
      case 0x5d: // ]
      case 0x3e: // >
        depth -= 1;
        // A closer without its opener: this paragraph is left whole from here on.
        if (depth < 0) unbalanced = true;
        break;
      default:
        break;
    }
  }
  segments.push(text.slice(start));
  return segments;
}

// A line of plain prose: starts with a letter, then letters, digits, spaces and punctuation that no Markdown or GFM
// construct can begin with (no `* _ ` ~ [ ] < > # | \ & : @`).
const PLAIN_LINE = /^\p{L}[\p{L}\p{N} ,.;?!'"()/%+=-]*$/u;
const AUTOLINK_WWW = /www\./i;

/**
 * The paragraphs of text that contains no Markdown syntax at all, or null when it may contain some. Such text
 * renders exactly as the parser would render it (one `<p>` per paragraph, lines joined by soft breaks, trailing
 * spaces of a paragraph dropped), so it needs neither the parser nor its chunk. Trailing spaces inside a paragraph
 * (two make a hard break) leave the text to the parser.
 */
export function plainParagraphs(text: string): string[] | null {
  if (AUTOLINK_WWW.test(text)) return null;
  const lines = text.split('\n');
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (line === '') {
      if (current.length > 0) paragraphs.push(current.join('\n'));
      current = [];
      continue;
    }
    if (!PLAIN_LINE.test(line)) return null;
    const endsParagraph = index === lines.length - 1 || lines[index + 1] === '';
    if (line.endsWith(' ') && !endsParagraph) return null;
    current.push(endsParagraph ? line.trimEnd() : line);
  }
  if (current.length > 0) paragraphs.push(current.join('\n'));
  return paragraphs;
}
