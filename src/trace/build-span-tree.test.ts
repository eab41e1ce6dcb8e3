import { describe, it, expect } from 'vitest';
import { ATTR } from './attributes.ts';
import { allParentIds, ancestorIds, buildSpanTree, flattenVisible, type SpanNode } from './build-span-tree.ts';
import type { Span } from './span.ts';
import { generateSessionSpans, makeSpan } from '../testing/span-fixtures.ts';

const T = 1_700_000_000_000;

const child = (spanId: string, parent: string, overrides: Partial<Span>): Span =>
  makeSpan({ spanId, parentSpanId: parent, runId: parent.startsWith('r') ? parent : 'r2', ...overrides });

/** Two runs: the second has an llm call (with a retry), a failing tool and a final llm call. */
function session(): Span[] {
  const run1 = makeSpan({ spanId: 'r1', name: 'first', startTime: T, endTime: T + 100 });
  const run2 = makeSpan({ spanId: 'r2', name: 'second', startTime: T + 1000, endTime: T + 2000 });
  return [
    // Deliberately out of order: the tree orders by start time.
    child('t1', 'r2', {
      kind: 'tool',
      name: 'calculator',
      startTime: T + 1300,
      endTime: T + 1400,
      status: 'error',
      error: { type: 'tool_error', message: 'Division by zero' },
      attributes: { [ATTR.toolName]: 'calculator', [ATTR.toolArguments]: { expression: '1/0' } },
    }),
    run2,
    child('l2', 'r2', {
      kind: 'llm',
      name: 'chat final',
      startTime: T + 1500,
      endTime: T + 1900,
      attributes: {
        [ATTR.llmUsageInputTokens]: 300,
        [ATTR.llmUsageOutputTokens]: 20,
        [ATTR.llmOutputText]: 'The answer is Infinity',
      },
    }),
    child('l1', 'r2', {
      kind: 'llm',
      name: 'chat',
      startTime: T + 1100,
      endTime: T + 1250,
      attributes: {
        [ATTR.llmUsageInputTokens]: 100,
        [ATTR.llmUsageOutputTokens]: 10,
        [ATTR.llmUsageReasoningTokens]: 4,
      },
    }),
    child('y1', 'l1', { kind: 'retry', name: 'retry after 429', runId: 'r2', startTime: T + 1110, endTime: T + 1120 }),
    run1,
  ];
}

const ids = (nodes: SpanNode[]) => nodes.map((node) => node.span.spanId);

describe('buildSpanTree', () => {
  it('orders runs oldest first and children by start time, with depth', () => {
    const forest = buildSpanTree(session());
    expect(ids(forest)).toEqual(['r1', 'r2']);
    const run2 = forest[1] as SpanNode;
    expect(ids(run2.children)).toEqual(['l1', 't1', 'l2']);
    expect(run2.children[0]?.children[0]?.span.spanId).toBe('y1');
    expect(run2.children[0]?.children[0]?.depth).toBe(2);
    expect(run2.children[0]?.children[0]?.rootSpanId).toBe('r2');
  });

  it('sums tokens, calls and errors over each subtree', () => {
    const run2 = buildSpanTree(session())[1] as SpanNode;
    expect(run2.aggregates).toMatchObject({
      inputTokens: 400,
      outputTokens: 30,
      reasoningTokens: 4,
      llmCalls: 2,
      toolCalls: 1,
      errors: 1,
      descendants: 4,
    });
    expect(run2.children[0]?.aggregates.descendants).toBe(1);
  });

  it('treats an orphan as a root and breaks parent cycles from imported data', () => {
    const orphan = makeSpan({ spanId: 'o1', parentSpanId: 'missing', kind: 'tool', startTime: T + 5 });
    const a = makeSpan({ spanId: 'ca', parentSpanId: 'cb', startTime: T + 10 });
    const b = makeSpan({ spanId: 'cb', parentSpanId: 'ca', startTime: T + 20 });
    const self = makeSpan({ spanId: 'ss', parentSpanId: 'ss', startTime: T + 30 });
    const forest = buildSpanTree([b, self, orphan, a]);
    expect(ids(forest)).toEqual(['o1', 'ca', 'ss']);
    expect(ids(forest[1]?.children ?? [])).toEqual(['cb']);
  });

  it('handles a 5,000-span session and a very deep chain without recursion limits', () => {
    expect(buildSpanTree(generateSessionSpans({ runs: 50, spansPerRun: 100 }))).toHaveLength(50);
    const chain = Array.from({ length: 20_000 }, (_, index) =>
      makeSpan({ spanId: `c${index}`, parentSpanId: index === 0 ? undefined : `c${index - 1}`, startTime: T + index }),
    );
    const [root] = buildSpanTree(chain);
    expect(root?.aggregates.descendants).toBe(19_999);
  });
});

