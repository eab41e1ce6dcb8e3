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
