import { ToolError } from '../../tool-error.ts';

/** A resolved time zone: an IANA zone, or a fixed UTC offset such as `UTC+05:30`. */
export type TimeZone = { kind: 'iana'; name: string } | { kind: 'offset'; name: string; offsetMinutes: number };

/** Wall-clock fields of an instant in a zone, plus the zone's UTC offset at that instant. */
export interface ZonedDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  offsetMinutes: number;
}

/** Example zone names quoted in error messages and tool descriptions. */
export const TIME_ZONE_EXAMPLES = [
  'UTC',
  'Asia/Shanghai',
  'Europe/London',
  'America/New_York',
  'Asia/Tokyo',
  'Australia/Sydney',
];

// Names people use that are not IANA ids; lower-case keys without spaces.
const ALIASES: Record<string, string> = {
  beijing: 'Asia/Shanghai',
  china: 'Asia/Shanghai',
  北京: 'Asia/Shanghai',
  上海: 'Asia/Shanghai',
  中国: 'Asia/Shanghai',
  北京时间: 'Asia/Shanghai',
  香港: 'Asia/Hong_Kong',
  台北: 'Asia/Taipei',
  东京: 'Asia/Tokyo',
  日本: 'Asia/Tokyo',
  首尔: 'Asia/Seoul',
  新加坡: 'Asia/Singapore',
  伦敦: 'Europe/London',
  巴黎: 'Europe/Paris',
  柏林: 'Europe/Berlin',
  纽约: 'America/New_York',
  洛杉矶: 'America/Los_Angeles',
  悉尼: 'Australia/Sydney',
  pst: 'America/Los_Angeles',
  pdt: 'America/Los_Angeles',
  pacific: 'America/Los_Angeles',
  mdt: 'America/Denver',
  edt: 'America/New_York',
  eastern: 'America/New_York',
  bst: 'Europe/London',
  cest: 'Europe/Paris',
  jst: 'Asia/Tokyo',
  kst: 'Asia/Seoul',
  hkt: 'Asia/Hong_Kong',
  sgt: 'Asia/Singapore',
  aest: 'Australia/Sydney',
  sanfrancisco: 'America/Los_Angeles',
  washington: 'America/New_York',
  boston: 'America/New_York',
};

const OFFSET_PATTERN = /^(?:utc|gmt)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i;

/** The zone this browser (or Node) runs in, or UTC when it cannot tell. */
export function systemTimeZone(): string {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Resolves a zone name: IANA ids (any case), offsets (`UTC+8`, `+05:30`, `GMT-3`), a few common names
 * (`Beijing`, `PST`, `北京`) and city names matching an IANA zone (`Tokyo`). Absent means the system zone.
 */
export function resolveTimeZone(input: string | undefined): TimeZone {
  const text = input?.trim() ?? '';
  if (!text) return { kind: 'iana', name: systemTimeZone() };
  if (/^(?:utc|gmt|z)$/i.test(text)) return { kind: 'iana', name: 'UTC' };
  const offset = OFFSET_PATTERN.exec(text);
  if (offset) return offsetZone(text, offset);
  const alias = ALIASES[text.toLowerCase().replace(/[\s_-]+/g, '')];
  if (alias) return { kind: 'iana', name: alias };
  const canonical = canonicalIanaName(text);
  if (canonical) return { kind: 'iana', name: canonical };
  const byCity = zoneForCity(text);
  if (byCity) return { kind: 'iana', name: byCity };
  const suggestions = suggestZones(text);
  throw new ToolError(
    `Unknown time zone "${text}". Use an IANA time zone name such as ${TIME_ZONE_EXAMPLES.join(', ')}, or a UTC offset like UTC+8.` +
      (suggestions.length ? ` Did you mean: ${suggestions.join(', ')}?` : ''),
  );
}

/** Wall-clock date and time of an instant in a zone. */
export function zonedDateTime(instant: Date, zone: TimeZone): ZonedDateTime {
  const milliseconds = instant.getTime();
  if (zone.kind === 'offset') {
    const shifted = new Date(milliseconds + zone.offsetMinutes * 60_000);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
      offsetMinutes: zone.offsetMinutes,
    };
  }
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone.name).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const fields = {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some engines print midnight as hour 24 even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
  const wholeSeconds = Math.floor(milliseconds / 1000) * 1000;
  const wallAsUtc = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  return { ...fields, offsetMinutes: Math.round((wallAsUtc - wholeSeconds) / 60_000) };
}

/** Formats an offset in minutes as `+08:00` / `-03:30`. */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(magnitude / 60)).padStart(2, '0')}:${String(magnitude % 60).padStart(2, '0')}`;
}

function offsetZone(text: string, match: RegExpExecArray): TimeZone {
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (hours > 14 || minutes >= 60 || (hours === 14 && minutes > 0)) {
    throw new ToolError(`"${text}" is not a valid UTC offset: offsets range from UTC-12:00 to UTC+14:00.`);
  }
  const offsetMinutes = (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
  return { kind: 'offset', name: `UTC${formatOffset(offsetMinutes)}`, offsetMinutes };
}

function canonicalIanaName(text: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function supportedZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

function zoneForCity(text: string): string | undefined {
  const wanted = text.toLowerCase().replace(/\s+/g, '_');
  return supportedZones().find((zone) => zone.toLowerCase().split('/').pop() === wanted);
}

function suggestZones(text: string): string[] {
  const wanted = text.toLowerCase().replace(/\s+/g, '_');
  if (wanted.length < 3) return [];
  return supportedZones()
    .filter((zone) => zone.toLowerCase().includes(wanted))
    .slice(0, 5);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}
