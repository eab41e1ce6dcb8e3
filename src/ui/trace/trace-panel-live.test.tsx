// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, it, expect, vi } from 'vitest';
import { traceStrings } from '../../i18n/trace.ts';
import { ATTR } from '../../trace/attributes.ts';
import { makeSpan } from '../../testing/span-fixtures.ts';
import { T, sessionSpans, Harness, tree, items, item } from './trace-panel-test-helpers.tsx';

afterEach(cleanup);

describe('TracePanel', () => {
  it('updates live: a new run opens, running spans show live duration and growing output', () => {
    const spans = sessionSpans();
    const run3 = makeSpan({
      spanId: 'r3',
      name: 'Next question',
      startTime: T + 10_000,
      endTime: undefined,
      status: 'running',
    });
    const llm = makeSpan({
      spanId: 'l3',
      parentSpanId: 'r3',
      runId: 'r3',
      kind: 'llm',
      name: 'chat live',
      startTime: T + 10_010,
      endTime: undefined,
      status: 'running',
      attributes: { [ATTR.llmOutputText]: 'Thinking', [ATTR.llmTimeToFirstTokenMs]: 95 },
    });
    const { rerender } = render(<Harness spans={spans} selectedSpanId="l3" />);
    rerender(<Harness spans={[...spans, run3, llm]} selectedSpanId="l3" now={T + 10_500} />);
    expect(screen.getByRole('treeitem', { name: 'run: What is 6*7?' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('treeitem', { name: 'run: Next question' })).toHaveAttribute('aria-expanded', 'true');
    const live = screen.getByRole('treeitem', { name: 'llm: chat live' });
    expect(live).toHaveAttribute('data-span-status', 'running');
    expect(live).toHaveAccessibleDescription('first token 95 ms · 490 ms, Running');
    const grown = { ...llm, attributes: { [ATTR.llmOutputText]: 'Thinking about 6*7' } };
    rerender(<Harness spans={[...spans, run3, grown]} selectedSpanId="l3" now={T + 11_410} />);
    expect(screen.getByRole('treeitem', { name: 'llm: chat live' })).toHaveAccessibleDescription(/1\.4 s/);
    const details = screen.getByRole('region', { name: 'Span details' });
    expect(within(details).getByText('Thinking about 6*7')).toBeInTheDocument();
    expect(within(details).getByTestId('span-duration')).toHaveTextContent('1.4 s');
  });

  it('a click whose press began before the run ended selects the span, with the spans replaced by their stored copies', () => {
    const running = sessionSpans().map((span) =>
      span.runId === 'r2' && (span.spanId === 'r2' || span.spanId === 'l2')
        ? { ...span, endTime: undefined, status: 'running' as const }
        : span,
    );
    const live = { text: 'It is', reasoning: '', toolCalls: [] };
    const onSelectSpan = vi.fn();
    const { rerender } = render(
      <Harness spans={running} selectedSpanId="l2" liveOutput={live} now={T + 2600} onSelectSpan={onSelectSpan} />,
    );
    expect(screen.getByRole('region', { name: 'Span details' })).toHaveTextContent('It is');
    const row = item('tool: calculator');
    fireEvent.mouseDown(row);
    // The run ends between the press and the release: every span is a new object (read back from storage), in another order.
    const stored = sessionSpans()
      .toReversed()
      .map((span) => structuredClone(span));
    // (The harness keeps the selection from here on, as the store does.)
    rerender(<Harness spans={stored} onSelectSpan={onSelectSpan} />);
    expect(row.isConnected).toBe(true);
    fireEvent.mouseUp(row);
    fireEvent.click(row);
    expect(onSelectSpan).toHaveBeenLastCalledWith('t1');
    expect(item('tool: calculator')).toHaveAttribute('aria-selected', 'true');
    expect(item('llm: chat final')).toHaveAttribute('aria-selected', 'false');
    const details = screen.getByRole('region', { name: 'Span details' });
    expect(within(details).getByRole('heading', { name: 'calculator' })).toBeInTheDocument();
    expect(within(details).getByText('42')).toBeInTheDocument();
  });

  it('reveals a span selected from outside inside a collapsed run', () => {
    const { rerender } = render(<Harness spans={sessionSpans()} />);
    expect(screen.queryByRole('treeitem', { name: 'llm: chat old' })).toBeNull();
    rerender(<Harness spans={sessionSpans()} selectedSpanId="l0" />);
    expect(screen.getByRole('treeitem', { name: 'llm: chat old' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Span details' })).toHaveTextContent('190 ms');
  });

  it('keeps English accessible names when the UI is in Chinese', () => {
    const zh = traceStrings['zh-CN'];
    render(<Harness spans={sessionSpans()} t={(key) => zh[key]} />);
    expect(screen.getByRole('button', { name: 'Expand all' })).toHaveTextContent('全部展开');
    expect(screen.getByRole('button', { name: 'Export OTLP' })).toHaveTextContent('导出 OTLP');
    expect(screen.getByRole('searchbox', { name: 'Search spans' })).toHaveAttribute(
      'placeholder',
      '搜索名称、参数、输出…',
    );
    expect(screen.getByRole('region', { name: 'Span details' })).toHaveTextContent('选择一个 span 查看详情。');
    expect(screen.getByRole('treeitem', { name: 'tool: calculator' })).toBeInTheDocument();
  });

  it('shows a hint and an empty tree when there are no spans', () => {
    render(<Harness spans={[]} />);
    expect(tree()).toBeInTheDocument();
    expect(items()).toHaveLength(0);
    expect(screen.getByText('No traces yet. Send a message to record a run.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export OTLP' })).toBeDisabled();
  });
});
