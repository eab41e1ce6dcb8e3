/** The languages the scripted demo answers in. */
export type DemoLanguage = 'en' | 'zh';

const CJK_PATTERN = /[\u3400-\u9fff\uf900-\ufaff]/u;
const CJK_GLOBAL = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/gu;

/** Chinese when the text contains any CJK ideograph, English otherwise. */
export function detectLanguage(text: string): DemoLanguage {
  return CJK_PATTERN.test(text) ? 'zh' : 'en';
}

/** Deterministic token estimate: CJK characters count one each, everything else about four characters a token. */
export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  const cjk = text.match(CJK_GLOBAL)?.length ?? 0;
  const rest = text.length - cjk;
  return cjk + Math.ceil(rest / 4);
}

/** Replaces full-width ASCII variants and ideographic spaces/punctuation with their ASCII forms. */
export function normaliseWidth(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0xff01 && code <= 0xff5e) out += String.fromCodePoint(code - 0xfee0);
    else if (code === 0x3000) out += ' ';
    else if (character === '。') out += '.';
    else if (character === '、') out += ',';
    else out += character;
  }
  return out;
}

/** Splits text into small word-ish pieces (a word with its trailing space, or one or two CJK characters) that join back to the input. */
export function splitIntoPieces(text: string): string[] {
  const pattern =
    /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]{1,2}|[^\s\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]+\s*|\s+/gu;
  return text.match(pattern) ?? [];
}

/** Splits a string into fragments of a few characters, cutting at arbitrary points as real servers do for tool arguments. */
export function splitIntoFragments(text: string, sizes: readonly number[] = [3, 7, 5, 4, 9, 6]): string[] {
  const fragments: string[] = [];
  let position = 0;
  let turn = 0;
  const characters = Array.from(text);
  while (position < characters.length) {
    const size = sizes[turn % sizes.length] ?? 5;
    fragments.push(characters.slice(position, position + size).join(''));
    position += size;
    turn += 1;
  }
  return fragments;
}

/** Cuts a string to at most `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/** Removes surrounding whitespace, quotes and trailing sentence punctuation. */
export function cleanPhrase(text: string): string {
  return text
    .trim()
    .replace(/^["'“”‘’「」『』《》\s:：,，]+/u, '')
    .replace(/["'“”‘’「」『』《》\s.。!！?？,，;；~～]+$/u, '')
    .trim();
}

/** A stable 32-bit FNV-1a hash as 8 hex digits, for deterministic ids. */
export function stableHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
