import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { WEEKDAY_NAMES, formatCalendarDate, weekdayOf } from './time/calendar.ts';
import { TIME_ZONE_EXAMPLES, formatOffset, resolveTimeZone, zonedDateTime } from './time/time-zone.ts';

/** `get_current_time`: today's date, the time and the weekday, in any time zone. */
export const getCurrentTimeTool = defineTool({
  name: 'get_current_time',
  description: [
    'Returns the current date, time (24-hour), weekday and UTC offset. Use it whenever the answer depends on "now", "today" or',
    "the time somewhere; your own knowledge of the date is out of date. Without a timezone it uses the user's local zone.",
    `Example: {"timezone": "Asia/Tokyo"}.`,
  ].join(' '),
  schema: z.object({
    timezone: z
      .string()
      .optional()
      .describe(
        `IANA time zone name, e.g. ${TIME_ZONE_EXAMPLES.join(', ')}; or an offset like UTC+8. Omit for the user's local time.`,
      ),
  }),
  async execute({ timezone }, context) {
    const zone = resolveTimeZone(timezone);
    const now = context.now();
    const local = zonedDateTime(now, zone);
    const date = formatCalendarDate(local);
    const time = [local.hour, local.minute, local.second].map((part) => String(part).padStart(2, '0')).join(':');
    const utcOffset = formatOffset(local.offsetMinutes);
    return {
      timezone: zone.name,
      date,
      time,
      weekday: WEEKDAY_NAMES[weekdayOf(local)],
      utc_offset: utcOffset,
      iso: `${date}T${time}${utcOffset}`,
      utc: now.toISOString(),
    };
  },
});
