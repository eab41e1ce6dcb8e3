import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ATTR } from '../../trace/attributes.ts';
import type { Span } from '../../trace/span.ts';
import { makeSpan } from '../../testing/span-fixtures.ts';
import { TracePanel, type TracePanelProps } from './trace-panel.tsx';

export const T = 1_700_000_000_000;

const child = (spanId: string, overrides: Partial<Span>) =>
  makeSpan({ spanId, parentSpanId: 'r2', runId: 'r2', ...overrides });

/** Two runs; the second: llm (with tool call) → calculator → weather (fails) → final llm. */
export function sessionSpans(): Span[] {
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

export function Harness(props: Partial<TracePanelProps> & { spans: Span[] }) {
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

export const tree = () => screen.getByRole('tree', { name: 'Span tree' });
export const items = () => within(tree()).queryAllByRole('treeitem');
export const item = (name: string) => screen.getByRole('treeitem', { name });
export const names = () => items().map((element) => element.getAttribute('aria-label'));
