import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import {
  type CalendarDate,
  WEEKDAY_NAMES,
  addMonths,
  assertSupportedYear,
  dayOfYear,
  formatCalendarDate,
  fromDayNumber,
  isLeapYear,
  isWrittenDate,
  isoWeek,
  parseCalendarDate,
  toDayNumber,
  weekdayOf,
} from './time/calendar.ts';
import { resolveTimeZone, zonedDateTime } from './time/time-zone.ts';

const RELATIVE_DAYS: Record<string, number> = {
  today: 0,
  tomorrow: 1,
  yesterday: -1,
  今天: 0,
  明天: 1,
  昨天: -1,
};

const dateArgument = (what: string) =>
  z
    .string()
    .min(1)
    .describe(`${what}: a date written yyyy-mm-dd (e.g. 2024-03-15), or "today", "tomorrow", "yesterday".`);
const amount = (unit: string) =>
  z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .optional()
    .describe(`Whole number of ${unit} to add; negative goes back in time.`);

/** `date_calc`: calendar arithmetic (shift a date, weekday of a date, days between two dates). */
export const dateCalcTool = defineTool({
  name: 'date_calc',
  // Cached only when every date is written out (yyyy-mm-dd): such a call answers the same way each time. Any other
  // date is either resolved against the clock ("today", "tomorrow", "昨天", …) or refused, and is never cached.
  pure: (args) => isWrittenDate(args.date) && (args.days_between === undefined || isWrittenDate(args.days_between)),
  description: [
    'Calendar arithmetic on dates (no times): the weekday, day of year and ISO week of a date; the date N days/weeks/months/years',
    'after or before it (add_days, add_weeks, add_months, add_years; negative values go back; month ends are clamped, so',
    '2024-01-31 + 1 month = 2024-02-29); and the number of days between two dates (days_between). "today" means today in the',
    'user\'s time zone (or `timezone`). Examples: {"date": "today", "add_days": 100}; {"date": "2024-12-25"};',
    '{"date": "today", "days_between": "2025-01-01"}.',
  ].join(' '),
  schema: z.object({
    date: dateArgument('The starting date'),
    add_days: amount('days'),
    add_weeks: amount('weeks'),
    add_months: amount('months'),
    add_years: amount('years'),
    days_between: dateArgument(
      'Another date; the result counts the days from `date` to it (positive when it is later)',
    ).optional(),
    timezone: z
      .string()
      .optional()
      .describe('IANA time zone used to decide what "today" is, e.g. Asia/Shanghai. Omit for the user\'s zone.'),
  }),
  async execute(args, context) {
    const today = (): CalendarDate => zonedDateTime(context.now(), resolveTimeZone(args.timezone));
    const start = resolveDate(args.date, 'date', today);
    const output: Record<string, unknown> = { date: describeDate(start) };
    const years = args.add_years ?? 0;
    const months = args.add_months ?? 0;
    const days = (args.add_weeks ?? 0) * 7 + (args.add_days ?? 0);
    if (
      args.add_years !== undefined ||
      args.add_months !== undefined ||
      args.add_weeks !== undefined ||
      args.add_days !== undefined
    ) {
      // Months first, then days: 2024-01-31 + 1 month + 1 day is 2024-03-01.
      const shiftedMonths = addMonths(start, years * 12 + months);
      const shifted = fromDayNumber(toDayNumber(shiftedMonths) + days);
      assertSupportedYear(shifted, 'The resulting date');
      output.result = { ...describeDate(shifted), change: describeChange(args) };
    }
    if (args.days_between !== undefined) {
      const other = resolveDate(args.days_between, 'days_between', today);
      const difference = toDayNumber(other) - toDayNumber(start);
      output.days_between = {
        from: formatCalendarDate(start),
        to: formatCalendarDate(other),
        to_weekday: WEEKDAY_NAMES[weekdayOf(other)],
        days: difference,
        description: describeDifference(start, other, difference),
      };
    }
    if (usesToday(args.date) || (args.days_between !== undefined && usesToday(args.days_between))) {
      output.today_in_timezone = resolveTimeZone(args.timezone).name;
    }
    return output;
  },
});

function resolveDate(text: string, argumentName: string, today: () => CalendarDate): CalendarDate {
  const relative = RELATIVE_DAYS[text.trim().toLowerCase()];
  if (relative !== undefined) return fromDayNumber(toDayNumber(today()) + relative);
  const date = parseCalendarDate(text, argumentName);
  return assertSupportedYear(date, argumentName);
}

function usesToday(text: string): boolean {
  return RELATIVE_DAYS[text.trim().toLowerCase()] !== undefined;
}

function describeDate(date: CalendarDate): Record<string, unknown> {
  return {
    date: formatCalendarDate(date),
    weekday: WEEKDAY_NAMES[weekdayOf(date)],
    day_of_year: dayOfYear(date),
    iso_week: isoWeek(date),
    leap_year: isLeapYear(date.year),
  };
}

function describeChange(args: Record<string, unknown>): string {
  const parts = (['add_years', 'add_months', 'add_weeks', 'add_days'] as const)
    .filter((key) => typeof args[key] === 'number')
    .map((key) => {
      const value = args[key] as number;
      const unit = key.slice(4);
      return `${value < 0 ? '-' : '+'}${Math.abs(value)} ${Math.abs(value) === 1 ? unit.slice(0, -1) : unit}`;
    });
  return parts.join(', ');
}

function describeDifference(start: CalendarDate, other: CalendarDate, difference: number): string {
  const [from, to] = [formatCalendarDate(start), formatCalendarDate(other)];
  if (difference === 0) return `${to} is the same day as ${from}`;
  const magnitude = Math.abs(difference);
  const weeks = Math.floor(magnitude / 7);
  const weeksText =
    weeks > 0
      ? ` (${weeks} week${weeks === 1 ? '' : 's'}${magnitude % 7 ? ` and ${magnitude % 7} day${magnitude % 7 === 1 ? '' : 's'}` : ''})`
      : '';
  return `${to} is ${magnitude} day${magnitude === 1 ? '' : 's'}${weeksText} ${difference > 0 ? 'after' : 'before'} ${from}`;
}
