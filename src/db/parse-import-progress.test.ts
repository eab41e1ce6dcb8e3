import { describe, expect, it } from 'vitest';
import { parseImportFile, type ImportProgress } from './parse-import-file.ts';

const kv = (key: string, value: string) => ({ key, value: { stringValue: value } });
const trace = (traceByte: string, spans: number) =>
  Array.from({ length: spans }, (_, index) => ({
    traceId: traceByte.repeat(32),
    spanId: (index + 1).toString(16).padStart(16, '0'),
    ...(index === 0 ? {} : { parentSpanId: '1'.padStart(16, '0') }),
    name: `span ${index}`,
    startTimeUnixNano: String(1_730_000_000_000_000_000 + index * 1_000_000),
    endTimeUnixNano: String(1_730_000_000_000_000_000 + (index + 1) * 1_000_000),
    attributes: [kv('tool.name', 'lookup')],
  }));

describe('parseImportFile progress', () => {
  it('reports spans mapped of all spans, trace by trace, ending at the total', () => {
    const file = JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [...trace('a', 3), ...trace('b', 2)] }] }] });
    const seen: ImportProgress[] = [];
    const result = parseImportFile(file, 'two.json', { onProgress: (progress) => seen.push(progress) });
    expect(result.ok).toBe(true);
    expect(seen[0]).toEqual({ phase: 'map', done: 0, total: 5 });
    expect(seen.at(-1)).toEqual({ phase: 'map', done: 5, total: 5 });
    expect(seen.map((progress) => progress.done)).toEqual(
      [...seen.map((progress) => progress.done)].sort((a, b) => a - b),
    );
  });

  it('a broken trace file reports no progress past the error and imports nothing', () => {
    const broken = trace('a', 2);
    (broken[1] as { traceId: string }).traceId = 'zz';
    const seen: ImportProgress[] = [];
    const result = parseImportFile(
      JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: broken }] }] }),
      'broken.json',
      { onProgress: (progress) => seen.push(progress) },
    );
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('traceId: expected 32 hex characters') });
    expect(seen).toEqual([]);
  });
});
