import type { z } from 'zod';

// Keys that could reach an object's prototype if a later step copied them with assignment.
const DROPPED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// A key can only be one of those if its quoted name, or a \u escape that could spell it, is in the text.
const MAY_HOLD_DROPPED_KEY = /"(?:__proto__|constructor|prototype)"|\\u/;

/**
 * Parses untrusted JSON, dropping `__proto__`, `constructor` and `prototype` keys wherever they appear. A failure
 * gives the parser's reason (its own English, e.g. `Unexpected end of JSON input`) for the caller's sentence.
 */
export function parseUntrustedJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    // A reviver makes parsing several times slower: it is needed only when such a key can be in the text.
    const value: unknown = MAY_HOLD_DROPPED_KEY.test(text)
      ? JSON.parse(text, (key, nested: unknown) => (DROPPED_KEYS.has(key) ? undefined : nested))
      : JSON.parse(text);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** A zod issue path as dotted text: `messages.4.message.role`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}

/** A zod issue as `path: what is wrong`, without zod's generic prefixes. */
export function formatIssue(issue: z.core.$ZodIssue, prefixPath: readonly PropertyKey[] = []): string {
  const path = formatIssuePath([...prefixPath, ...issue.path]);
  const message = issue.message.replace(
    /^(Invalid input|Invalid option|Too big|Too small|Invalid discriminator value)[:.]\s*/i,
    '',
  );
  const text =
    issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator'
      ? `${message.replace(/^Expected /, 'expected one of ')}`
      : message;
  return path ? `${path}: ${text}` : text;
}

/** The first issue of a failed parse, plus how many more there were. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], prefixPath: readonly PropertyKey[] = []): string {
  const first = issues[0];
  if (!first) return 'invalid data';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return `${formatIssue(first, prefixPath)}${more}`;
}

/** A short, quoted label for untrusted text in an error message. */
export function quoteLabel(value: unknown, maxLength = 40): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  const flat = value.replace(/\s+/g, ' ').trim();
  return ` ("${flat.length > maxLength ? `${flat.slice(0, maxLength)}…` : flat}")`;
}
