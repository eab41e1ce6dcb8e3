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
