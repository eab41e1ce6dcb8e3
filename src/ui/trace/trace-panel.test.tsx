// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, it, expect, vi } from 'vitest';
import { ATTR } from '../../trace/attributes.ts';
import type { Span } from '../../trace/span.ts';
import { makeSpan } from '../../testing/span-fixtures.ts';
import { sessionSpans, Harness, items, item, names } from './trace-panel-test-helpers.tsx';

afterEach(cleanup);

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
});
