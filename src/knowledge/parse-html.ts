// HTML into paragraphs under their heading path, in the ingest worker. Workers have no DOMParser, so this is a small
// tag-aware reader rather than a full HTML parser: it splits the text at block-level tags, takes h1–h6 as headings,
// skips what is never read as text (head, script, style, template, svg, comments) and decodes character references.
// Only text comes out: nothing of the document is ever rendered as HTML. (DOCX goes through here too, via mammoth.)
import type { TextBlock } from './split-passages.ts';

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'body',
  'html',
  'title',
]);
const SKIPPED_TAGS = new Set(['head', 'script', 'style', 'template', 'svg', 'noscript', 'math', 'iframe', 'object']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  copy: '©',
  reg: '®',
  trade: '™',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  times: '×',
  deg: '°',
  shy: '',
  zwj: '\u200d',
  zwnj: '\u200c',
  euro: '€',
  pound: '£',
  yen: '¥',
};

/** Decodes numeric and the common named character references; an unknown name stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>|<\?[^>]*>|<(\/?)([a-zA-Z][\w:-]*)([^>]*)>|[^<]+|</g;

/** Reads the HTML text into paragraphs: block tags end one, `h1`–`h6` set the heading path. */
export function htmlBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const levels: string[] = [];
  let text = '';
  let heading: { level: number; text: string } | undefined;
  let skipping: string | undefined;
  let preformatted = 0;
  const flush = () => {
    const paragraph = text
      .replace(/[ \t\r\f\v\u00a0]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .trim();
    if (paragraph) blocks.push({ text: paragraph, headings: levels.filter(Boolean) });
    text = '';
  };
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName] = match;
    if (rawName === undefined) {
      if (skipping || token.startsWith('<!') || token.startsWith('<?')) continue;
      const decoded = decodeEntities(token);
      const piece = preformatted > 0 ? decoded : decoded.replace(/\s+/g, ' ');
      if (heading) heading.text += piece;
      else text += piece;
      continue;
    }
    const name = rawName.toLowerCase();
    if (skipping) {
      if (closing && name === skipping) skipping = undefined;
      continue;
    }
    if (SKIPPED_TAGS.has(name)) {
      if (!closing && !match[3]?.trimEnd().endsWith('/')) skipping = name;
      continue;
    }
    const headingLevel = /^h([1-6])$/.exec(name)?.[1];
    if (headingLevel) {
      if (!closing) {
        flush();
        heading = { level: Number(headingLevel), text: '' };
      } else if (heading) {
        levels.length = heading.level - 1;
        levels[heading.level - 1] = heading.text.replace(/\s+/g, ' ').trim();
        heading = undefined;
      }
      continue;
    }
    if (name === 'pre') preformatted = Math.max(0, preformatted + (closing ? -1 : 1));
    if (BLOCK_TAGS.has(name)) {
      if (heading) heading.text += ' ';
      else if (name === 'br') text += '\n';
      else if (name === 'td' || name === 'th') text += ' ';
      else flush();
    }
  }
  flush();
  return blocks;
}
