// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatTranslate } from '../../i18n/chat.ts';
import { ListScrollingContext, MessageActionBar } from './message-actions.tsx';

afterEach(cleanup);

const t = createChatTranslate('en');

function bar(scrolling: boolean) {
  return (
    <ListScrollingContext value={scrolling}>
      <MessageActionBar copyText="An answer" onDelete={() => undefined} t={t} />
    </ListScrollingContext>
  );
}

describe('MessageActionBar while the list scrolls', () => {
  it('shows its buttons at once when the list is still', () => {
    render(bar(false));
    expect(screen.getByRole('button', { name: 'Copy message' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete turn' })).toBeInTheDocument();
  });

  it('entering during a scroll keeps its height and gets its buttons when the scroll settles, then keeps them', () => {
    const { container, rerender } = render(bar(true));
    const box = container.firstElementChild as HTMLElement;
    expect(screen.queryByRole('button')).toBeNull();
    expect(box).toHaveClass('min-h-7');
    rerender(bar(false));
    expect(screen.getByRole('button', { name: 'Copy message' })).toBeInTheDocument();
    rerender(bar(true));
    expect(screen.getByRole('button', { name: 'Delete turn' })).toBeInTheDocument();
    expect(container.firstElementChild).toBe(box);
  });

  it('takes no height when it has no action', () => {
    const { container } = render(
      <ListScrollingContext value>
        <MessageActionBar copyText="" t={t} />
      </ListScrollingContext>,
    );
    expect(container.firstElementChild).not.toHaveClass('min-h-7');
  });
});
