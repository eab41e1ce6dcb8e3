import { describe, expect, it } from 'vitest';
import { makeSpan } from '../../testing/span-fixtures.ts';
import { ATTR } from '../attributes.ts';
import type { Span } from '../span.ts';
import { aggregateInsights, bucketSize } from './aggregate.ts';
import { medianAndP95, quantile } from './percentile.ts';
import { costOf, defaultPrice, priceFor } from './prices.ts';
import { llmTokens, runFact, runFacts } from './run-facts.ts';
import { costOfSpans } from './span-cost.ts';
import { stuckReasons } from './stuck.ts';

const T = 1_700_000_000_000;

function llm(
  id: string,
  runId: string,
  start: number,
  attributes: Record<string, unknown>,
  extra: Partial<Span> = {},
): Span {
  return makeSpan({
    spanId: id,
    parentSpanId: runId,
    runId,
    kind: 'llm',
    name: 'chat',
    startTime: start,
    endTime: start + 400,
    attributes: { [ATTR.llmRequestModel]: 'gpt-4o', ...attributes },
    ...extra,
  });
}

function tool(id: string, runId: string, start: number, name: string, args: unknown, ok = true, duration = 10): Span {
  return makeSpan({
    spanId: id,
    parentSpanId: runId,
    runId,
    kind: 'tool',
    name,
    startTime: start,
    endTime: start + duration,
    status: ok ? 'ok' : 'error',
    ...(ok ? {} : { error: { type: 'tool_error', message: 'bad' } }),
    attributes: { [ATTR.toolName]: name, [ATTR.toolArguments]: args },
  });
}

function run(id: string, start: number, sessionId = 'sess_a', input = 'question'): Span {
  return makeSpan({
    spanId: id,
    runId: id,
    sessionId,
    startTime: start,
    endTime: start + 2000,
    attributes: { [ATTR.runInput]: input },
  });
}

describe('percentiles', () => {
  it('interpolates between closest ranks', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([10], 0.95)).toBe(10);
    expect(quantile([], 0.5)).toBeUndefined();
    // p95 of 1…100: rank 0.95 × 99 = 94.05 → 95 + 0.05.
    expect(
      quantile(
        Array.from({ length: 100 }, (_, index) => index + 1),
        0.95,
      ),
    ).toBeCloseTo(95.05, 10);
    expect(medianAndP95([100, 200, 300])).toEqual({ p50: 200, p95: 290 });
  });
});

describe('prices and cost', () => {
  it('knows well-known models by their base name, the longest name winning', () => {
    expect(defaultPrice('gpt-4o-mini-2024-07-18')).toMatchObject({ input: 0.15, output: 0.6 });
    expect(defaultPrice('openai/gpt-4o')).toMatchObject({ input: 2.5, output: 10 });
    expect(defaultPrice('glassbox-demo')).toBeUndefined();
    expect(defaultPrice('gpt-4')).toBeUndefined();
    // The in-browser model's id is its GGUF file name: local tokens cost nothing.
    expect(defaultPrice('qwen2.5-0.5b-instruct-q4_k_m.gguf')).toEqual({ input: 0, output: 0 });
  });

  it('prefers the Settings entry, and an incomplete entry means no price', () => {
    expect(priceFor('gpt-4o', { 'gpt-4o': { input: 1, output: 2 } })).toEqual({
      price: { input: 1, output: 2 },
      source: 'settings',
    });
    expect(priceFor('gpt-4o', {}).source).toBe('default');
    expect(priceFor('my-local-model', {})).toEqual({ price: undefined, source: 'none' });
    expect(priceFor('my-local-model', { 'my-local-model': { input: 3, output: null } })).toEqual({
      price: undefined,
      source: 'none',
    });
  });

  it('charges cached input at the cached price, the input price without one', () => {
    expect(
      costOf(
        { inputTokens: 1_000_000, cachedTokens: 400_000, outputTokens: 500_000 },
        { input: 2, cachedInput: 0.5, output: 8 },
      ),
    ).toBeCloseTo(1.2 + 0.2 + 4, 10);
    expect(costOf({ inputTokens: 1000, cachedTokens: 1000, outputTokens: 0 }, { input: 3, output: 6 })).toBeCloseTo(
      0.003,
      10,
    );
  });
});

