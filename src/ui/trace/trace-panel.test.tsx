// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, it, expect, vi } from 'vitest';
import { traceStrings } from '../../i18n/trace.ts';
import { ATTR } from '../../trace/attributes.ts';
import type { Span } from '../../trace/span.ts';
import { generateSessionSpans, makeSpan } from '../../testing/span-fixtures.ts';
import { TracePanel, type TracePanelProps } from './trace-panel.tsx';

const T = 1_700_000_000_000;

afterEach(cleanup);

const child = (spanId: string, overrides: Partial<Span>) =>
  makeSpan({ spanId, parentSpanId: 'r2', runId: 'r2', ...overrides });

/** Two runs; the second: llm (with tool call) → calculator → weather (fails) → final llm. */
function sessionSpans(): Span[] {
  return [
    makeSpan({ spanId: 'r1', name: 'Hello', startTime: T, endTime: T + 300, attributes: { [ATTR.runInput]: 'Hello' } }),
    makeSpan({
      spanId: 'l0',
      parentSpanId: 'r1',
      runId: 'r1',
      kind: 'llm',
      name: 'chat old',
      startTime: T + 10,
      endTime: T + 200,
    }),
    makeSpan({ spanId: 'r2', name: 'What is 6*7?', startTime: T + 1000, endTime: T + 3000 }),
    child('l1', {
      kind: 'llm',
      name: 'chat demo-model',
      startTime: T + 1010,
      endTime: T + 1822,
      attributes: {
        [ATTR.llmProvider]: 'demo',
        [ATTR.llmRequestModel]: 'demo-model',
        [ATTR.llmUsageInputTokens]: 1234,
        [ATTR.llmUsageOutputTokens]: 56,
        [ATTR.llmFinishReason]: 'tool_calls',
        [ATTR.llmTimeToFirstTokenMs]: 120,
        [ATTR.llmMessages]: [
          { role: 'system', content: 'You are Glassbox.' },
          { role: 'user', content: 'What is 6*7?' },
        ],
        [ATTR.llmOutputToolCalls]: [
          { id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"6*7"}' } },
        ],
      },
    }),
    child('y1', { parentSpanId: 'l1', kind: 'retry', name: 'retry after 429', startTime: T + 1020, endTime: T + 1030 }),
    child('t1', {
      kind: 'tool',
      name: 'calculator',
      startTime: T + 1900,
      endTime: T + 1905,
      attributes: {
        [ATTR.toolName]: 'calculator',
        [ATTR.toolCallId]: 'call_1',
        [ATTR.toolArguments]: { expression: '6*7' },
        [ATTR.toolResult]: '42',
      },
    }),
    child('t2', {
      kind: 'tool',
      name: 'get_weather',
      startTime: T + 1910,
      endTime: T + 2400,
      status: 'error',
      error: { type: 'network_error', message: 'Open-Meteo is unreachable' },
      attributes: {
        [ATTR.toolName]: 'get_weather',
        [ATTR.toolArguments]: { city: 'Paris' },
        [ATTR.toolError]: 'Open-Meteo is unreachable',
      },
    }),
    child('l2', {
      kind: 'llm',
      name: 'chat final',
      startTime: T + 2500,
      endTime: T + 2990,
      attributes: { [ATTR.llmOutputText]: 'It is 42, the answer to Infinity.' },
    }),
  ];
}

function Harness(props: Partial<TracePanelProps> & { spans: Span[] }) {
  const [selected, setSelected] = useState<string | undefined>(props.selectedSpanId);
  return (
    <TracePanel
      {...props}
      selectedSpanId={props.selectedSpanId ?? selected}
      onSelectSpan={(id) => {
        setSelected(id);
        props.onSelectSpan?.(id);
      }}
      onExportOtlp={props.onExportOtlp ?? (() => {})}
    />
  );
}

const tree = () => screen.getByRole('tree', { name: 'Span tree' });
const items = () => within(tree()).queryAllByRole('treeitem');
const item = (name: string) => screen.getByRole('treeitem', { name });
const names = () => items().map((element) => element.getAttribute('aria-label'));

