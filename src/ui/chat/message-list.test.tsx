// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { ChatMessage } from '../../model/model.ts';
import { MessageList } from './message-list.tsx';

// jsdom has no layout. Give the log a 600 px viewport, every row 100 px, and a scroll position that
// scrollTo() moves, as the @tanstack/react-virtual docs suggest for tests.
const VIEWPORT = 600;
const ROW = 100;
const restorers: Array<() => void> = [];

function mockProperty(name: string, descriptor: PropertyDescriptor) {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, ...descriptor });
  restorers.push(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, name, original);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  });
}

const isLog = (element: HTMLElement) => element.getAttribute('role') === 'log';
const scrollTops = new WeakMap<HTMLElement, number>();

beforeAll(() => {
  mockProperty('clientHeight', {
    get(this: HTMLElement) {
      return isLog(this) ? VIEWPORT : 0;
    },
  });
  mockProperty('clientWidth', {
    get(this: HTMLElement) {
      return isLog(this) ? 800 : 0;
    },
  });
  mockProperty('offsetHeight', {
    get(this: HTMLElement) {
      return this.hasAttribute('data-index') ? ROW : 0;
    },
  });
  mockProperty('scrollHeight', {
    get(this: HTMLElement) {
      if (!isLog(this)) return 0;
      const inner = this.firstElementChild as HTMLElement | null;
      return Math.max(Number.parseFloat(inner?.style.height ?? '') || 0, VIEWPORT);
    },
  });
  mockProperty('scrollTop', {
    get(this: HTMLElement) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      const max = Math.max(0, this.scrollHeight - this.clientHeight);
      scrollTops.set(this, Math.min(Math.max(0, value), max));
    },
  });
  mockProperty('scrollTo', {
    value(this: HTMLElement, options: ScrollToOptions) {
      this.scrollTop = options.top ?? this.scrollTop;
      this.dispatchEvent(new Event('scroll'));
    },
  });
});

afterAll(() => restorers.toReversed().forEach((restore) => restore()));
afterEach(cleanup);

function entry(index: number, message: ChatMessage, extra: Partial<TranscriptEntry> = {}): TranscriptEntry {
  return {
    id: `msg_${index}`,
    sessionId: 'sess_1',
    runId: `run_${Math.floor(index / 2)}`,
    createdAt: index,
    message,
    ...extra,
  };
}

function conversation(count: number): TranscriptEntry[] {
  return Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? entry(index, { role: 'user', content: `Question ${index}` })
      : entry(index, { role: 'assistant', content: `Answer ${index}` }),
  );
}

async function settle() {
  // Let the virtualiser's scroll reconciliation (requestAnimationFrame) and measurements run.
  for (let round = 0; round < 5; round += 1) {
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
  }
}

