import { isRecord } from '../json/deep-json.ts';

/** A tool result as the scripted model reads it back from the conversation. */
export interface Observation {
  ok: boolean;
  /** The parsed JSON value, or the raw text when it is not JSON. */
  value: unknown;
  text: string;
  /** The error message when the tool failed. */
  error?: string;
  /** The user refused to approve the call. */
  denied?: boolean;
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{"\d-]|^(?:true|false|null)$/u.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

function errorText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim().length > 0) return value.trim();
  if (isRecord(value) && typeof value.message === 'string') return value.message;
  return undefined;
}

const DENIED = /\b(?:denied|declined|rejected|not approved|refused)\b|拒绝|未批准|没有批准/iu;

/** Reads a tool message's content: JSON when it parses, with tool failures and approval denials recognised. */
export function readObservation(content: string): Observation {
  const value = parseJson(content);
  const text = content.trim();
  if (isRecord(value)) {
    const message = errorText(value.error) ?? (value.ok === false ? errorText(value.message) : undefined);
    const failed = value.ok === false || (message !== undefined && value.ok !== true);
    if (failed) {
      const error = message ?? text;
      const denied =
        value.denied === true ||
        value.status === 'denied' ||
        (DENIED.test(error) && /approv|user|用户|批准/iu.test(error));
      return { ok: false, value, text, error, ...(denied ? { denied } : {}) };
    }
    return { ok: true, value, text };
  }
  if (value !== undefined) return { ok: true, value, text };
  const errorMatch = /^(?:tool\s+)?(?:error|failed|failure|exception|错误|失败)\b[^:：]*[:：]?\s*([\s\S]*)$/iu.exec(
    text,
  );
  if (errorMatch) {
    // "Error: get_weather failed: <the tool's own message>" — keep the tool's message.
    const error = (errorMatch[1]?.trim() || text).replace(/^[\w.-]+ failed:\s*/u, '');
    const denied = DENIED.test(text) && /approv|user|用户|批准/iu.test(text);
    return { ok: false, value: text, text, error, ...(denied ? { denied } : {}) };
  }
  if (DENIED.test(text) && /approv|user|用户|批准/iu.test(text) && text.length < 400) {
    return { ok: false, value: text, text, error: text, denied: true };
  }
  return { ok: true, value: text, text };
}

/** Depth-first search for the first value whose key matches, preferring shallower keys. */
export function findField(value: unknown, key: RegExp, accept: (candidate: unknown) => boolean = () => true): unknown {
  const queue: unknown[] = [value];
  while (queue.length > 0) {
    const current = queue.shift();
    if (Array.isArray(current)) {
      queue.push(...current);
      continue;
    }
    if (!isRecord(current)) continue;
    for (const [name, candidate] of Object.entries(current)) {
      if (key.test(name) && accept(candidate)) return candidate;
    }
    for (const candidate of Object.values(current)) {
      if (typeof candidate === 'object' && candidate !== null) queue.push(candidate);
    }
  }
  return undefined;
}

/** The first finite number under a matching key (numeric strings count). */
export function findNumber(value: unknown, key: RegExp): number | undefined {
  const found = findField(value, key, (candidate) => toNumber(candidate) !== undefined);
  return toNumber(found);
}

/** The first non-empty string under a matching key. */
export function findString(value: unknown, key: RegExp): string | undefined {
  const found = findField(value, key, (candidate) => typeof candidate === 'string' && candidate.trim().length > 0);
  return typeof found === 'string' ? found : undefined;
}

/** A number from a number, a numeric string, or a measurement such as "12.3 °C" or "45%". */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*(?:°\s*[CF]|[a-z%/°]+)?\s*$/iu.exec(value);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The calculator's numeric answer as text, from a bare number or a `{ result }`-like object. */
export function readCalculatorResult(observation: Observation): string | undefined {
  const { value } = observation;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const direct = /^\s*(-?[\d.,]+(?:e[-+]?\d+)?|Infinity|-Infinity|NaN)\s*$/iu.exec(value);
    if (direct?.[1]) return direct[1];
    const equals = /=\s*(-?[\d.,]+(?:e[-+]?\d+)?)\s*$/iu.exec(value);
    return equals?.[1];
  }
  const field = findField(
    value,
    /^(?:result|value|answer|formatted|output)$/iu,
    (candidate) => typeof candidate === 'number' || typeof candidate === 'string',
  );
  return field === undefined ? undefined : String(field);
}

/** Primitive fields of a result as `key: value` lines, for answers about results of unknown shape. */
export function describeValue(value: unknown, maxLines = 8): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  const lines: string[] = [];
  // Fields deeper than this are not described (a result may be nested thousands of levels deep).
  const maxLevels = 8;
  const visit = (current: unknown, prefix: string, level: number): void => {
    if (lines.length >= maxLines || level > maxLevels) return;
    if (Array.isArray(current)) {
      current.slice(0, maxLines).forEach((item, index) => visit(item, `${prefix}${index + 1}`, level + 1));
      return;
    }
    if (isRecord(current)) {
      for (const [key, item] of Object.entries(current)) visit(item, prefix ? `${prefix}.${key}` : key, level + 1);
      return;
    }
    lines.push(`- ${prefix}: ${String(current)}`);
  };
  visit(value, '', 0);
  return lines.slice(0, maxLines).join('\n');
}