describe('flattenVisible', () => {
  it('shows only roots when nothing is expanded, with ARIA positions', () => {
    const rows = flattenVisible(buildSpanTree(session()), new Set());
    expect(
      rows.map((row) => [row.node.span.spanId, row.level, row.posInSet, row.setSize, row.hasChildren, row.expanded]),
    ).toEqual([
      ['r1', 1, 1, 2, false, false],
      ['r2', 1, 2, 2, true, false],
    ]);
  });

  it('shows the children of expanded nodes in order, pointing at their parent row', () => {
    const rows = flattenVisible(buildSpanTree(session()), new Set(['r2', 'l1']));
    expect(rows.map((row) => row.node.span.spanId)).toEqual(['r1', 'r2', 'l1', 'y1', 't1', 'l2']);
    expect(rows[3]).toMatchObject({ level: 3, posInSet: 1, setSize: 1, parentIndex: 2 });
    expect(rows[5]).toMatchObject({ level: 2, posInSet: 3, setSize: 3, parentIndex: 1 });
  });

  it('accepts a predicate for expansion and expands everything with allParentIds', () => {
    const forest = buildSpanTree(session());
    expect(allParentIds(forest)).toEqual(new Set(['r2', 'l1']));
    expect(flattenVisible(forest, () => true)).toHaveLength(6);
  });

  it('filters by kind, keeping ancestors as unmatched context', () => {
    const rows = flattenVisible(buildSpanTree(session()), () => true, { kinds: new Set(['retry']) });
    expect(rows.map((row) => [row.node.span.spanId, row.matches])).toEqual([
      ['r2', false],
      ['l1', false],
      ['y1', true],
    ]);
    expect(rows[0]?.setSize).toBe(1);
  });

  it('shows errors only with their ancestors', () => {
    const rows = flattenVisible(buildSpanTree(session()), () => true, { errorsOnly: true });
    expect(rows.map((row) => row.node.span.spanId)).toEqual(['r2', 't1']);
    expect(rows[0]?.hasChildren).toBe(true);
  });

  it('searches names, tool arguments, outputs and errors case-insensitively', () => {
    const forest = buildSpanTree(session());
    const search = (text: string) =>
      flattenVisible(forest, () => true, { search: text })
        .filter((row) => row.matches)
        .map((row) => row.node.span.spanId);
    expect(search('1/0')).toEqual(['t1']);
    expect(search('INFINITY')).toEqual(['l2']);
    expect(search('division by')).toEqual(['t1']);
    expect(search('FIRST')).toEqual(['r1']);
    expect(search('no such text')).toEqual([]);
    expect(search('   ')).toHaveLength(6);
  });

  it('combines filters: errors only and kind', () => {
    const rows = flattenVisible(buildSpanTree(session()), () => true, { errorsOnly: true, kinds: new Set(['llm']) });
    expect(rows).toEqual([]);
  });
});

describe('ancestorIds', () => {
  it('lists ancestors nearest first and stops at cycles', () => {
    const spans = new Map(session().map((span) => [span.spanId, span]));
    expect(ancestorIds(spans, 'y1')).toEqual(['l1', 'r2']);
    const cyclic = new Map([
      ['a', makeSpan({ spanId: 'a', parentSpanId: 'b' })],
      ['b', makeSpan({ spanId: 'b', parentSpanId: 'a' })],
    ]);
    expect(ancestorIds(cyclic, 'a')).toEqual(['b']);
  });
});
