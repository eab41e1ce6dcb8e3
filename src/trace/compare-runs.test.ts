import { describe, expect, it } from 'vitest';
import { ATTR } from './attributes.ts';
import { compareRuns, diffJson, diffText } from './compare-runs.ts';
import type { Span } from './span.ts';

let serial = 0;
function span(
  runId: string,
  kind: Span['kind'],
  start: number,
  end: number,
  attributes: Record<string, unknown> = {},
): Span {
  serial += 1;
  const spanId = kind === 'run' ? runId : serial.toString(16).padStart(16, '0');
  const result: Span = {
    traceId: 't'.repeat(32),
    spanId,
    sessionId: 's',
    runId,
    kind,
    name: kind,
    startTime: start,
    endTime: end,
    status: 'ok',
    attributes,
  };
  if (kind !== 'run') result.parentSpanId = runId;
  return result;
}

function run(runId: string, expression: string, answer: string, extraTool = false): Span[] {
  const spans = [
    span(runId, 'run', 0, extraTool ? 1900 : 1200, { [ATTR.runOutput]: answer }),
    span(runId, 'llm', 10, 300, {
      [ATTR.llmMessages]: [{ role: 'user', content: 'What is it?' }],
      [ATTR.llmOutputToolCalls]: [
        { id: 'c1', type: 'function', function: { name: 'calculator', arguments: JSON.stringify({ expression }) } },
      ],
      [ATTR.llmUsageInputTokens]: 100,
      [ATTR.llmUsageOutputTokens]: 20,
    }),
    span(runId, 'tool', 310, 320, {
      [ATTR.toolName]: 'calculator',
      [ATTR.toolArguments]: { expression },
      [ATTR.toolResult]: { value: answer },
    }),
    span(runId, 'llm', 330, 900, {
      [ATTR.llmOutputText]: `It is ${answer}.`,
      [ATTR.llmUsageInputTokens]: 150,
      [ATTR.llmUsageOutputTokens]: 10,
    }),
  ];
  if (extraTool)
    spans.push(
      span(runId, 'tool', 1000, 1100, { [ATTR.toolName]: 'calculator', [ATTR.toolArguments]: { expression: '1+1' } }),
    );
  return spans;
}

describe('compareRuns', () => {
  it('aligns llm calls by order and tool calls by name and index, marking what changed', () => {
    const first = run('a'.repeat(16), '6*7', '42');
    const second = run('b'.repeat(16), '7*8', '56', true);
    const comparison = compareRuns(first, 'a'.repeat(16), second, 'b'.repeat(16));
    expect(
      comparison.pairs.map((pair) => [pair.label, pair.changed, Boolean(pair.first), Boolean(pair.second)]),
    ).toEqual([
      ['llm 1', true, true, true],
      ['calculator 1', true, true, true],
      ['llm 2', true, true, true],
      ['calculator 2', true, false, true],
    ]);
    const tool = comparison.pairs[1];
    expect(tool?.fields.find((field) => field.field === 'arguments')?.json).toEqual([
      { path: 'expression', type: 'changed', first: '6*7', second: '7*8' },
    ]);
    const llm = comparison.pairs[0];
    expect(llm?.fields.find((field) => field.field === 'messages')?.changed).toBe(false);
    expect(llm?.fields.find((field) => field.field === 'toolCalls')?.json).toEqual([
      { path: '[0].arguments.expression', type: 'changed', first: '6*7', second: '7*8' },
    ]);
    expect(comparison.pairs[2]?.fields.find((field) => field.field === 'output')?.text).toEqual([
      { type: 'same', text: 'It is ' },
      { type: 'removed', text: '42.' },
      { type: 'added', text: '56.' },
    ]);
    expect([comparison.first, comparison.second]).toEqual([
      { steps: 3, tokens: 280, durationMs: 1200, answer: '42' },
      { steps: 4, tokens: 280, durationMs: 1900, answer: '56' },
    ]);
    expect(comparison.answerChanged).toBe(true);
  });

  it('finds nothing changed between a run and itself', () => {
    const spans = run('c'.repeat(16), '1+2', '3');
    const comparison = compareRuns(spans, 'c'.repeat(16), spans, 'c'.repeat(16));
    expect(comparison.pairs.some((pair) => pair.changed)).toBe(false);
    expect(comparison.answerChanged).toBe(false);
  });
});

