/** A calendar date as the user wrote it; `year` is absent for "December 25" style dates. */
export interface CalendarDate {
  year?: number;
  month: number;
  day: number;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
const MONTH_PATTERN = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;

function monthNumber(name: string): number {
  const lower = name.toLowerCase();
  return MONTHS.findIndex((month) => month.startsWith(lower.slice(0, 3))) + 1;
}

function valid(date: CalendarDate): boolean {
  return date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= 31;
}

/** Calendar dates written in the text (ISO, slashes, 2025年10月1日, "December 25, 2025", "25 Dec"), in order of appearance. */
export function findDates(text: string): CalendarDate[] {
  const found: { position: number; date: CalendarDate }[] = [];
  const patterns: { pattern: RegExp; read: (match: RegExpMatchArray) => CalendarDate }[] = [
    {
      pattern: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/gu,
      read: (match) => ({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }),
    },
    {
      pattern: /(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]/gu,
      read: (match) => ({
        ...(match[1] ? { year: Number(match[1]) } : {}),
        month: Number(match[2]),
        day: Number(match[3]),
      }),
    },
    {
      pattern: new RegExp(String.raw`\b${MONTH_PATTERN}\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b`, 'giu'),
      read: (match) => ({
        ...(match[3] ? { year: Number(match[3]) } : {}),
        month: monthNumber(match[1] ?? ''),
        day: Number(match[2]),
      }),
    },
    {
      pattern: new RegExp(
        String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH_PATTERN}\.?(?:,?\s+(\d{4}))?\b`,
        'giu',
      ),
      read: (match) => ({
        ...(match[3] ? { year: Number(match[3]) } : {}),
        month: monthNumber(match[2] ?? ''),
        day: Number(match[1]),
      }),
    },
  ];
  const taken: [number, number][] = [];
  for (const { pattern, read } of patterns) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      const date = read(match);
      if (!valid(date)) continue;
      taken.push([start, end]);
      found.push({ position: start, date });
    }
  }
  const named = /\b(christmas)\b|圣诞节?|\b(new year'?s? day)\b|元旦/giu;
  for (const match of text.matchAll(named)) {
    const isChristmas = /christmas|圣诞/iu.test(match[0]);
    found.push({ position: match.index ?? 0, date: isChristmas ? { month: 12, day: 25 } : { month: 1, day: 1 } });
  }
  return found.sort((left, right) => left.position - right.position).map((entry) => entry.date);
}

/** Formats a full date as YYYY-MM-DD. */
export function formatIsoDate(date: Required<CalendarDate>): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** The first YYYY-MM-DD date inside a tool result, e.g. today's date reported by get_current_time. */
export function findIsoDateIn(text: string): Required<CalendarDate> | undefined {
  const match = /(\d{4})-(\d{2})-(\d{2})/u.exec(text);
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Gives a yearless date the year of its next occurrence on or after `today`. */
export function resolveYear(date: CalendarDate, today: Required<CalendarDate>): Required<CalendarDate> {
  if (date.year !== undefined) return { year: date.year, month: date.month, day: date.day };
  const passed = date.month < today.month || (date.month === today.month && date.day < today.day);
  return { year: passed ? today.year + 1 : today.year, month: date.month, day: date.day };
}
