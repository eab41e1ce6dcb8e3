import { mapJson, stringifyJson } from '../json/deep-json.ts';

/** An OTLP `AnyValue` in its JSON encoding (64-bit integers as decimal strings). */
export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpAnyValue[] } };

/** An OTLP attribute. */
export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

/** Epoch milliseconds (with fraction) as OTLP's decimal-string Unix nanoseconds. */
export function toUnixNanoString(epochMs: number): string {
  if (!Number.isFinite(epochMs) || epochMs < 0) return '0';
  const whole = Math.floor(epochMs);
  const fractionNanos = Math.round((epochMs - whole) * 1_000_000);
  return (BigInt(whole) * 1_000_000n + BigInt(fractionNanos)).toString();
}

// Keys whose values are credentials: never exported, at any depth.
const SECRET_KEY =
  /^(api[-_ ]?key|x[-_]api[-_]key|authorization|proxy[-_]authorization|secret|client[-_]secret|password|access[-_]?token|bearer)$/i;

/** Whether an attribute or object key names a credential. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Replaces every occurrence of the given secrets in a string. */
export function scrubString(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (result.includes(secret)) result = result.split(secret).join('[REDACTED]');
  return result;
}

/** A deep copy (of any depth) without credential-named keys and with secret strings replaced; cycles become `[Circular]`. */
export function redactValue(value: unknown, secrets: readonly string[]): unknown {
  return mapJson(
    value,
    (text) => scrubString(text, secrets),
    (key) => !isSecretKey(key),
  );
}

/** JSON text of any value (of any depth); strings stay as they are. */
export function toJsonText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return stringifyJson(value) ?? String(value);
  } catch {
    return String(value);
  }
}

type Primitive = string | number | boolean;
const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

function numberValue(value: number, asDouble: boolean): OtlpAnyValue {
  if (!Number.isFinite(value)) return { stringValue: String(value) };
  if (!asDouble && Number.isSafeInteger(value)) return { intValue: String(value) };
  return { doubleValue: value };
}

/**
 * Converts a value to a typed OTLP AnyValue: strings, bools, ints, doubles and homogeneous primitive arrays keep
 * their type; objects and mixed arrays become JSON text. Null and undefined give undefined (not exported).
 */
export function toAnyValue(value: unknown, hint?: 'double'): OtlpAnyValue | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return numberValue(value, hint === 'double');
  if (typeof value === 'bigint') return { intValue: value.toString() };
  if (Array.isArray(value) && value.every(isPrimitive)) {
    const types = new Set(value.map((item) => typeof item));
    if (types.size <= 1) {
      const asDouble = hint === 'double' || value.some((item) => typeof item === 'number' && !Number.isInteger(item));
      return {
        arrayValue: {
          values: value.map((item) =>
            typeof item === 'number' ? numberValue(item, asDouble) : (toAnyValue(item) as OtlpAnyValue),
          ),
        },
      };
    }
  }
  return { stringValue: toJsonText(value) };
}

/** Collects attributes, skipping values that cannot be exported. */
export class AttributeList {
  readonly items: OtlpKeyValue[] = [];
  private readonly keys = new Set<string>();

  constructor(private readonly secrets: readonly string[]) {}

  /** Adds one attribute (last write for a key wins). */
  set(key: string, value: unknown, hint?: 'double'): void {
    if (isSecretKey(key.split('.').pop() ?? key)) return;
    const converted = toAnyValue(redactValue(value, this.secrets), hint);
    if (!converted) return;
    if (this.keys.has(key)) {
      const index = this.items.findIndex((item) => item.key === key);
      this.items.splice(index, 1);
    }
    this.keys.add(key);
    this.items.push({ key, value: converted });
  }
}