describe('compareRuns with a fork', () => {
  const original = () => run('d'.repeat(16), '6*7', '42');
  /** A fork made at the original's calculator call: the call answered with 41, then one model call. */
  const fork = (runId: string) => [
    span(runId, 'run', 0, 500, { [ATTR.runOutput]: '41' }),
    span(runId, 'tool', 10, 11, {
      [ATTR.toolName]: 'calculator',
      [ATTR.toolArguments]: { expression: '6*7' },
      [ATTR.toolResult]: { value: '41' },
    }),
    span(runId, 'llm', 20, 300, {
      [ATTR.llmOutputText]: 'It is 41.',
      [ATTR.llmUsageInputTokens]: 150,
      [ATTR.llmUsageOutputTokens]: 10,
    }),
  ];
  const summary = (pairs: ReturnType<typeof compareRuns>['pairs']) =>
    pairs.map((pair) => [pair.label, Boolean(pair.carried), Boolean(pair.first), Boolean(pair.second), pair.changed]);

  it('aligns a fork at a tool span with the steps it replays; the steps before the fork are carried', () => {
    const first = original();
    const toolSpan = first.find((candidate) => candidate.kind === 'tool') as Span;
    const second = fork('e'.repeat(16));
    const comparison = compareRuns(first, 'd'.repeat(16), second, 'e'.repeat(16), {
      spanId: toolSpan.spanId,
      fork: 'second',
    });
    expect(summary(comparison.pairs)).toEqual([
      ['llm 1', true, true, false, false],
      ['calculator 1', false, true, true, true],
      ['llm 2', false, true, true, true],
    ]);
    expect(comparison.pairs[1]?.fields.find((field) => field.field === 'result')?.json).toEqual([
      { path: 'value', type: 'changed', first: '42', second: '41' },
    ]);
    // Picked the other way round, the fork is the first run: the same alignment, sides swapped.
    const swapped = compareRuns(second, 'e'.repeat(16), first, 'd'.repeat(16), {
      spanId: toolSpan.spanId,
      fork: 'first',
    });
    expect(summary(swapped.pairs)).toEqual([
      ['llm 1', true, false, true, false],
      ['calculator 1', false, true, true, true],
      ['llm 2', false, true, true, true],
    ]);
  });

  it('aligns a fork at an llm span with that call; a side without tool calls has them removed, not undefined', () => {
    const first = original();
    const llm2 = first.filter((candidate) => candidate.kind === 'llm')[1] as Span;
    const second = fork('f'.repeat(16)).filter((candidate) => candidate.kind !== 'tool');
    const comparison = compareRuns(first, 'd'.repeat(16), second, 'f'.repeat(16), {
      spanId: llm2.spanId,
      fork: 'second',
    });
    expect(summary(comparison.pairs)).toEqual([
      ['llm 1', true, true, false, false],
      ['calculator 1', true, true, false, false],
      ['llm 2', false, true, true, true],
    ]);
    // Without the fork point, llm 1 (which made a tool call) meets the fork's call (which made none).
    const unaligned = compareRuns(first, 'd'.repeat(16), second, 'f'.repeat(16));
    const calls = unaligned.pairs[0]?.fields.find((field) => field.field === 'toolCalls');
    expect(calls?.json).toEqual([{ path: '', type: 'removed', first: expect.any(Array) }]);
  });
});

describe('diffJson and diffText', () => {
  it('reports keys added, removed and changed, nested and in arrays', () => {
    expect(diffJson({ a: 1, b: { c: [1, 2] }, gone: true }, { a: 1, b: { c: [1, 3, 4] }, 'new key': null })).toEqual([
      { path: 'b.c[1]', type: 'changed', first: 2, second: 3 },
      { path: 'b.c[2]', type: 'added', second: 4 },
      { path: 'gone', type: 'removed', first: true },
      { path: '["new key"]', type: 'added', second: null },
    ]);
    expect(diffJson('x', 'y')).toEqual([{ path: '', type: 'changed', first: 'x', second: 'y' }]);
  });

  it('diffs words and keeps the texts recoverable from the parts', () => {
    const parts = diffText('the quick brown fox', 'the slow brown dog');
    expect(
      parts
        .filter((part) => part.type !== 'added')
        .map((part) => part.text)
        .join(''),
    ).toBe('the quick brown fox');
    expect(
      parts
        .filter((part) => part.type !== 'removed')
        .map((part) => part.text)
        .join(''),
    ).toBe('the slow brown dog');
    expect(parts.filter((part) => part.type === 'removed').map((part) => part.text)).toEqual(['quick', 'fox']);
  });
});
