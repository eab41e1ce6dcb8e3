/** Minimal view of response headers: a `Headers` object or anything with `get`. */
export interface HeaderSource {
  get(name: string): string | null;
}

const UNIT_MS: Record<string, number> = {
  ms: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
};

/** Reads `retry-after-ms` (Azure) or `retry-after` (seconds or an HTTP date) into milliseconds. */
export function retryAfterFromHeaders(headers: HeaderSource | undefined, now: number): number | undefined {
  if (!headers) return undefined;
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && milliseconds.trim() !== '') {
    const value = Number(milliseconds);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const retryAfter = headers.get('retry-after')?.trim();
  if (!retryAfter) return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number(retryAfter) * 1000);
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Go-style durations as Groq writes them: `50.597s`, `1m30.5s`, `2h3m`, `120ms`. */
function parseCompactDuration(text: string): number | undefined {
  const pattern = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index !== consumed) return undefined;
    total += Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? 0);
    consumed += match[0].length;
  }
  return consumed === text.length && consumed > 0 ? total : undefined;
}

/**
 * Finds a wait stated in prose: "Please try again in 50.597142857s" (Groq), "Please retry after 86400
 * seconds" (Azure), "try again in 1m30s", "retry in 20 seconds", "Please retry in 37.5s" (Gemini).
 */
export function retryAfterFromMessage(message: string | undefined): number | undefined {
  if (!message) return undefined;
  const lead = /\b(?:try again|retry)\s+(?:in|after)\s+(?:about\s+|approximately\s+|~)?/gi;
  for (const match of message.matchAll(lead)) {
    const rest = message.slice((match.index ?? 0) + match[0].length);
    const compact = /^[\d.hms]+/.exec(rest)?.[0]?.replace(/\.+$/, '');
    const compactMs = compact === undefined ? undefined : parseCompactDuration(compact);
    if (compactMs !== undefined) return Math.round(compactMs);
    const spelled = /^(\d+(?:\.\d+)?)\s*([a-z]+)/i.exec(rest);
    const unit = spelled?.[2]?.toLowerCase();
    if (spelled && unit !== undefined && UNIT_MS[unit] !== undefined) {
      return Math.round(Number(spelled[1]) * UNIT_MS[unit]);
    }
  }
  return undefined;
}
