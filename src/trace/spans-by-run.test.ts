import { describe, expect, it } from 'vitest';
import { makeSpan } from '../testing/span-fixtures.ts';
import { spansByRun } from './spans-by-run.ts';

describe('spansByRun', () => {
  const spans = [
    makeSpan({ spanId: 'r1' }),
    makeSpan({ spanId: 'r2' }),
    makeSpan({ spanId: 'l1', parentSpanId: 'r1' }),
    makeSpan({ spanId: 'l2', parentSpanId: 'r2' }),
    makeSpan({ spanId: 't1', parentSpanId: 'l1', runId: 'r1' }),
  ];

  it('groups each run in the order of the list', () => {
    const byRun = spansByRun(spans);
    expect([...byRun.keys()]).toEqual(['r1', 'r2']);
    expect(byRun.get('r1')?.map((span) => span.spanId)).toEqual(['r1', 'l1', 't1']);
    expect(byRun.get('r2')?.map((span) => span.spanId)).toEqual(['r2', 'l2']);
  });

  it('groups a list once and a replaced list again', () => {
    expect(spansByRun(spans)).toBe(spansByRun(spans));
    const grown = [...spans, makeSpan({ spanId: 'l3', parentSpanId: 'r2' })];
    expect(
      spansByRun(grown)
        .get('r2')
        ?.map((span) => span.spanId),
    ).toEqual(['r2', 'l2', 'l3']);
    expect(spansByRun(spans).get('r2')).toHaveLength(2);
  });
});