describe('tokens', () => {
  it('takes reported usage over anything else', () => {
    const span = llm('l1', 'r1', T, {
      [ATTR.llmUsageInputTokens]: 120,
      [ATTR.llmUsageOutputTokens]: 30,
      [ATTR.llmUsageCachedTokens]: 100,
      [ATTR.llmOutputText]: 'hello there',
    });
    expect(llmTokens(span, () => 1)).toEqual({
      inputTokens: 120,
      outputTokens: 30,
      cachedTokens: 100,
      tokenSource: 'reported',
    });
  });

  it('estimates without usage, and counts with a tokenizer that knows the model', () => {
    const span = llm('l1', 'r1', T, {
      [ATTR.llmMessages]: [{ role: 'user', content: 'What is the weather in Paris today?' }],
      [ATTR.llmOutputText]: 'Sunny and warm.',
    });
    const estimated = llmTokens(span);
    expect(estimated.tokenSource).toBe('estimated');
    // Seven words and a question mark, plus 3 request and 4 message overhead tokens.
    expect(estimated.inputTokens).toBe(8 + 7);
    expect(estimated.outputTokens).toBe(4);
    const counted = llmTokens(span, (_model, text) => text.length);
    expect(counted).toEqual({
      inputTokens: 'What is the weather in Paris today?'.length + 7,
      outputTokens: 'Sunny and warm.'.length,
      cachedTokens: 0,
      tokenSource: 'counted',
    });
    expect(llmTokens(span, () => undefined).tokenSource).toBe('estimated');
  });
});

describe('stuck runs', () => {
  it('flags more steps than the threshold, the same error three times and the same call three times', () => {
    const spans = [
      run('r1', T),
      ...Array.from({ length: 4 }, (_, index) =>
        llm(`l${index}`, 'r1', T + index * 100, { [ATTR.llmStep]: index + 1 }),
      ),
    ];
    expect(stuckReasons(spans, 10)).toEqual([]);
    expect(stuckReasons(spans, 3)).toEqual([{ kind: 'steps', steps: 4, threshold: 3 }]);
    const repeated = [
      run('r1', T),
      tool('t1', 'r1', T + 1, 'search_web', '{"query": "x"}', false),
      tool('t2', 'r1', T + 2, 'search_web', '{"query":"x"}', false),
      tool('t3', 'r1', T + 3, 'search_web', { query: 'x' }, false),
      tool('t4', 'r1', T + 4, 'calculator', '{"expression":"1+1"}'),
      tool('t5', 'r1', T + 5, 'calculator', '{"expression":"1+2"}'),
    ];
    expect(stuckReasons(repeated, 10)).toEqual([
      { kind: 'repeated-errors', error: 'search_web: tool_error', count: 3 },
      { kind: 'repeated-calls', tool: 'search_web', count: 3 },
    ]);
  });
});

