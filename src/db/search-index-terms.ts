// The terms of the sessions' full-text index, shared by the code that writes it (search-index.ts) and the code that
// queries it (search-query.ts): a message's terms, a one-character prefix's initial term, and a query word's tokens.
import { CJK_SCRIPTS, tokenizeForSearch } from '../context/search-tokens.ts';

const CJK_TOKEN = new RegExp(`^[${CJK_SCRIPTS}]`, 'u');

/** Below this code point no character is CJK (the first such script, Hangul Jamo, starts here): no pattern test. */
const FIRST_CJK_CODE_POINT = 0x1100;

export function isCjkToken(token: string): boolean {
  return (token.codePointAt(0) ?? 0) >= FIRST_CJK_CODE_POINT && CJK_TOKEN.test(token);
}

/**
 * The term under which a session is listed for every word of its messages that starts with this one character: a
 * one-letter prefix (`a`, `1`, the first key typed) reads its rows instead of every row of every term it starts
 * (1,925 rows under `1` in 150,000 messages). The control character never starts a token, so no prefix reaches it.
 */
export function initialTerm(character: string): string {
  return `\u0001${character}`;
}

export function firstCharacter(token: string): string {
  return String.fromCodePoint(token.codePointAt(0) ?? 0);
}

/**
 * The text the index reads from a message's content: the content itself when it is a string, nothing otherwise. A
 * tool result holding JSON is indexed as the text it is (the tokenizer is a flat pass over the string), never
 * walked as a value, so however deeply it nests no walk recurses into it.
 */
export function indexedText(content: unknown): string {
  return typeof content === 'string' ? content : '';
}

/** The distinct tokens of a message's text (none for content that is not text). */
export function messageTokens(content: unknown): Set<string> {
  const text = indexedText(content);
  return new Set(text ? tokenizeForSearch(text) : []);
}

/**
 * The distinct index terms of a message's text: its tokens, and the {@link initialTerm} of each word a prefix can
 * reach (CJK tokens are terms of their own, never looked up by prefix).
 */
export function messageTerms(content: unknown): Set<string> {
  const terms = messageTokens(content);
  for (const token of [...terms]) if (!isCjkToken(token)) terms.add(initialTerm(firstCharacter(token)));
  return terms;
}

/** A token of a query word as the index answers it: whole, or (the last, still being typed) as a prefix. */
export interface QueryToken {
  token: string;
  prefix: boolean;
}

/**
 * What a query word needs from the index: each of its tokens must be a term of the session, the last one (still
 * being typed) as a prefix of a term. A CJK token needs no prefix: every character and pair is a term of its own.
 */
export function queryTokens(term: string): QueryToken[] {
  const tokens = [...new Set(tokenizeForSearch(term))];
  const last = tokens.at(-1);
  return tokens.map((token) => ({ token, prefix: token === last && !isCjkToken(token) }));
}
