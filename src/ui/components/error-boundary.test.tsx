// @vitest-environment jsdom
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../store/app-store.ts';
import { Dialog } from './dialog.tsx';
import { ErrorBoundary } from './error-boundary.tsx';

const initialState = useAppStore.getState();

/** Throws while rendering when `fail` is set, like a view meeting data it cannot show. */
function Fragile({ fail, label }: { fail: boolean; label: string }) {
  if (fail) throw new TypeError(`Cannot read properties of undefined (reading 'name') in ${label}`);
  return <p>{label} is fine</p>;
}

beforeEach(() => {
  useAppStore.setState(initialState, true);
  // React reports every caught error on the console; the tests look at what the page shows instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('shows what failed in place of the failing child only; its siblings keep rendering', () => {
    render(
      <>
        <ErrorBoundary part="message">
          <Fragile fail={false} label="first" />
        </ErrorBoundary>
        <ErrorBoundary part="message">
          <Fragile fail label="second" />
        </ErrorBoundary>
        <ErrorBoundary part="message">
          <Fragile fail={false} label="third" />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByText('first is fine')).toBeInTheDocument();
    expect(screen.getByText('third is fine')).toBeInTheDocument();
    expect(screen.queryByText('second is fine')).toBeNull();
    const alert = screen.getByRole('alert', { name: 'This message could not be shown' });
    expect(alert).toHaveTextContent(
      "This message could not be shown: Cannot read properties of undefined (reading 'name') in second",
    );
    expect(alert).toHaveTextContent('The rest of Glassbox keeps working');
  });

  it('Copy details copies the error name, message, stack and component stack', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    render(
      <ErrorBoundary part="spanDetails">
        <Fragile fail label="details" />
      </ErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy details' }));
    const copied = String(writeText.mock.calls[0]?.[0]);
    expect(copied).toContain('Glassbox: spanDetails failed to render');
    expect(copied).toContain("TypeError: Cannot read properties of undefined (reading 'name') in details");
    expect(copied).toMatch(/Stack:\n.*TypeError/);
    expect(copied).toMatch(/Component stack:[\s\S]*Fragile/);
    expect(screen.getByRole('status')).toHaveTextContent('Details copied');
  });

  it('renders the notice in its frame, in Chinese when the app is, and renders again for a new reset key', async () => {
    const user = userEvent.setup();
    useAppStore.setState({ settings: { ...useAppStore.getState().settings, language: 'zh-CN' } });
    function Harness() {
      const [entry, setEntry] = useState({ fail: true, label: 'v1' });
      return (
        <>
          <button type="button" onClick={() => setEntry({ fail: false, label: 'v2' })}>
            next
          </button>
          <ErrorBoundary
            part="spanDetails"
            resetKey={entry}
            frame={<section role="region" aria-label="Span details" />}
          >
            <Fragile {...entry} />
          </ErrorBoundary>
        </>
      );
    }
    render(<Harness />);
    const region = screen.getByRole('region', { name: 'Span details' });
    expect(within(region).getByRole('alert')).toHaveTextContent('跨度详情无法显示');
    expect(within(region).getByRole('button', { name: '复制详情' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByText('v2 is fine')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Try again renders the child again', async () => {
    const user = userEvent.setup();
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('not yet');
      return <p>recovered</p>;
    }
    render(
      <ErrorBoundary part="trace">
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The trace panel could not be shown: not yet');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('recovered')).toBeInTheDocument();
  });

  it('shows a value thrown that is not an Error, and cuts a very long message (Copy details keeps it all)', () => {
    function ThrowsString(): never {
      throw 'x'.repeat(1000);
    }
    render(
      <ErrorBoundary part="message">
        <ThrowsString />
      </ErrorBoundary>,
    );
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain(`${'x'.repeat(300)}…`);
    expect(text).not.toContain('x'.repeat(301));
  });
});

describe('Dialog', () => {
  it('keeps a failing body inside the dialog: it says what failed and still closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Dialog open title="Memory" closeLabel="Close" onClose={onClose}>
        <Fragile fail label="notes" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Memory' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This dialog could not be shown');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
