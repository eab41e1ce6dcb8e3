import { describe, it, expect } from 'vitest';
import { ATTR } from './attributes.ts';
import { computeTotals, sessionTotals, spanDurationMs, totalsByRun } from './totals.ts';
import { makeSpan } from '../testing/span-fixtures.ts';

const T = 1_700_000_000_000;

const spans = [
  makeSpan({ spanId: 'r1', startTime: T, endTime: T + 1000 }),
  makeSpan({
    spanId: 'l1',
    parentSpanId: 'r1',
    kind: 'llm',
    startTime: T + 10,
    endTime: T + 500,
    attributes: { [ATTR.llmUsageInputTokens]: 120, [ATTR.llmUsageOutputTokens]: 30, [ATTR.llmUsageCachedTokens]: 100 },
  }),
  makeSpan({ spanId: 't1', parentSpanId: 'r1', kind: 'tool', status: 'error', startTime: T + 510, endTime: T + 520 }),
  makeSpan({ spanId: 'r2', startTime: T + 5000, status: 'running', endTime: undefined }),
  makeSpan({
    spanId: 'l2',
    parentSpanId: 'r2',
    runId: 'r2',
    kind: 'llm',
    status: 'running',
    startTime: T + 5010,
    endTime: undefined,
    attributes: { [ATTR.llmUsageInputTokens]: 200, [ATTR.llmUsageOutputTokens]: 'not a number' },
  }),
];

describe('totals', () => {
  it('sums a session: tokens, tool calls, errors, llm calls and run time up to now', () => {
    expect(sessionTotals(spans, T + 5600)).toEqual({
      inputTokens: 320,
      outputTokens: 30,
      reasoningTokens: 0,
      cachedTokens: 100,
      totalTokens: 350,
      durationMs: 1000 + 600,
      runs: 2,
      llmCalls: 2,
      toolCalls: 1,
      errors: 1,
      spans: 5,
      running: true,
    });
  });

  it('without a clock counts a running run up to its latest known time', () => {
    expect(computeTotals(spans).durationMs).toBe(1000 + 10);
  });

  it('groups totals per run', () => {
    const byRun = totalsByRun(spans, T + 6000);
    expect(byRun.get('r1')).toMatchObject({
      inputTokens: 120,
      toolCalls: 1,
      errors: 1,
      durationMs: 1000,
      running: false,
    });
    expect(byRun.get('r2')).toMatchObject({ inputTokens: 200, outputTokens: 0, durationMs: 1000, running: true });
  });

  it('measures a running span only against a clock', () => {
    const running = makeSpan({ endTime: undefined, status: 'running', startTime: T });
    expect(spanDurationMs(running)).toBeUndefined();
    expect(spanDurationMs(running, T + 42)).toBe(42);
    expect(spanDurationMs(makeSpan({ startTime: T, endTime: T + 812.4 }))).toBeCloseTo(812.4);
  });
});