describe('MessageList', () => {
  it('keeps a 2,000-message session to a few DOM rows and opens at the latest message', async () => {
    render(<MessageList entries={conversation(2000)} />);
    await settle();
    const log = screen.getByRole('log', { name: 'Messages' });
    const articles = within(log).getAllByRole('article');
    expect(articles.length).toBeGreaterThan(3);
    expect(articles.length).toBeLessThan(40);
    expect(within(log).getByText('Answer 1999')).toBeInTheDocument();
    expect(within(log).queryByText('Question 0')).toBeNull();
  });

  it('shows the live streaming message last and marks the log busy', async () => {
    const entries = conversation(4);
    const live = entry(4, { role: 'assistant', content: 'Streaming **now**' });
    render(<MessageList entries={entries} streamingEntry={live} running />);
    await settle();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log).toHaveAttribute('aria-busy', 'true');
    const assistants = within(log).getAllByRole('article', { name: 'assistant message' });
    const last = assistants.at(-1);
    expect(last).toHaveAttribute('data-streaming', 'true');
    expect(within(last as HTMLElement).getByTestId('message-text')).toHaveTextContent('Streaming now');
  });

  it('keeps the streamed row when its step ends: the stored answer updates it, nothing is mounted again', async () => {
    const entries = conversation(4);
    const live = entry(4, { role: 'assistant', content: 'Streamed **answer**' }, { id: 'streaming_run_2' });
    const { rerender } = render(<MessageList entries={entries} streamingEntry={live} running />);
    await settle();
    const log = screen.getByRole('log', { name: 'Messages' });
    const streamed = within(log).getAllByRole('article', { name: 'assistant message' }).at(-1);
    expect(streamed).toHaveAttribute('data-streaming', 'true');
    const stored = entry(4, { role: 'assistant', content: 'Streamed **answer**' });
    rerender(<MessageList entries={[...entries, stored]} running />);
    await settle();
    const after = within(log).getAllByRole('article', { name: 'assistant message' }).at(-1);
    expect(after).toBe(streamed);
    expect(after).toHaveAttribute('data-entry-id', 'msg_4');
    expect(after).not.toHaveAttribute('data-streaming');
  });

  it('gives each step of a run its own row: the next step streams under the same id below the stored one', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const entries = conversation(4);
    const step = (content: string) => entry(4, { role: 'assistant', content }, { id: 'streaming_run_2' });
    const { rerender } = render(<MessageList entries={entries} streamingEntry={step('First step')} running />);
    await settle();
    const stored = [...entries, entry(4, { role: 'assistant', content: 'First step' })];
    rerender(<MessageList entries={stored} running />);
    await settle();
    rerender(<MessageList entries={stored} streamingEntry={step('Second step')} running />);
    await settle();
    const log = screen.getByRole('log', { name: 'Messages' });
    const texts = within(log)
      .getAllByRole('article', { name: 'assistant message' })
      .map((article) => article.textContent);
    expect(texts.slice(-2)).toEqual([expect.stringContaining('First step'), expect.stringContaining('Second step')]);
    expect(errors.mock.calls.flat().join(' ')).not.toContain('same key');
    errors.mockRestore();
  });

  it('pairs tool results with the cards of their assistant message and lists tool rows', async () => {
    const entries = [
      entry(0, { role: 'user', content: 'What is 6*7?' }),
      entry(1, {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"6*7"}' } },
        ],
      }),
      entry(
        2,
        { role: 'tool', tool_call_id: 'call_1', content: '42' },
        { meta: { toolName: 'calculator', toolStatus: 'ok', durationMs: 2 } },
      ),
      entry(3, { role: 'assistant', content: '6 × 7 = 42' }),
    ];
    render(<MessageList entries={entries} />);
    await settle();
    expect(screen.getByRole('group', { name: 'Tool call calculator' })).toHaveAttribute('data-tool-status', 'ok');
    expect(screen.getByRole('article', { name: 'tool message' })).toHaveTextContent('42');
  });

  it('hands the entry to list-level actions and offers Regenerate on the last answer only', async () => {
    const user = userEvent.setup();
    const onRegenerate = vi.fn();
    const entries = conversation(4);
    render(<MessageList entries={entries} actions={{ onRegenerate }} />);
    await settle();
    // Opening scrolls to the latest message: rows that entered during that scroll get their buttons once it settles.
    const buttons = await screen.findAllByRole('button', { name: 'Regenerate' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);
    expect(onRegenerate).toHaveBeenCalledWith(entries[3]);
  });

  it('stays where the reader scrolled, offers Jump to latest, and scrolls to a requested entry', async () => {
    const user = userEvent.setup();
    const entries = conversation(200);
    const { rerender } = render(<MessageList entries={entries} />);
    await settle();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();

    act(() => {
      log.scrollTop = 0;
      fireEvent.scroll(log);
    });
    await settle();
    expect(within(log).getByText('Question 0')).toBeInTheDocument();
    rerender(<MessageList entries={[...entries, entry(200, { role: 'user', content: 'Newest' })]} />);
    await settle();
    expect(log.scrollTop).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Jump to latest' }));
    await settle();
    expect(within(log).getByText('Newest')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();

    rerender(
      <MessageList entries={[...entries, entry(200, { role: 'user', content: 'Newest' })]} scrollToEntryId="msg_50" />,
    );
    await settle();
    const target = within(log).getByText('Question 50').closest('article');
    expect(target).toHaveAttribute('data-entry-id', 'msg_50');
    expect(within(log).queryByText('Newest')).toBeNull();
  });

  it('shows an empty state and a footer inside the log', () => {
    render(<MessageList entries={[]} footer={<p>Footer alert</p>} />);
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log).toHaveTextContent(/Ask anything/);
    expect(log).toHaveTextContent('Footer alert');
  });
});
