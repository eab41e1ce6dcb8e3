import { describe, it, expect } from 'vitest';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import { getCurrentTimeTool } from './get-current-time.ts';
import { systemTimeZone } from './time/time-zone.ts';

// Tuesday 2024-02-27 09:30:05 UTC; around a DST change later on.
const context = createTestToolContext({ now: () => new Date('2024-02-27T09:30:05.250Z') });

describe('get_current_time', () => {
  it('gives date, time, weekday and offset in an IANA zone', async () => {
    expect(await getCurrentTimeTool.execute({ timezone: 'Asia/Shanghai' }, context)).toEqual({
      timezone: 'Asia/Shanghai',
      date: '2024-02-27',
      time: '17:30:05',
      weekday: 'Tuesday',
      utc_offset: '+08:00',
      iso: '2024-02-27T17:30:05+08:00',
      utc: '2024-02-27T09:30:05.250Z',
    });
  });

  it('crosses the date line backwards for the Americas', async () => {
    const result = await getCurrentTimeTool.execute(
      { timezone: 'America/Los_Angeles' },
      createTestToolContext({ now: () => new Date('2024-03-01T03:00:00Z') }),
    );
    expect(result).toMatchObject({ date: '2024-02-29', time: '19:00:00', weekday: 'Thursday', utc_offset: '-08:00' });
  });

  it('follows daylight saving time', async () => {
    const summer = createTestToolContext({ now: () => new Date('2024-07-01T12:00:00Z') });
    expect(await getCurrentTimeTool.execute({ timezone: 'Europe/London' }, summer)).toMatchObject({
      time: '13:00:00',
      utc_offset: '+01:00',
    });
    expect(await getCurrentTimeTool.execute({ timezone: 'Asia/Kolkata' }, summer)).toMatchObject({
      time: '17:30:00',
      utc_offset: '+05:30',
    });
  });

  it('accepts offsets, lower case, aliases and city names', async () => {
    expect(await getCurrentTimeTool.execute({ timezone: 'UTC+8' }, context)).toMatchObject({
      timezone: 'UTC+08:00',
      time: '17:30:05',
      utc_offset: '+08:00',
    });
    expect(await getCurrentTimeTool.execute({ timezone: 'GMT-03:30' }, context)).toMatchObject({ time: '06:00:05' });
    expect(await getCurrentTimeTool.execute({ timezone: 'utc' }, context)).toMatchObject({
      timezone: 'UTC',
      time: '09:30:05',
    });
    expect(await getCurrentTimeTool.execute({ timezone: 'asia/tokyo' }, context)).toMatchObject({
      timezone: 'Asia/Tokyo',
    });
    expect(await getCurrentTimeTool.execute({ timezone: 'Beijing' }, context)).toMatchObject({
      timezone: 'Asia/Shanghai',
    });
    expect(await getCurrentTimeTool.execute({ timezone: '北京' }, context)).toMatchObject({
      timezone: 'Asia/Shanghai',
    });
    expect(await getCurrentTimeTool.execute({ timezone: 'New York' }, context)).toMatchObject({
      timezone: 'America/New_York',
    });
  });

  it('uses the system zone when none is given', async () => {
    expect(await getCurrentTimeTool.execute({}, context)).toMatchObject({ timezone: systemTimeZone() });
  });

  it('rejects unknown zones with examples', async () => {
    await expect(getCurrentTimeTool.execute({ timezone: 'Mars/Olympus' }, context)).rejects.toThrow(
      /Unknown time zone "Mars\/Olympus".*Asia\/Shanghai.*UTC\+8/,
    );
    await expect(getCurrentTimeTool.execute({ timezone: 'UTC+15' }, context)).rejects.toThrow('not a valid UTC offset');
  });

  it('suggests close zone names', async () => {
    await expect(getCurrentTimeTool.execute({ timezone: 'Europe/Lond' }, context)).rejects.toThrow(
      'Did you mean: Europe/London',
    );
  });

  it('publishes an optional timezone argument', () => {
    expect(getCurrentTimeTool.parameters).toMatchObject({
      type: 'object',
      properties: { timezone: { type: 'string' } },
    });
    expect(getCurrentTimeTool.parameters.required).toBeUndefined();
  });
});
