import { ToolError } from '../../tool-error.ts';

/** A proleptic Gregorian calendar date (no time, no zone). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Weekday names, Sunday first (index = `weekdayOf`). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** First year the date tools accept. */
export const MIN_YEAR = 1;
/** Last year the date tools accept. */
export const MAX_YEAR = 9999;

/** True for Gregorian leap years. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 for a calendar date; pure integer arithmetic, so no time zone or DST can shift it. */
export function toDayNumber({ year, month, day }: CalendarDate): number {
  const shiftedYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(shiftedYear / 400);
  const yearOfEra = shiftedYear - era * 400;
  const dayOfShiftedYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfShiftedYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The calendar date of a day number (inverse of `toDayNumber`). */
export function fromDayNumber(dayNumber: number): CalendarDate {
  const shifted = dayNumber + 719468;
  const era = Math.floor(shifted / 146097);
  const dayOfEra = shifted - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfShiftedYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfShiftedYear + 2) / 153);
  const day = dayOfShiftedYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Weekday index of a date, 0 = Sunday. */
export function weekdayOf(date: CalendarDate): number {
  // 1970-01-01 was a Thursday.
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

/** Day of the year, 1-based. */
export function dayOfYear(date: CalendarDate): number {
  return toDayNumber(date) - toDayNumber({ year: date.year, month: 1, day: 1 }) + 1;
}

/** ISO-8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: CalendarDate): number {
  const dayNumber = toDayNumber(date);
  const isoWeekday = ((weekdayOf(date) + 6) % 7) + 1;
  const thursday = fromDayNumber(dayNumber + 4 - isoWeekday);
  return Math.floor((dayOfYear(thursday) - 1) / 7) + 1;
}

/** Adds calendar months; a day past the new month's end is clamped to it (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const monthIndex = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** Formats as `yyyy-mm-dd`. */
export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Parses a strict `yyyy-mm-dd` date and checks that it exists; throws a `ToolError` naming the problem. */
/** A date written out, yyyy-mm-dd (month and day may have one digit); surrounding spaces are allowed. */
const WRITTEN_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** Whether `text` is a written-out date rather than a word resolved against the clock ("today", "明天"). */
export function isWrittenDate(text: string): boolean {
  return WRITTEN_DATE.test(text.trim());
}

export function parseCalendarDate(text: string, argumentName: string): CalendarDate {
  const match = WRITTEN_DATE.exec(text.trim());
  if (!match) {
    throw new ToolError(
      `${argumentName} must be a date written yyyy-mm-dd (e.g. 2024-03-15) or "today", got "${text}".`,
    );
  }
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (date.year < MIN_YEAR) throw new ToolError(`${argumentName}: years start at ${MIN_YEAR}, got ${date.year}.`);
  if (date.month < 1 || date.month > 12)
    throw new ToolError(`${argumentName}: there is no month ${date.month} (months are 01–12).`);
  const lastDay = daysInMonth(date.year, date.month);
  if (date.day < 1 || date.day > lastDay) {
    throw new ToolError(
      `${argumentName}: ${formatCalendarDate(date)} does not exist (month ${date.month} of ${date.year} has ${lastDay} days).`,
    );
  }
  return date;
}

/** Throws unless the date lies within the supported years. */
export function assertSupportedYear(date: CalendarDate, what: string): CalendarDate {
  if (date.year < MIN_YEAR || date.year > MAX_YEAR) {
    throw new ToolError(`${what} falls in year ${date.year}, outside the supported years ${MIN_YEAR}–${MAX_YEAR}.`);
  }
  return date;
}
