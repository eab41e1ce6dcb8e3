/**
 * The answer check's deterministic half: numbers, dates and quotations in an answer that contradict a tool result of
 * the run. It is conservative on purpose — it flags a claim only when the evidence holds a near twin of it (one digit
 * changed or two swapped, a date one digit off, a calculator expression restated with another result, a quotation
 * most of whose words a tool returned in another form) and nothing in the evidence or the question states the claim
 * itself. A number the tools never mentioned is not its business (that is the model verdict's).
 */

import { isRecord } from '../json/deep-json.ts';
import { quoteContradictions } from './answer-quotes.ts';

/** One tool result the answer may rest on. */
export interface Evidence {
  tool: string;
  /** The call's argument text (JSON). */
  arguments: string;
  result: string;
}

/** A claim of the answer that a tool result contradicts. */
export interface Contradiction {
  kind: 'number' | 'expression' | 'date' | 'weekday' | 'quote';
  /** What the answer says, as written. */
  claim: string;
  /** What the tool said instead. */
  expected: string;
  tool: string;
}

interface NumberToken {
  raw: string;
  value: number;
  /** The digits without sign, separators or decimal point. */
  digits: string;
  decimals: number;
  /** Written with a Chinese scale word (万, 亿): a rounded figure. */
  scaled: boolean;
  separated: boolean;
}

interface DateToken {
  raw: string;
  year: number;
  month: number;
  day: number;
  index: number;
  end: number;
}

const ISO_DATE = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/gu;
const CHINESE_DATE = /(?<!\d)(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]/gu;
const TIME = /(?<!\d)\d{1,2}:\d{2}(?::\d{2})?(?!\d)/gu;
// Thousands separators: comma, apostrophe, no-break and thin spaces (never a plain space or a Chinese comma, which
// separate list items); the same separator throughout one number.
const NUMBER =
  /(?<![A-Za-z0-9_.,'\u00a0\u202f\u2009])([-−]?)((?:\d{1,3}(?:([,'\u00a0\u202f\u2009])\d{3})(?:\3\d{3})*)|\d+)(?:\.(\d+))?(?![\p{N}]|[.,]\d)\s*(万|亿)?/gu;
const SCALE: Record<string, number> = { 万: 1e4, 亿: 1e8 };

/** Finds the claims of `answer` that the tool results contradict; `context` (the question) counts as support too. */
export function findContradictions(answer: string, evidence: readonly Evidence[], context = ''): Contradiction[] {
  if (evidence.length === 0 || answer.trim() === '') return [];
  const supportText = [context, ...evidence.flatMap((item) => [item.arguments, item.result])].join('\n');
  const found = [
    ...expressionContradictions(answer, evidence),
    ...dateContradictions(answer, evidence, supportText),
    ...quoteContradictions(answer, evidence, supportText),
  ];
  const claimed = new Set(found.map((item) => normaliseDigits(item.claim)));
  for (const item of numberContradictions(answer, evidence, supportText)) {
    // A number already reported as a wrong calculator result or date is not reported twice.
    if (![...claimed].some((claim) => claim.includes(normaliseDigits(item.claim)))) found.push(item);
  }
  return found;
}

/** One line per contradiction, the same in every language: `claim ≠ expected (tool)`. */
export function describeContradiction(item: Contradiction): string {
  return `${item.claim} ≠ ${item.expected} (${item.tool})`;
}

// ---- numbers ----

/** The numbers written in a text, dates and clock times left out. */
export function readNumbers(text: string): NumberToken[] {
  const blanked = text.replace(ISO_DATE, blank).replace(CHINESE_DATE, blank).replace(TIME, blank);
  const numbers: NumberToken[] = [];
  for (const match of blanked.matchAll(NUMBER)) {
    const [raw, sign, whole = '', separator, fraction = '', scale] = match;
    const integer = separator ? whole.split(separator).join('') : whole;
    const base = Number(`${integer}${fraction ? `.${fraction}` : ''}`);
    const value = (sign ? -1 : 1) * base * (scale ? (SCALE[scale] ?? 1) : 1);
    if (!Number.isFinite(value)) continue;
    numbers.push({
      raw: raw.trim(),
      value,
      digits: `${integer}${fraction}`.replace(/^0+(?=\d)/u, ''),
      decimals: fraction.length,
      scaled: scale !== undefined,
      separated: separator !== undefined,
    });
  }
  return numbers;
}

