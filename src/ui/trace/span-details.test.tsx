// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, it, expect } from 'vitest';
import { ATTR } from '../../trace/attributes.ts';
import { makeSpan } from '../../testing/span-fixtures.ts';
import { JsonView } from './json-view.tsx';
import { createTraceTranslate } from '../../i18n/trace.ts';
import { deepArrayText, deepObject, deepObjectText } from '../../testing/deep-session.ts';
import { SpanDetails } from './span-details.tsx';

afterEach(cleanup);

describe('SpanDetails', () => {
  it('asks to select a span when none is selected', () => {
    render(<SpanDetails span={undefined} />);
    expect(screen.getByRole('region', { name: 'Span details' })).toHaveTextContent('Select a span to see its details.');
  });

  it('shows a run with its totals, input and answer, and opens all attributes on demand', async () => {
    const user = userEvent.setup();
    const span = makeSpan({
      name: 'What is 6*7?',
      startTime: 1000,
      endTime: 2400,
      attributes: {
        [ATTR.runInput]: 'What is 6*7?',
        [ATTR.runOutput]: '42',
        [ATTR.runStopReason]: 'final-answer',
        custom: 'visible-on-open',
      },
    });
    const aggregates = {
      inputTokens: 1000,
      outputTokens: 234,
      reasoningTokens: 0,
      cachedTokens: 0,
      llmCalls: 2,
      toolCalls: 1,
      errors: 0,
      descendants: 3,
    };
    render(<SpanDetails span={span} aggregates={aggregates} />);
    const region = screen.getByRole('region', { name: 'Span details' });
    expect(within(region).getByTestId('span-duration')).toHaveTextContent('1.4 s');
    expect(region).toHaveTextContent('1,234 (1,000 / 234)');
    expect(region).toHaveTextContent('final-answer');
    expect(within(region).getByText('42')).toBeInTheDocument();
    expect(within(region).queryByText('visible-on-open')).toBeNull();
    await user.click(within(region).getByText('All attributes'));
    expect(within(region).getByText('visible-on-open')).toBeInTheDocument();
  });

  it('shows a retry with its attempt, delay and reason', () => {
    const span = makeSpan({
      kind: 'retry',
      name: 'retry',
      attributes: { [ATTR.retryAttempt]: 2, [ATTR.retryDelayMs]: 1500, [ATTR.retryReason]: 'HTTP 429' },
    });
    render(<SpanDetails span={span} />);
    const region = screen.getByRole('region', { name: 'Span details' });
    expect(region).toHaveTextContent('Attempt2');
    expect(region).toHaveTextContent('Delay1.5 s');
    expect(region).toHaveTextContent('ReasonHTTP 429');
  });
});

describe('SpanDetails while a model call streams', () => {
  const running = makeSpan({
    spanId: 'l1',
    parentSpanId: 'r1',
    runId: 'r1',
    kind: 'llm',
    name: 'chat demo',
    status: 'running',
    endTime: undefined,
    attributes: { [ATTR.llmRequestModel]: 'demo-model' },
  });

  it('shows the output streamed so far for a running llm span', () => {
    const { rerender } = render(
      <SpanDetails
        span={running}
        liveOutput={{ text: 'The answer', reasoning: '', toolCalls: [] }}
        now={running.startTime + 500}
      />,
    );
    const region = screen.getByRole('region', { name: 'Span details' });
    expect(within(region).getByTestId('span-live-output')).toHaveTextContent('The answer');
    expect(within(region).getByTestId('span-duration')).toHaveTextContent('500 ms');
    rerender(
      <SpanDetails
        span={running}
        liveOutput={{
          text: 'The answer is 42',
          reasoning: '',
          toolCalls: [{ name: 'calculator', arguments: '{"expression":"6*7"}' }],
        }}
      />,
    );
    expect(within(region).getByTestId('span-live-output')).toHaveTextContent('The answer is 42');
    expect(within(region).getByTestId('span-live-output')).toHaveTextContent('calculator');
  });

  it('shows the recorded output, not the live one, once the span has ended', () => {
    const ended = {
      ...running,
      status: 'ok' as const,
      endTime: running.startTime + 900,
      attributes: { ...running.attributes, [ATTR.llmOutputText]: 'Final text' },
    };
    render(<SpanDetails span={ended} liveOutput={{ text: 'stale', reasoning: '', toolCalls: [] }} />);
    const region = screen.getByRole('region', { name: 'Span details' });
    expect(within(region).queryByTestId('span-live-output')).toBeNull();
    expect(region).toHaveTextContent('Final text');
    expect(region).not.toHaveTextContent('stale');
  });
});

describe('JsonView', () => {
  it('parses JSON strings, opens the first levels and collapses deeper ones', () => {
    const { container } = render(<JsonView value='{"a":{"b":{"c":{"d":1}}},"list":[1,2]}' />);
    const details = container.querySelectorAll('details');
    expect(details[0]).toHaveAttribute('open');
    expect(details[1]).toHaveAttribute('open');
    expect(details[2]).not.toHaveAttribute('open');
    expect(screen.getByText('[…] 2 items')).toBeInTheDocument();
  });

  it('cuts JSON nested 100,000 levels deep at the shown depth and says how deep it is', () => {
    const { unmount } = render(<JsonView value={deepArrayText(100_000)} t={createTraceTranslate('zh-CN')} />);
    expect(screen.getByTestId('nested-too-deep')).toHaveTextContent('嵌套过深，未全部显示：共 100,000 层');
    unmount();
    const span = makeSpan({
      kind: 'tool',
      name: 'fetch_json',
      attributes: {
        [ATTR.toolArguments]: deepObjectText(100_000),
        [ATTR.toolResult]: deepArrayText(100_000),
        'tool.raw': deepObject(100_000),
      },
    });
    render(<SpanDetails span={span} />);
    const notes = screen.getAllByTestId('nested-too-deep');
    expect(notes).toHaveLength(2);
    for (const note of notes) expect(note).toHaveTextContent('nested too deep to show: 100,000 levels');
  });

  it('keeps plain text and cuts very long strings behind Show all', async () => {
    const user = userEvent.setup();
    render(<JsonView value={'x'.repeat(5000)} />);
    expect(screen.getByText(/^x+…$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all (5000 characters)' }));
    expect(screen.getByText('x'.repeat(5000))).toBeInTheDocument();
  });
});
