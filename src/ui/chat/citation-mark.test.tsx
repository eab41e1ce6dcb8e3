// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CitedPassage } from '../../knowledge/citations.ts';
import { AnswerCitationsContext } from './citation-context.ts';
import { Markdown } from './markdown.tsx';

afterEach(cleanup);

const passage: CitedPassage = {
  label: '[1]',
  document: 'tracemonkey.pdf',
  page: 6,
  passageId: 'doc:12',
  text: 'Nested trace trees.',
};

function renderAnswer(text: string, open = vi.fn()) {
  render(
    <AnswerCitationsContext value={{ citations: new Map([['[1]', passage]]), open }}>
      <div data-testid="answer">
        <Markdown text={text} />
      </div>
    </AnswerCitationsContext>,
  );
  return { open, answer: screen.getByTestId('answer') };
}

describe('citations in an answer', () => {
  it('makes a [n] that matches a returned passage a button opening it; an unmatched [n] stays text', () => {
    const { open, answer } = renderAnswer('Loops nest [1]. Invented: [7].\n\n- In a list too [1]');
    const buttons = within(answer).getAllByRole('button', { name: '[1]' });
    expect(buttons).toHaveLength(2);
    expect(within(answer).queryByRole('button', { name: '[7]' })).toBeNull();
    expect(answer.textContent).toContain('Invented: [7].');
    fireEvent.click(buttons[0] as HTMLElement);
    expect(open).toHaveBeenCalledWith(passage);
  });

  it('leaves [n] in code and links alone, and never turns raw HTML into a citation', () => {
    const { answer } = renderAnswer(
      'Code `[1]`, a [link [1]](https://example.com), raw <cite data-citation="[1]">[2]</cite>',
    );
    expect(within(answer).queryAllByRole('button')).toHaveLength(0);
    expect(answer.querySelector('cite')).toBeNull();
    expect(answer.textContent).toContain('<cite data-citation="[1]">[2]</cite>');
  });

  it('shows every [n] as text in an answer whose run returned no passages', () => {
    render(<Markdown text="See [1] and [2]." />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('See [1] and [2].')).toBeTruthy();
  });
});
