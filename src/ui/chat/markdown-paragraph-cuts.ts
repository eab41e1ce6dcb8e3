/**
 * Where a growing paragraph may be cut so that only its last segment re-parses (see splitParagraphSegments). Loaded
 * with the Markdown renderer (markdown-renderer.tsx), not with the first page.
 */
/** Characters a finished segment has at least, so a growing paragraph re-parses at most this much per token. */
export const SEGMENT_MIN_CHARS = 1024;

const BACKTICK = 0x60;
const ASTERISK = 0x2a;
const UNDERSCORE = 0x5f;
const TILDE = 0x7e;
const DOLLAR = 0x24;
const SPACE = 0x20;
const BACKSLASH = 0x5c;
const AMPERSAND = 0x26;
const LETTER = /\p{L}/u;
/** Characters back from a cut inside a word that must hold no `&` (an entity such as `&amp;` is never cut). */
const ENTITY_CHARS = 40;
/** Characters of its word before a cut inside it: a link's scheme or `www.` would have shown by then. */
const WORD_CHARS = 64;

/** Parity bits of the delimiter runs that open and close alike (`**` opens once, like `*`). */
const PARITY_BITS = new Uint8Array(128);
PARITY_BITS.set([1], BACKTICK);
PARITY_BITS.set([2], ASTERISK);
PARITY_BITS.set([4], UNDERSCORE);
PARITY_BITS.set([8], TILDE);
PARITY_BITS.set([16], DOLLAR);
const BITS = [1, 2, 4, 8, 16];
const OPENERS = new Set([0x28, 0x5b, 0x3c]); // ( [ <
const CLOSERS = new Set([0x29, 0x5d, 0x3e]); // ) ] >
/** Characters after which a word may be a link (`https:`, `a@b`, `www.`, a path): such a word is never cut inside. */
const LINKISH = new Set([0x3a, 0x40, 0x2e, 0x2f]); // : @ . /

const isAsciiAlnum = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
const isAsciiLetter = (code: number): boolean => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/** What the scan of a paragraph knows at a position: open delimiters, brackets, the current word. */
interface ScanState {
  parity: number;
  /** Where each parity bit last became odd. */
  openedAt: Record<number, number>;
  depth: number;
  /** Where the depth last went from 0 to 1. */
  depthSince: number;
  lastAmpersand: number;
  /** Where the current word began (after the last space). */
  wordStart: number;
  /** The word since the last space holds a character a link could have (see LINKISH). */
  linkish: boolean;
}

/** Counts the character at `index` into the state; returns how many characters it took (2 for an escape). */
function scan(text: string, index: number, state: ScanState): number {
  const code = text.charCodeAt(index);
  // An escaped character is literal: neither it nor the backslash opens anything.
  if (code === BACKSLASH) return 2;
  const bit = code < 128 ? (PARITY_BITS[code] ?? 0) : 0;
  if (bit !== 0 && code !== text.charCodeAt(index - 1)) {
    state.parity ^= bit;
    state.openedAt[bit] = index;
  } else if (OPENERS.has(code)) {
    if (state.depth === 0) state.depthSince = index;
    state.depth += 1;
  }
  // A closer without its opener is literal, and no later opener can pair with it.
  else if (CLOSERS.has(code)) state.depth = Math.max(0, state.depth - 1);
  else if (code === AMPERSAND) state.lastAmpersand = index;
  else if (code === SPACE) {
    state.linkish = false;
    state.wordStart = index + 1;
  }
  if (LINKISH.has(code)) state.linkish = true;
  return 1;
}

/**
 * A delimiter or bracket open for more than `2 × minChars` characters is taken as literal from then on (a model's
 * stray `*`, `~` or `(` would otherwise keep the rest of the paragraph whole): emphasis or a link that long may then
 * show its markers while it streams; the finished message is parsed whole.
 */
function expire(state: ScanState, index: number, minChars: number): void {
  if (state.parity === 0 && state.depth === 0) return;
  for (const bit of BITS) {
    if (state.parity & bit && index - (state.openedAt[bit] ?? index) > 2 * minChars) state.parity ^= bit;
  }
  if (state.depth > 0 && index - state.depthSince > 2 * minChars) state.depth = 0;
}

/** Whether a segment may end just before `index`: at a space (dropped from neither segment) or inside a long word. */
function cutsAt(text: string, index: number, length: number, minChars: number, state: ScanState): boolean {
  if (state.parity !== 0 || state.depth !== 0 || length < minChars) return false;
  const code = text.charCodeAt(index);
  const previous = text.charCodeAt(index - 1);
  if (code === SPACE) return previous !== SPACE && previous !== BACKSLASH && LETTER.test(text[index + 1] ?? '');
  // Inside a word only after WORD_CHARS of it (prose has a space before), between two ASCII letters or digits (so
  // no delimiter touches the cut and a segment never starts a list with a digit), away from an entity, never in a link.
  return (
    isAsciiLetter(code) &&
    isAsciiAlnum(previous) &&
    !state.linkish &&
    index - state.wordStart >= WORD_CHARS &&
    index - state.lastAmpersand > ENTITY_CHARS
  );
}

/**
 * Cuts a long single-line paragraph (the growing tail of a streamed answer) into segments that parse the same alone
 * as together, so only the last segment re-parses as tokens arrive. A cut is made once the segment has `minChars`
 * characters, only where every inline construct in it is closed (even numbers of runs of backticks, `*`, `_`, `~`
 * and `$`; brackets, parentheses and angle brackets balanced; escaped characters not counted; see `expire` for ones
 * left open): at a space before a letter, which cannot start a block, or between two ASCII letters or digits of a
 * long word that cannot be a link (a model may write thousands of characters without a space). Cuts depend only on
 * the text before them, so they stay put while the paragraph grows. Anything other than a plain one-line paragraph
 * comes back whole. The segments join back to the text: the space at a cut ends the segment before it (the parser
 * drops it there; the renderer puts it back).
 */
export function splitParagraphSegments(text: string, minChars = SEGMENT_MIN_CHARS): string[] {
  if (text.length < minChars * 2 || !LETTER.test(text.slice(0, 2))) return [text];
  const newline = text.indexOf('\n');
  if (newline !== -1 && newline < text.trimEnd().length) return [text];
  const segments: string[] = [];
  let start = 0;
  const state: ScanState = {
    parity: 0,
    openedAt: {},
    depth: 0,
    depthSince: 0,
    lastAmpersand: Number.NEGATIVE_INFINITY,
    wordStart: 0,
    linkish: false,
  };
  for (let index = 0; index < text.length;) {
    expire(state, index, minChars);
    if (index > start && cutsAt(text, index, index - start, minChars, state)) {
      const end = text.charCodeAt(index) === SPACE ? index + 1 : index;
      segments.push(text.slice(start, end));
      start = end;
    }
    index += scan(text, index, state);
  }
  segments.push(text.slice(start));
  return segments;
}
