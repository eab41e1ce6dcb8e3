// Matching a session's messages against the search terms, with the snippets of the first matching ones: what a
// search runs (search-query.ts, the in-memory storage), not what the sidebar needs to show its results, so it
// stays off the first load.
import { findHits, normaliseForSearch, type SearchSnippet, type SessionMatch } from './search-match.ts';

export const MAX_SNIPPETS = 3;
/** Characters kept either side of the first hit. */
export const SNIPPET_RADIUS = 40;

/**
 * The text around the first hit of any term, ±{@link SNIPPET_RADIUS} characters, whitespace collapsed, with "…"
 * where it was cut; undefined when no term occurs.
 */
export function snippetAround(content: string, terms: readonly string[], radius = SNIPPET_RADIUS): string | undefined {
  const text = content.replace(/\s+/gu, ' ').trim();
  const first = findHits(text, terms)[0];
  if (!first) return undefined;
  let start = Math.max(0, first[0] - radius);
  let end = Math.min(text.length, first[1] + radius);
  // Never split a surrogate pair.
  if (start > 0 && /[\uDC00-\uDFFF]/u.test(text[start] ?? '')) start -= 1;
  if (end < text.length && /[\uD800-\uDBFF]/u.test(text[end - 1] ?? '')) end += 1;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** Matches one session, message by message (so a storage cursor can stop reading once it is settled). */
export interface SessionMatcher {
  /**
   * Looks at one message; false once more messages cannot change the result. Only user and assistant messages
   * give snippets (a tool result is shown inside its call, not as a message of its own); every message matches.
   */
  offer(id: string, content: unknown, role: string): boolean;
  /** The match, or undefined when some term occurs neither in the title nor in the messages offered. */
  result(): SessionMatch | undefined;
}

/**
 * Every term must occur in the session's title or its messages; the snippets are the first `maxSnippets`
 * ({@link MAX_SNIPPETS}) messages that contain a term. With `maxSnippets` 0 it only decides whether the session
 * matches, and is settled at the first messages that contain every term.
 */
export function sessionMatcher(
  sessionId: string,
  title: string,
  terms: readonly string[],
  maxSnippets = MAX_SNIPPETS,
): SessionMatcher {
  const titleText = normaliseForSearch(title);
  const missing = new Set(terms.filter((term) => !titleText.includes(term)));
  const snippets: SearchSnippet[] = [];
  const settled = () => missing.size === 0 && snippets.length >= maxSnippets;
  return {
    offer(id, content, role) {
      if (settled()) return false;
      if (typeof content !== 'string' || !content) return true;
      const text = normaliseForSearch(content);
      let hit = false;
      for (const term of terms) {
        if (!text.includes(term)) continue;
        hit = true;
        missing.delete(term);
      }
      if (hit && snippets.length < maxSnippets && (role === 'user' || role === 'assistant')) {
        const snippet = snippetAround(content, terms);
        if (snippet) snippets.push({ entryId: id, text: snippet });
      }
      return !settled();
    },
    result: () => (missing.size === 0 ? { sessionId, snippets } : undefined),
  };
}

/** {@link sessionMatcher} over all of a session's messages at once. */
export function matchSession(
  sessionId: string,
  title: string,
  messages: Iterable<{ id: string; content: unknown; role: string }>,
  terms: readonly string[],
): SessionMatch | undefined {
  const matcher = sessionMatcher(sessionId, title, terms);
  for (const message of messages) if (!matcher.offer(message.id, message.content, message.role)) break;
  return matcher.result();
}
