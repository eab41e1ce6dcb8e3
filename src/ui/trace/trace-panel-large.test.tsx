// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, it, expect, vi } from 'vitest';
import { generateSessionSpans } from '../../testing/span-fixtures.ts';
import { Harness, tree, items } from './trace-panel-test-helpers.tsx';

afterEach(cleanup);

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