function blank(match: string): string {
  return ' '.repeat(match.length);
}

/** True when `evidence` states `claim`, exactly or rounded to the claim's precision. */
function statesNumber(claim: NumberToken, evidence: readonly NumberToken[]): boolean {
  return evidence.some((candidate) => {
    if (candidate.value === claim.value) return true;
    if (claim.scaled)
      return (
        roundToSignificant(candidate.value, significantDigits(claim)) ===
        roundToSignificant(claim.value, significantDigits(claim))
      );
    return claim.decimals < candidate.decimals && roundTo(candidate.value, claim.decimals) === claim.value;
  });
}

function significantDigits(token: NumberToken): number {
  return Math.max(1, token.digits.replace(/^0+/u, '').replace(/0+$/u, '').length);
}

function roundTo(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

function roundToSignificant(value: number, digits: number): number {
  return Number(value.toPrecision(digits));
}

/** One digit changed, or two neighbouring digits swapped, with the decimal point in the same place. */
function isNearTwin(a: NumberToken, b: NumberToken): boolean {
  if (a.digits.length !== b.digits.length || a.decimals !== b.decimals || a.digits === b.digits) return false;
  const differing = [...a.digits].flatMap((digit, index) => (digit === b.digits[index] ? [] : [index]));
  if (differing.length === 1) return true;
  const [first, second] = differing;
  return (
    differing.length === 2 &&
    first !== undefined &&
    second === first + 1 &&
    a.digits[first] === b.digits[second] &&
    a.digits[second] === b.digits[first]
  );
}

function looksLikeYear(token: NumberToken): boolean {
  return token.decimals === 0 && !token.separated && !token.scaled && token.value >= 1800 && token.value <= 2200;
}

function numberContradictions(answer: string, evidence: readonly Evidence[], supportText: string): Contradiction[] {
  const support = readNumbers(supportText);
  const found: Contradiction[] = [];
  for (const claim of readNumbers(answer)) {
    // Small numbers and years are too often right for other reasons ("3 days", "next year") to call a twin wrong.
    if (claim.scaled || significantDigits(claim) < 3 || looksLikeYear(claim) || statesNumber(claim, support)) continue;
    for (const item of evidence) {
      const twin = readNumbers(item.result).find(
        (candidate) => !looksLikeYear(candidate) && isNearTwin(claim, candidate),
      );
      if (twin) {
        found.push({ kind: 'number', claim: claim.raw, expected: twin.raw, tool: item.tool });
        break;
      }
    }
  }
  return found;
}

function normaliseDigits(text: string): string {
  return text.replace(/[,'\u00a0\u202f\u2009\s]/gu, '');
}

// ---- calculator expressions ----

const RESULT_LINK = String.raw`(?:=|≈|equals|is|makes|gives|等于|是|为|得)`;

/** A calculator expression the answer restates with a result other than the one the calculator returned. */
function expressionContradictions(answer: string, evidence: readonly Evidence[]): Contradiction[] {
  const text = compactMath(answer);
  const found: Contradiction[] = [];
  for (const item of evidence) {
    const expression = readExpression(item.arguments);
    const result = readResult(item.result);
    if (expression === undefined || result === undefined || !/[-+*/^%]/u.test(expression)) continue;
    const pattern = new RegExp(
      `(?<![\\d.])${escapeRegExp(expression)}${RESULT_LINK}[*_\`]*(-?\\d+(?:\\.\\d+)?)(万|亿)?`,
      'iu',
    );
    const match = pattern.exec(text);
    if (!match?.[1]) continue;
    const [claimToken] = readNumbers(`${match[1]}${match[2] ?? ''}`);
    const [resultToken] = readNumbers(String(result));
    if (!claimToken || !resultToken || statesNumber(claimToken, [resultToken])) continue;
    found.push({
      kind: 'expression',
      claim: `${expression} = ${match[1]}${match[2] ?? ''}`,
      expected: resultToken.raw,
      tool: item.tool,
    });
  }
  return found;
}

/** Math as compared: no spaces or thousands separators, ×·÷− as * / -, no Markdown code marks. */
function compactMath(text: string): string {
  return text
    .replace(/(\d)[,'\u00a0\u202f\u2009](?=\d{3}(?!\d))/gu, '$1')
    .replace(/(\d)[,'\u00a0\u202f\u2009](?=\d{3}(?!\d))/gu, '$1')
    .replace(/[×✕·]|(?<=\d\s*)x(?=\s*\d)/gu, '*')
    .replace(/÷/gu, '/')
    .replace(/[−–]/gu, '-')
    .replace(/[`\s]/gu, '');
}

function readExpression(argumentsText: string): string | undefined {
  const value = parseJson(argumentsText);
  const expression = isRecord(value) ? value.expression : undefined;
  return typeof expression === 'string' && expression.trim() !== '' ? compactMath(expression) : undefined;
}

function readResult(resultText: string): number | string | undefined {
  const value = parseJson(resultText);
  if (typeof value === 'number') return value;
  const result = isRecord(value) ? value.result : undefined;
  return typeof result === 'number' || (typeof result === 'string' && /^-?\d/u.test(result)) ? result : undefined;
}

// ---- dates ----

const WEEKDAYS: readonly (readonly string[])[] = [
  ['sunday', '星期日', '星期天', '周日', '周天'],
  ['monday', '星期一', '周一'],
  ['tuesday', '星期二', '周二'],
  ['wednesday', '星期三', '周三'],
  ['thursday', '星期四', '周四'],
  ['friday', '星期五', '周五'],
  ['saturday', '星期六', '周六'],
];
const WEEKDAY_WORD = /\b(?:sun|mon|tues|wednes|thurs|fri|satur)day\b|星期[一二三四五六日天]|周[一二三四五六日天]/giu;
const WEEKDAY_REACH = 24;

/** The dates written in a text (ISO `2024-10-17`, `2024/10/17`, Chinese `2024年10月17日`). */
export function readDates(text: string): DateToken[] {
  const dates: DateToken[] = [];
  for (const pattern of [ISO_DATE, CHINESE_DATE]) {
    for (const match of text.matchAll(pattern)) {
      const [raw, year, month, day] = match;
      const date = {
        raw,
        year: Number(year),
        month: Number(month),
        day: Number(day),
        index: match.index,
        end: match.index + raw.length,
      };
      if (date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= 31) dates.push(date);
    }
  }
  return dates.sort((a, b) => a.index - b.index);
}

function dateKey(date: Pick<DateToken, 'year' | 'month' | 'day'>): string {
  return `${date.year}${String(date.month).padStart(2, '0')}${String(date.day).padStart(2, '0')}`;
}

function weekdayOf(date: Pick<DateToken, 'year' | 'month' | 'day'>): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

function dateContradictions(answer: string, evidence: readonly Evidence[], supportText: string): Contradiction[] {
  const supported = new Set(readDates(supportText).map(dateKey));
  const found: Contradiction[] = [];
  for (const claim of readDates(answer)) {
    const key = dateKey(claim);
    if (!supported.has(key)) {
      for (const item of evidence) {
        const twin = readDates(item.result).find((candidate) =>
          isNearTwin(asDigits(key), asDigits(dateKey(candidate))),
        );
        if (twin) {
          found.push({ kind: 'date', claim: claim.raw, expected: twin.raw, tool: item.tool });
          break;
        }
      }
      continue;
    }
    // A date a tool returned, named with the wrong day of the week right after it.
    const source = evidence.find((item) => readDates(item.result).some((candidate) => dateKey(candidate) === key));
    const word = firstWeekdayAfter(answer, claim.end);
    if (source && word && !(WEEKDAYS[weekdayOf(claim)] ?? []).includes(word.text.toLowerCase())) {
      found.push({
        kind: 'weekday',
        claim: `${claim.raw} ${word.text}`,
        expected: `${claim.raw} ${englishWeekday(weekdayOf(claim))}`,
        tool: source.tool,
      });
    }
  }
  return found;
}

function firstWeekdayAfter(text: string, from: number): { text: string } | undefined {
  const window = text.slice(from, from + WEEKDAY_REACH);
  // Only when no other date comes first: "2024-10-17 and 2024-10-19 (Saturday)" names the second date's day.
  const cut = window.search(/\d{4}[-/.年]/u);
  const match = new RegExp(WEEKDAY_WORD.source, 'iu').exec(cut === -1 ? window : window.slice(0, cut));
  return match ? { text: match[0] } : undefined;
}

function englishWeekday(day: number): string {
  const name = WEEKDAYS[day]?.[0] ?? '';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function asDigits(digits: string): NumberToken {
  return { raw: digits, value: Number(digits), digits, decimals: 0, scaled: false, separated: false };
}

// ---- helpers ----

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
