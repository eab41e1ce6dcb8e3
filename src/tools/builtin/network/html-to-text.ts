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
};

/** Turns an HTML fragment (e.g. a search snippet) into plain text: tags removed, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => decodeEntity(name) ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

function decodeEntity(name: string): string | undefined {
  if (name[0] === '#') {
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return NAMED_ENTITIES[name.toLowerCase()];
}

/** Shortens text to at most `maxChars`, cutting at the last sentence end (or word) before the limit, with an ellipsis. */
export function shortenText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  const sentenceEnd = Math.max(
    head.lastIndexOf('. '),
    head.lastIndexOf('。'),
    head.lastIndexOf('! '),
    head.lastIndexOf('? '),
  );
  if (sentenceEnd > maxChars / 2) return head.slice(0, sentenceEnd + 1);
  const space = head.lastIndexOf(' ');
  return `${(space > maxChars / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
