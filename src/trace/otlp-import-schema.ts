import { z } from 'zod';

/**
 * The OTLP/HTTP JSON mapping of `ExportTraceServiceRequest` as this importer reads it: hex ids (any case),
 * 64-bit integers as decimal strings or numbers, enums as integers. Unknown fields are ignored, as the
 * OTLP spec asks of receivers.
 */

// JSON numbers past 2^53 lose precision in any JSON reader; decimal strings (what OTLP writes) are exact.
const int64 = z.union([z.string().regex(/^-?\d{1,20}$/, 'expected a decimal integer'), z.number()]);

/** An OTLP `AnyValue`, recursive. */
export type OtlpJsonAnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number | string;
  bytesValue?: string;
  arrayValue?: { values?: OtlpJsonAnyValue[] };
  kvlistValue?: { values?: Array<{ key: string; value?: OtlpJsonAnyValue }> };
};

export const otlpAnyValueSchema: z.ZodType<OtlpJsonAnyValue> = z.lazy(() =>
  z.object({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: int64.optional(),
    doubleValue: z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity'])]).optional(),
    bytesValue: z.string().optional(),
    arrayValue: z.object({ values: z.array(otlpAnyValueSchema).optional() }).optional(),
    kvlistValue: z.object({ values: z.array(otlpKeyValueSchema).optional() }).optional(),
  }),
);

export const otlpKeyValueSchema: z.ZodType<{ key: string; value?: OtlpJsonAnyValue }> = z.lazy(() =>
  z.object({ key: z.string().max(10_000), value: otlpAnyValueSchema.optional() }),
);

const hexId = (length: number) =>
  z.string().regex(new RegExp(`^[0-9a-fA-F]{${length}}$`), `expected ${length} hex characters`);

const attributes = z.array(otlpKeyValueSchema).optional();

export const otlpJsonSpanSchema = z.object({
  traceId: hexId(32),
  spanId: hexId(16),
  parentSpanId: z.union([hexId(16), z.literal('')]).optional(),
  name: z.string().max(10_000),
  kind: z.number().int().min(0).max(5).optional(),
  startTimeUnixNano: int64,
  endTimeUnixNano: int64.optional(),
  attributes,
  events: z
    .array(z.object({ timeUnixNano: int64.optional(), name: z.string().max(10_000).optional(), attributes }))
    .optional(),
  status: z.object({ code: z.number().int().min(0).max(2).optional(), message: z.string().optional() }).optional(),
});

/** An OTLP/HTTP JSON trace file. */
export const otlpTraceFileSchema = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({ attributes }).optional(),
      scopeSpans: z
        .array(
          z.object({
            scope: z.object({ name: z.string().optional(), version: z.string().optional(), attributes }).optional(),
            spans: z.array(otlpJsonSpanSchema).optional(),
          }),
        )
        .optional(),
    }),
  ),
});

export type OtlpTraceFile = z.output<typeof otlpTraceFileSchema>;
export type OtlpJsonSpan = z.output<typeof otlpJsonSpanSchema>;

/** Whether a parsed JSON value looks like an OTLP trace file (it has a `resourceSpans` array). */
export function isOtlpTraceFile(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as { resourceSpans?: unknown }).resourceSpans)
  );
}

/** A plain value from an OTLP `AnyValue`: ints as numbers (decimal strings when beyond 2^53), kvlists as objects. */
export function decodeAnyValue(value: OtlpJsonAnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) {
    const number = Number(value.intValue);
    return Number.isSafeInteger(number) ? number : String(value.intValue);
  }
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (value.bytesValue !== undefined) return value.bytesValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(decodeAnyValue);
  if (value.kvlistValue !== undefined) return decodeAttributes(value.kvlistValue.values);
  return undefined;
}

/** OTLP attributes as a plain record; attributes without a value are left out. */
export function decodeAttributes(
  list: ReadonlyArray<{ key: string; value?: OtlpJsonAnyValue }> | undefined,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const item of list ?? []) {
    const value = decodeAnyValue(item.value);
    if (value !== undefined) result[item.key] = value;
  }
  return result;
}

/** OTLP Unix nanoseconds (string or number) as epoch milliseconds with fraction. */
export function unixNanoToMs(value: string | number): number {
  if (typeof value === 'number') return value / 1_000_000;
  const nanos = BigInt(value);
  return Number(nanos / 1_000_000n) + Number(nanos % 1_000_000n) / 1_000_000;
}
