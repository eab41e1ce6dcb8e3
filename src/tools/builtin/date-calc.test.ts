import { describe, it, expect } from 'vitest';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import { dateCalcTool } from './date-calc.ts';

// 2024-02-27T23:30Z: still the 27th in London, already the 28th in Shanghai.
const context = createTestToolContext({ now: () => new Date('2024-02-27T23:30:00Z') });
const run = (args: Parameters<typeof dateCalcTool.execute>[0]) =>
  dateCalcTool.execute(dateCalcTool.schema.parse(args), context) as Promise<Record<string, unknown>>;

describe('date_calc', () => {
  it('describes a date', async () => {
    expect(await run({ date: '2024-12-25' })).toEqual({
      date: { date: '2024-12-25', weekday: 'Wednesday', day_of_year: 360, iso_week: 52, leap_year: true },
    });
  });

  it('adds days across month ends, leap days and years', async () => {
    expect((await run({ date: '2024-02-28', add_days: 1 })).result).toMatchObject({
      date: '2024-02-29',
      weekday: 'Thursday',
    });
    expect((await run({ date: '2023-02-28', add_days: 1 })).result).toMatchObject({ date: '2023-03-01' });
    expect((await run({ date: '2024-12-31', add_days: 1 })).result).toMatchObject({
      date: '2025-01-01',
      weekday: 'Wednesday',
    });
    expect((await run({ date: '2024-03-10', add_days: 100 })).result).toMatchObject({
      date: '2024-06-18',
      change: '+100 days',
    });
  });

  it('goes back with negative amounts', async () => {
    expect((await run({ date: '2024-03-01', add_days: -1 })).result).toMatchObject({ date: '2024-02-29' });
    expect((await run({ date: '2025-01-01', add_weeks: -1 })).result).toMatchObject({
      date: '2024-12-25',
      change: '-1 week',
    });
  });

  it('clamps month arithmetic to the month end', async () => {
    expect((await run({ date: '2024-01-31', add_months: 1 })).result).toMatchObject({ date: '2024-02-29' });
    expect((await run({ date: '2023-01-31', add_months: 1 })).result).toMatchObject({ date: '2023-02-28' });
    expect((await run({ date: '2024-02-29', add_years: 1 })).result).toMatchObject({ date: '2025-02-28' });
    expect((await run({ date: '2024-03-31', add_months: -1 })).result).toMatchObject({ date: '2024-02-29' });
    expect((await run({ date: '2024-01-31', add_months: 1, add_days: 1 })).result).toMatchObject({
      date: '2024-03-01',
      change: '+1 month, +1 day',
    });
  });

  it('counts days between dates across years and leap years', async () => {
    expect((await run({ date: '2023-12-25', days_between: '2024-12-25' })).days_between).toEqual({
      from: '2023-12-25',
      to: '2024-12-25',
      to_weekday: 'Wednesday',
      days: 366,
      description: '2024-12-25 is 366 days (52 weeks and 2 days) after 2023-12-25',
    });
    expect((await run({ date: '2025-01-01', days_between: '2024-12-31' })).days_between).toMatchObject({
      days: -1,
      description: '2024-12-31 is 1 day before 2025-01-01',
    });
    expect((await run({ date: '1900-01-01', days_between: '2000-01-01' })).days_between).toMatchObject({ days: 36524 });
  });

  it('has no daylight-saving bugs across the March and October changes', async () => {
    expect((await run({ date: '2024-03-30', days_between: '2024-04-01' })).days_between).toMatchObject({ days: 2 });
    expect((await run({ date: '2024-10-26', add_days: 2 })).result).toMatchObject({ date: '2024-10-28' });
  });

  it('resolves "today" in the requested zone', async () => {
    expect(await run({ date: 'today', timezone: 'Europe/London' })).toMatchObject({
      date: { date: '2024-02-27', weekday: 'Tuesday' },
      today_in_timezone: 'Europe/London',
    });
    expect((await run({ date: 'today', timezone: 'Asia/Shanghai' })).date).toMatchObject({ date: '2024-02-28' });
    expect((await run({ date: 'tomorrow', timezone: 'UTC' })).date).toMatchObject({ date: '2024-02-28' });
    expect((await run({ date: '昨天', timezone: 'UTC' })).date).toMatchObject({ date: '2024-02-26' });
    expect((await run({ date: '2024-02-20', days_between: 'today', timezone: 'UTC' })).days_between).toMatchObject({
      days: 7,
    });
  });

  it('handles early and late years without Date quirks', async () => {
    expect((await run({ date: '0001-01-01' })).date).toMatchObject({ weekday: 'Monday' });
    expect((await run({ date: '0099-12-31', add_days: 1 })).result).toMatchObject({ date: '0100-01-01' });
    expect((await run({ date: '2000-02-29' })).date).toMatchObject({ leap_year: true });
    expect((await run({ date: '1900-03-01', add_days: -1 })).result).toMatchObject({ date: '1900-02-28' });
  });

  it('rejects malformed and impossible dates', async () => {
    await expect(run({ date: '2023-02-29' })).rejects.toThrow(
      '2023-02-29 does not exist (month 2 of 2023 has 28 days)',
    );
    await expect(run({ date: '2024-13-01' })).rejects.toThrow('no month 13');
    await expect(run({ date: '03/15/2024' })).rejects.toThrow('must be a date written yyyy-mm-dd');
    await expect(run({ date: '2024-01-01', days_between: 'next week' })).rejects.toThrow('days_between must be a date');
    await expect(run({ date: '9999-12-31', add_days: 1 })).rejects.toThrow('outside the supported years');
    expect(() => dateCalcTool.schema.parse({ date: '2024-01-01', add_days: 1.5 })).toThrow();
  });
});

describe('date_calc purity (whether a repeated call may be answered from the cache)', () => {
  const pure = (args: Parameters<typeof dateCalcTool.execute>[0]) => {
    if (typeof dateCalcTool.pure !== 'function') throw new Error('date_calc decides purity per call');
    return dateCalcTool.pure(dateCalcTool.schema.parse(args));
  };
  const relative = [
    'today',
    'Today',
    ' TOMORROW ',
    'tomorrow',
    'yesterday',
    '今天',
    '明天',
    '昨天',
    'now',
    'next week',
    'in 3 days',
    'monday',
    'next Friday',
    '后天',
    '下周一',
  ];

  it.each(relative)('never caches a call whose date is "%s"', (word) => {
    expect(pure({ date: word })).toBe(false);
    expect(pure({ date: word, add_days: 3 })).toBe(false);
    expect(pure({ date: '2024-05-20', days_between: word })).toBe(false);
    expect(pure({ date: word, days_between: '2024-05-20', timezone: 'Asia/Shanghai' })).toBe(false);
  });

  it('caches a call whose dates are all written out', () => {
    expect(pure({ date: '2024-05-20', add_days: 150 })).toBe(true);
    expect(pure({ date: '2024-5-2', days_between: '2025-01-01' })).toBe(true);
    expect(pure({ date: ' 2024-12-25 ', timezone: 'Europe/London' })).toBe(true);
  });
});