describe('TracePanel', () => {
  it('shows runs oldest first with the latest expanded and the contract names', () => {
    render(<Harness spans={sessionSpans()} />);
    expect(screen.getByRole('button', { name: 'Expand all' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export OTLP' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search spans' })).toBeInTheDocument();
    expect(names()).toEqual([
      'run: Hello',
      'run: What is 6*7?',
      'llm: chat demo-model',
      'retry: retry after 429',
      'tool: calculator',
      'tool: get_weather',
      'llm: chat final',
    ]);
    const [first, latest] = screen.getAllByRole('treeitem', { name: /^run: / });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(latest).toHaveAttribute('aria-expanded', 'true');
    expect(latest).toHaveAttribute('aria-level', '1');
    const tool = screen.getByRole('treeitem', { name: 'tool: calculator' });
    expect(tool).toHaveAttribute('data-span-kind', 'tool');
    expect(tool).toHaveAttribute('data-span-status', 'ok');
    expect(tool).toHaveAttribute('aria-level', '2');
    expect(tool).not.toHaveAttribute('aria-expanded');
    expect(screen.getByRole('treeitem', { name: 'tool: get_weather' })).toHaveAttribute('data-span-status', 'error');
  });

  it('shows tokens and durations inline and session totals in the header', () => {
    render(<Harness spans={sessionSpans()} />);
    expect(screen.getByRole('treeitem', { name: 'llm: chat demo-model' })).toHaveAccessibleDescription(
      '1.2k→56 tok · 812 ms',
    );
    expect(screen.getByRole('treeitem', { name: 'run: What is 6*7?' })).toHaveAccessibleDescription(
      '1.3k tok · 2 tools · 1 error · 2.0 s',
    );
    expect(screen.getByTestId('trace-total-runs')).toHaveTextContent('2');
    expect(screen.getByTestId('trace-total-tokens')).toHaveTextContent('1.3k');
    expect(screen.getByTestId('trace-total-tool-calls')).toHaveTextContent('2');
    expect(screen.getByTestId('trace-total-errors')).toHaveTextContent('1');
    expect(screen.getByTestId('trace-total-time')).toHaveTextContent('2.3 s');
  });

  it('expands all and collapses again', async () => {
    const user = userEvent.setup();
    render(<Harness spans={sessionSpans()} />);
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(items()).toHaveLength(8);
    expect(screen.getByRole('treeitem', { name: 'retry: retry after 429' })).toHaveAttribute('aria-level', '3');
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(names()).toEqual(['run: Hello', 'run: What is 6*7?']);
  });

  it('selecting an llm span shows its details: duration, model, tokens, messages and output', async () => {
    const user = userEvent.setup();
    const onSelectSpan = vi.fn();
    render(<Harness spans={sessionSpans()} onSelectSpan={onSelectSpan} />);
    await user.click(screen.getByRole('treeitem', { name: 'llm: chat demo-model' }));
    expect(onSelectSpan).toHaveBeenCalledWith('l1');
    expect(screen.getByRole('treeitem', { name: 'llm: chat demo-model' })).toHaveAttribute('aria-selected', 'true');
    const details = screen.getByRole('region', { name: 'Span details' });
    expect(within(details).getByText('812 ms')).toBeInTheDocument();
    expect(within(details).getByText('demo-model')).toBeInTheDocument();
    // Token figures say where they come from: this endpoint reported them. They are a chunk of their own (React.lazy),
    // whose first import can take longer than findBy's one second on a loaded machine: wait for the chunk itself.
    await import('./span-token-fields.tsx');
    expect(await within(details).findByTestId('span-input-tokens')).toHaveTextContent('1,234 (reported)');
    expect(within(details).getByTestId('span-output-tokens')).toHaveTextContent('56 (reported)');
    expect(within(details).getByTestId('span-cost')).toHaveTextContent('no price');
    expect(within(details).getByText('tool_calls')).toBeInTheDocument();
    expect(within(details).getByText('You are Glassbox.')).toBeInTheDocument();
    expect(within(details).getByText('System')).toBeInTheDocument();
    const card = details.querySelector('[data-tool-call-id="call_1"]') as HTMLElement;
    expect(within(card).getByText('calculator')).toBeInTheDocument();
    expect(within(card).getByText('6*7')).toBeInTheDocument();
  });

  it('a tool span shows arguments, result, and an error with its message', async () => {
    const user = userEvent.setup();
    render(<Harness spans={sessionSpans()} />);
    await user.click(screen.getByRole('treeitem', { name: 'tool: calculator' }));
    let details = screen.getByRole('region', { name: 'Span details' });
    expect(within(details).getByText('5 ms')).toBeInTheDocument();
    expect(within(details).getByText('6*7')).toBeInTheDocument();
    expect(within(details).getByText('42')).toBeInTheDocument();
    await user.click(screen.getByRole('treeitem', { name: 'tool: get_weather' }));
    details = screen.getByRole('region', { name: 'Span details' });
    expect(within(details).getByTestId('span-error')).toHaveTextContent('network_error');
    expect(within(details).getByTestId('span-error')).toHaveTextContent('Open-Meteo is unreachable');
    expect(within(details).getByText('Paris')).toBeInTheDocument();
  });

  it('renders untrusted output as text, never HTML', async () => {
    const user = userEvent.setup();
    const spans = [
      makeSpan({ spanId: 'r1', name: 'x', attributes: {} }),
      makeSpan({
        spanId: 't1',
        parentSpanId: 'r1',
        kind: 'tool',
        name: 'search_web',
        attributes: { [ATTR.toolResult]: '<img src=x onerror="alert(1)"><b>bold</b>' },
      }),
    ];
    render(<Harness spans={spans} />);
    await user.click(screen.getByRole('treeitem', { name: 'tool: search_web' }));
    const details = screen.getByRole('region', { name: 'Span details' });
    expect(details.querySelector('img')).toBeNull();
    expect(within(details).getByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeInTheDocument();
  });

  it('copies the selected span as JSON', async () => {
    const user = userEvent.setup();
    render(<Harness spans={sessionSpans()} selectedSpanId="t1" />);
    await user.click(screen.getByRole('button', { name: 'Copy JSON' }));
    const copied = JSON.parse(await navigator.clipboard.readText()) as Span;
    expect(copied.spanId).toBe('t1');
    expect(copied.attributes[ATTR.toolResult]).toBe('42');
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard');
  });

  it('supports WAI-ARIA tree keyboard navigation with a roving tabindex', async () => {
    const user = userEvent.setup();
    const onSelectSpan = vi.fn();
    render(<Harness spans={sessionSpans()} onSelectSpan={onSelectSpan} />);
    expect(items().filter((element) => element.tabIndex === 0)).toHaveLength(1);
    act(() => item('run: Hello').focus());
    expect(item('run: Hello')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item('run: Hello')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(item('llm: chat old')).toHaveFocus();
    expect(item('llm: chat old')).toHaveAttribute('tabindex', '0');
    expect(item('run: Hello')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowLeft}');
    expect(item('run: Hello')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item('run: Hello')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('llm: chat demo-model')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(item('retry: retry after 429')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('llm: chat final')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelectSpan).toHaveBeenLastCalledWith('l2');
    expect(screen.getByRole('region', { name: 'Span details' })).toHaveTextContent('It is 42, the answer to Infinity.');
    await user.keyboard('{Home}');
    expect(item('run: Hello')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('run: Hello')).toHaveFocus();
  });

  it('filters by kind and errors only, keeping ancestors, and searches arguments and outputs', async () => {
    const user = userEvent.setup();
    render(<Harness spans={sessionSpans()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by kind' }), 'retry');
    expect(names()).toEqual(['run: What is 6*7?', 'llm: chat demo-model', 'retry: retry after 429']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by kind' }), 'all');
    await user.click(screen.getByRole('checkbox', { name: 'Errors only' }));
    expect(names()).toEqual(['run: What is 6*7?', 'tool: get_weather']);
    await user.click(screen.getByRole('checkbox', { name: 'Errors only' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search spans' }), 'PARIS');
    expect(names()).toEqual(['run: What is 6*7?', 'tool: get_weather']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search spans' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search spans' }), 'infinity');
    expect(names()).toEqual(['run: What is 6*7?', 'llm: chat final']);
    await user.type(screen.getByRole('searchbox', { name: 'Search spans' }), ' nothing');
    expect(items()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(items().length).toBeGreaterThan(2);
  });

  it('calls onExportOtlp from the Export OTLP button', async () => {
    const user = userEvent.setup();
    const onExportOtlp = vi.fn();
    render(<Harness spans={sessionSpans()} onExportOtlp={onExportOtlp} />);
    await user.click(screen.getByRole('button', { name: 'Export OTLP' }));
    expect(onExportOtlp).toHaveBeenCalledTimes(1);
  });

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

describe('TracePanel with 5,000 spans', () => {
  it('renders only a window of treeitems and keeps keyboard focus working', async () => {
    const spans = generateSessionSpans({ runs: 50, spansPerRun: 102 });
    expect(spans.length).toBeGreaterThanOrEqual(5000);
    const user = userEvent.setup();
    render(<Harness spans={spans} />);
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(tree()).toHaveAttribute('data-virtualized', 'true');
    const rendered = items();
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(100);
    const first = rendered[0] as HTMLElement;
    expect(first).toHaveAttribute('aria-posinset', '1');
    expect(first).toHaveAttribute('aria-setsize', '50');
    first.focus();
    await user.keyboard('{End}');
    const focused = document.activeElement as HTMLElement;
    expect(focused).toHaveAttribute('role', 'treeitem');
    expect(focused).toHaveAttribute('aria-level', '2');
    expect(focused.getAttribute('aria-posinset')).toBe(focused.getAttribute('aria-setsize'));
    expect(items().length).toBeLessThan(100);
  });

  it('renders the rows at the scroll position', () => {
    const spans = generateSessionSpans({ runs: 50, spansPerRun: 100 });
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(600);
    const width = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(400);
    try {
      render(<Harness spans={spans} />);
      fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
      const before = items().map((element) => element.getAttribute('data-span-id'));
      act(() => {
        tree().scrollTop = 30 * 2500;
        fireEvent.scroll(tree());
      });
      const after = items().map((element) => element.getAttribute('data-span-id'));
      expect(after.length).toBeLessThan(100);
      expect(after.filter((id) => !before.includes(id)).length).toBeGreaterThan(10);
      // Only the focusable (roving tabindex) row stays rendered from the top of the list.
      expect(after.filter((id) => before.includes(id))).toEqual([before[0]]);
    } finally {
      height.mockRestore();
      width.mockRestore();
    }
  });
});
