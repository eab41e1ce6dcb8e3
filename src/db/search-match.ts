/** A message that matched the sidebar search: the entry to open, and the text around the first hit. */
export interface SearchSnippet {
  entryId: string;
  text: string;
}

/** A session that matched, with up to three of its matching messages (`MAX_SNIPPETS`, session-matcher.ts). */
export interface SessionMatch {
  sessionId: string;
  snippets: SearchSnippet[];
  /**
   * The session matches but its snippets are not read yet (a row below the first screen of a long result): they
   * are read when the row is shown (`searchSnippets`), and `snippets` is empty until then.
   */
  snippetsPending?: true;
}

/** A piece of snippet text, marked when it is a search term. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

/** How the search compares text: NFKC (full-width letters, compatibility forms) and lower case. */
export function normaliseForSearch(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

/**
 * The words of a query, normalised. Matching is by substring, so a CJK term (written without spaces) matches
 * inside a longer run: 天气 in 广州今天天气怎么样.
 */
export function searchTerms(query: string): string[] {
  return [...new Set(normaliseForSearch(query).split(/\s+/u).filter(Boolean))];
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/**
 * The text normalised one code point at a time, with where each normalised character came from, so a hit found
 * in the normalised text maps back to the original (NFKC may turn one character into several).
 */
function normalisedWithSources(text: string): { normalised: string; source: number[] } {
  // ASCII is its own NFKC form and lower-cases one character to one: the indices stay where they are.
  if (isAscii(text))
    return {
      normalised: normaliseForSearch(text),
      source: Array.from({ length: text.length + 1 }, (_, index) => index),
    };
  let normalised = '';
  const source: number[] = [];
  let index = 0;
  for (const char of text) {
    const folded = normaliseForSearch(char);
    normalised += folded;
    for (let i = 0; i < folded.length; i += 1) source.push(index);
    index += char.length;
  }
  source.push(text.length);
  return { normalised, source };
}

/** Where the terms occur in `text` (original indices), merged where they overlap, in order. */
export function findHits(text: string, terms: readonly string[]): Array<[start: number, end: number]> {
  if (terms.length === 0 || !text) return [];
  const { normalised, source } = normalisedWithSources(text);
  const hits: Array<[number, number]> = [];
  for (const term of terms) {
    for (let at = normalised.indexOf(term); at >= 0; at = normalised.indexOf(term, at + term.length)) {
      const start = source[at] ?? 0;
      const lastSource = source[at + term.length - 1] ?? start;
      // The end is past the original character the term's last normalised character came from.
      const end = source.find((value) => value > lastSource) ?? text.length;
      hits.push([start, end]);
    }
  }
  hits.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const hit of hits) {
    const last = merged.at(-1);
    if (last && hit[0] <= last[1]) last[1] = Math.max(last[1], hit[1]);
    else merged.push([...hit]);
  }
  return merged;
}

/** The snippet split into plain and matched parts, for <mark> (rendered as text, never as HTML). */
export function highlightParts(text: string, terms: readonly string[]): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const [start, end] of findHits(text, terms)) {
    if (start > at) parts.push({ text: text.slice(at, start), hit: false });
    parts.push({ text: text.slice(start, end), hit: true });
    at = end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), hit: false });
  return parts;
}

/** Whitespace collapsed, for comparing a normalised title with the normalised query. */
function collapsed(text: string): string {
  return text.trim().split(/\s+/u).join(' ');
}

/**
 * The sessions (newest first) in the order a search lists its matches: first those whose title is the query typed
 * in full (case, width and spacing aside), then the rest, newest first. So typing a session's title finds it on the
 * first row however many other sessions hold its words (`Conversation 1` among 1,111 `Conversation 1…` titles).
 * `normalisedTitle`: the session's title through {@link normaliseForSearch}.
 */
export function rankedByTitle<T>(sessions: readonly T[], normalisedTitle: (session: T) => string, query: string): T[] {
  const typed = collapsed(normaliseForSearch(query));
  if (!typed) return [...sessions];
  const titled: T[] = [];
  const rest: T[] = [];
  for (const session of sessions) (collapsed(normalisedTitle(session)) === typed ? titled : rest).push(session);
  return titled.length === 0 ? rest : [...titled, ...rest];
}
