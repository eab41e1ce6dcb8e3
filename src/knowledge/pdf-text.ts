// A PDF page's text items (pdf.js `getTextContent`, in content order) into paragraphs: items make lines (at pdf.js's
// end-of-line marks or where the baseline moves), lines make paragraphs (a gap well over the line height ends one).
// Lines join with a space, except a word hyphenated at the line end (`spe-` + `cialization`) and CJK text, which
// has no spaces between words. Two columns come in content order, column after column, as pdfTeX writes them.

/** The parts of a pdf.js text item this reads. */
export interface PdfTextItem {
  str: string;
  hasEOL?: boolean;
  transform?: number[];
  height?: number;
}

interface Line {
  text: string;
  y: number;
  height: number;
}

const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]$/u;
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const HYPHENATED = /\p{L}-$/u;
const LOWER_START = /^\p{Ll}/u;
/** A gap between baselines above this many line heights ends a paragraph. */
const PARAGRAPH_GAP = 1.6;

/** How a line joins a paragraph ending in `end` (its last three characters): dropping the hyphen, directly, or with a space. */
function joint(end: string, after: string): 'hyphen' | '' | ' ' {
  if (HYPHENATED.test(end) && LOWER_START.test(after)) return 'hyphen';
  if (CJK_END.test(end) && CJK_START.test(after)) return '';
  return ' ';
}

/** Joins two lines of one paragraph. */
export function joinLines(before: string, after: string): string {
  if (!before) return after;
  if (!after) return before;
  const how = joint(before.slice(-3), after);
  return how === 'hyphen' ? before.slice(0, -1) + after : before + how + after;
}

/**
 * A paragraph built line by line as `joinLines` would, in parts joined once at the end. The joint is tested on the
 * last line's end, not the paragraph's: reading the growing string's end makes V8 flatten it at every line (a copy
 * of the paragraph per line, a third of the time taken from pdf.js's items to paragraphs). The two ends agree: the
 * tests read at most two characters (a letter and a hyphen, or one CJK character), and a one-character line
 * follows a space unless it is a lowercase letter after a hyphen, which neither test looks for.
 */
class Paragraph {
  private parts: string[] = [];
  private last = '';

  add(line: string): void {
    if (!line) return;
    if (this.parts.length > 0) {
      const how = joint(this.last.slice(-3), line);
      const end = this.parts.length - 1;
      if (how === 'hyphen') this.parts[end] = (this.parts[end] as string).slice(0, -1);
      else this.parts.push(how);
    }
    this.parts.push(line);
    this.last = line;
  }

  /** The paragraph so far, and a fresh start. */
  take(): string {
    const text = this.parts.join('');
    this.parts = [];
    this.last = '';
    return text;
  }
}

function itemLines(items: readonly PdfTextItem[]): Line[] {
  const lines: Line[] = [];
  let text = '';
  let y = 0;
  let height = 0;
  const close = () => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (trimmed) lines.push({ text: trimmed, y, height });
    text = '';
  };
  for (const item of items) {
    const itemY = item.transform?.[5] ?? y;
    const itemHeight = Math.abs(item.transform?.[3] ?? 0) || item.height || height || 10;
    if (item.str) {
      // No end-of-line mark but the baseline moved by half a line: a new line all the same.
      if (text && Math.abs(itemY - y) > Math.max(itemHeight, height) / 2) close();
      if (!text) {
        y = itemY;
        height = itemHeight;
      }
      text += item.str;
    }
    if (item.hasEOL) close();
  }
  close();
  return lines;
}

/** The paragraphs of one page, in content order. */
export function pageParagraphs(items: readonly PdfTextItem[]): string[] {
  const paragraphs: string[] = [];
  const paragraph = new Paragraph();
  let previous: Line | undefined;
  for (const line of itemLines(items)) {
    const gap = previous ? previous.y - line.y : 0;
    if (previous && gap > PARAGRAPH_GAP * Math.max(previous.height, line.height)) paragraphs.push(paragraph.take());
    paragraph.add(line.text);
    previous = line;
  }
  const last = paragraph.take();
  if (last) paragraphs.push(last);
  return paragraphs;
}