describe('aggregateInsights', () => {
  const spans: Span[] = [
    run('r1', T, 'sess_a', 'first'),
    llm('l1', 'r1', T + 10, {
      [ATTR.llmStep]: 1,
      [ATTR.llmUsageInputTokens]: 1000,
      [ATTR.llmUsageOutputTokens]: 100,
      [ATTR.llmTimeToFirstTokenMs]: 100,
    }),
    tool('t1', 'r1', T + 500, 'calculator', '{"expression":"1+1"}', true, 10),
    tool('t2', 'r1', T + 520, 'search_web', '{"query":"a"}', false, 300),
    llm('l2', 'r1', T + 900, {
      [ATTR.llmStep]: 2,
      [ATTR.llmUsageInputTokens]: 2000,
      [ATTR.llmUsageOutputTokens]: 200,
      [ATTR.llmTimeToFirstTokenMs]: 300,
    }),
    makeSpan({ spanId: 'y1', parentSpanId: 'l2', runId: 'r1', kind: 'retry', startTime: T + 901, endTime: T + 950 }),
    run('r2', T + 3_600_000 * 3, 'sess_b', 'second'),
    llm('l3', 'r2', T + 3_600_000 * 3 + 10, {
      [ATTR.llmStep]: 1,
      [ATTR.llmRequestModel]: 'local-llama',
      [ATTR.llmMessages]: [{ role: 'user', content: 'hi' }],
      [ATTR.llmOutputText]: 'hello',
    }),
    tool('t3', 'r2', T + 3_600_000 * 3 + 500, 'calculator', '{"expression":"2+2"}', true, 30),
    makeSpan({
      spanId: 'c1',
      parentSpanId: 'r2',
      runId: 'r2',
      sessionId: 'sess_b',
      kind: 'compaction',
      startTime: T + 3_600_000 * 3 + 5,
      endTime: T + 3_600_000 * 3 + 8,
    }),
  ].map((span) => (span.runId === 'r2' ? { ...span, sessionId: 'sess_b' } : span));
  const facts = runFacts(spans);

  it('reads one fact per run', () => {
    expect(facts.map((fact) => [fact.runId, fact.sessionId, fact.steps, fact.tools.length])).toEqual([
      ['r1', 'sess_a', 2, 2],
      ['r2', 'sess_b', 1, 1],
    ]);
    expect(runFact([tool('t9', 'r9', T, 'x', '{}')])).toBeUndefined();
  });

  it('totals tokens, cost with and without prices, tool success and latency, errors, retries and compactions', () => {
    const report = aggregateInsights(facts, { prices: { 'gpt-4o': { input: 2, output: 10 } } });
    expect(report.totals).toMatchObject({
      sessions: 2,
      runs: 2,
      steps: 3,
      llmCalls: 3,
      toolCalls: 3,
      errors: 1,
      retries: 1,
      compactions: 1,
      tokenSources: { reported: 2, counted: 0, estimated: 1 },
      unpricedModels: ['local-llama'],
    });
    expect(report.totals.toolSuccessRate).toBeCloseTo(2 / 3, 10);
    // 3,000 input × $2 + 300 output × $10 per 1M; the unpriced local model adds nothing.
    expect(report.totals.cost).toBeCloseTo(0.006 + 0.003, 10);
    const calculator = report.tools.find((entry) => entry.name === 'calculator');
    expect(calculator).toMatchObject({ calls: 2, ok: 2, failed: 0, successRate: 1, p50Ms: 20, runCount: 2 });
    expect(calculator?.p95Ms).toBeCloseTo(29, 10);
    expect(report.tools.find((entry) => entry.name === 'search_web')).toMatchObject({
      calls: 1,
      ok: 0,
      successRate: 0,
      runs: [{ sessionId: 'sess_a', runId: 'r1' }],
    });
    const gpt = report.models.find((entry) => entry.model === 'gpt-4o');
    expect(gpt).toMatchObject({
      calls: 2,
      ttftP50Ms: 200,
      p50Ms: 400,
      priceSource: 'settings',
      tokenSources: { reported: 2, counted: 0, estimated: 0 },
    });
    expect(gpt?.cost).toBeCloseTo(0.009, 10);
    expect(report.models.find((entry) => entry.model === 'local-llama')).toMatchObject({
      cost: undefined,
      priceSource: 'none',
      tokenSources: { estimated: 1 },
    });
    expect(report.errors).toEqual([
      { kind: 'tool: tool_error', count: 1, runs: [{ sessionId: 'sess_a', runId: 'r1' }], runCount: 1 },
    ]);
    expect(report.stepsPerRun.map((bucket) => [bucket.value, bucket.runCount])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(report.timeline.map((bucket) => bucket.runCount)).toEqual([1, 1]);
    expect(report.bucketMs).toBe(3_600_000);
  });

  it('uses the default price of a well-known model when Settings has none', () => {
    const report = aggregateInsights(facts);
    expect(report.totals.cost).toBeCloseTo((3000 * 2.5 + 300 * 10) / 1e6, 10);
  });

  it('filters by time range and session, and flags stuck runs by the threshold given', () => {
    expect(aggregateInsights(facts, { from: T + 3_600_000 }).totals.runs).toBe(1);
    expect(aggregateInsights(facts, { to: T + 3_600_000 }).totals).toMatchObject({ runs: 1, sessions: 1, llmCalls: 2 });
    expect(aggregateInsights(facts, { sessionId: 'sess_b' }).totals).toMatchObject({
      runs: 1,
      toolCalls: 1,
      retries: 0,
    });
    expect(aggregateInsights(facts, { sessionId: 'sess_none' }).totals.runs).toBe(0);
    expect(aggregateInsights(facts).stuck).toEqual([]);
    expect(aggregateInsights(facts, { stuckSteps: 1 }).stuck).toEqual([
      {
        sessionId: 'sess_a',
        runId: 'r1',
        startTime: T,
        input: 'first',
        steps: 2,
        reasons: [{ kind: 'steps', steps: 2, threshold: 1 }],
      },
    ]);
  });

  it('counts the answers the user marked good and bad', () => {
    const marked = spans.map((span) =>
      span.spanId === 'r1' ? { ...span, attributes: { ...span.attributes, [ATTR.feedbackRating]: 'bad' } } : span,
    );
    expect(aggregateInsights(runFacts(marked)).totals).toMatchObject({ goodAnswers: 0, badAnswers: 1 });
    expect(aggregateInsights(facts).totals).toMatchObject({ goodAnswers: 0, badAnswers: 0 });
  });

  it('buckets the timeline by hour, day or week by the extent', () => {
    expect(bucketSize(0, 3_600_000 * 47)).toBe(3_600_000);
    expect(bucketSize(0, 86_400_000 * 10)).toBe(86_400_000);
    expect(bucketSize(0, 86_400_000 * 100)).toBe(7 * 86_400_000);
  });
});

describe('costOfSpans', () => {
  it('prices each model call and names the models without a price', () => {
    const spans = [
      run('r1', T),
      llm('l1', 'r1', T + 1, { [ATTR.llmUsageInputTokens]: 1_000_000, [ATTR.llmUsageOutputTokens]: 100_000 }),
      llm('l2', 'r1', T + 2, {
        [ATTR.llmRequestModel]: 'my-model',
        [ATTR.llmMessages]: [{ role: 'user', content: 'hi' }],
      }),
      tool('t1', 'r1', T + 3, 'calculator', '{}'),
    ];
    expect(costOfSpans(spans, { 'gpt-4o': { input: 1, output: 2 } })).toEqual({
      cost: 1 + 0.2,
      calls: 2,
      unpricedCalls: 1,
      unpricedModels: ['my-model'],
      tokenSources: { reported: 1, counted: 0, estimated: 1 },
    });
    expect(costOfSpans(spans, { 'my-model': { input: 1_000_000, output: 0 } }).unpricedModels).toEqual([]);
  });
});
