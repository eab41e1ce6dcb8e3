/**
 * The answer check's quotations: a quotation of the answer that a tool returned in other words (most of its words
 * match, not all). Part of the deterministic check in ./answer-facts.ts.
 */

/** A quotation of the answer and the tool's wording of it. */
export interface QuoteContradiction {
  kind: 'quote';
  claim: string;
  expected: string;
  tool: string;
}

const QUOTES = /"([^"\n]{3,400})"|“([^”\n]{3,400})”|«([^»\n]{3,400})»|「([^」\n]{3,400})」|『([^』\n]{3,400})』/gu;
const MIN_QUOTE_TOKENS = 4;
const MIN_SIMILARITY = 0.7;

/** Words (Latin, digits) and single CJK characters, lowercased: what two wordings are compared by. */
export function quoteTokens(text: string): string[] {
  return [...text.toLowerCase().matchAll(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu)].map(
    (match) => match[0],
  );
}

/** A quotation of the answer that a tool returned in other words: most of it matches, but not all. */
export function quoteContradictions(
  answer: string,
  evidence: readonly { tool: string; result: string }[],
  supportText: string,
): QuoteContradiction[] {
  const supportTokens = quoteTokens(supportText).join(' ');
  const found: QuoteContradiction[] = [];
  for (const match of answer.matchAll(QUOTES)) {
    const quote = match.slice(1).find((group) => group !== undefined) ?? '';
    const tokens = quoteTokens(quote);
    if (tokens.length < MIN_QUOTE_TOKENS || ` ${supportTokens} `.includes(` ${tokens.join(' ')} `)) continue;
    for (const item of evidence) {
      const closest = closestWindow(tokens, quoteTokens(item.result));
      if (closest && closest.similarity >= MIN_SIMILARITY) {
        found.push({ kind: 'quote', claim: `“${quote}”`, expected: `“${closest.text}”`, tool: item.tool });
        break;
      }
    }
  }
  return found;
}

/** The stretch of `source` most like `quote` (longest common subsequence over the quote's length). */
function closestWindow(
  quote: readonly string[],
  source: readonly string[],
): { similarity: number; text: string } | undefined {
  const starts = new Set(quote.slice(0, 3));
  let best: { similarity: number; text: string } | undefined;
  for (let start = 0; start < source.length; start += 1) {
    if (!starts.has(source[start] as string)) continue;
    const window = source.slice(start, start + quote.length + 2);
    const similarity = commonSubsequence(quote, window) / quote.length;
    if (!best || similarity > best.similarity) {
      const joiner = window.some((token) => /^[\p{L}\p{N}]{2,}|^[a-z0-9]$/u.test(token)) ? ' ' : '';
      best = { similarity, text: window.slice(0, quote.length).join(joiner) };
    }
  }
  return best;
}

function commonSubsequence(a: readonly string[], b: readonly string[]): number {
  let previous: number[] = Array.from({ length: b.length + 1 }, () => 0);
  for (const token of a) {
    const current: number[] = Array.from({ length: b.length + 1 }, () => 0);
    for (let index = 0; index < b.length; index += 1) {
      current[index + 1] =
        token === b[index]
          ? (previous[index] as number) + 1
          : Math.max(previous[index + 1] as number, current[index] as number);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
