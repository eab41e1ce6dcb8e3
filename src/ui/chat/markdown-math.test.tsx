// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SHARED_DATA_TAG, sharedPath } from '../../testing/shared-data.ts';
import { Markdown } from './markdown.tsx';

afterEach(cleanup);

interface ChatGptNode {
  message?: { author: { role: string }; content: { parts?: unknown[] } } | null;
}

/** The assistant answers of a real ChatGPT (code interpreter) export that use `\(` math (../shared/real-data). */
function chatGptMathAnswers(): string[] {
  const file = sharedPath('real-data', 'chatgpt', 'chatgpt2graph-conversations.json');
  const conversations = JSON.parse(readFileSync(file, 'utf8')) as { mapping: Record<string, ChatGptNode> }[];
  return conversations.flatMap((conversation) =>
    Object.values(conversation.mapping).flatMap((node) =>
      node.message?.author.role === 'assistant'
        ? (node.message.content.parts ?? []).filter(
            (part): part is string => typeof part === 'string' && part.includes('\\('),
          )
        : [],
    ),
  );
}

describe('Markdown math', () => {
  it('renders the math of real ChatGPT answers with KaTeX, inline and display', { tags: [SHARED_DATA_TAG] }, () => {
    const answers = chatGptMathAnswers();
    expect(answers.length).toBeGreaterThan(3);
    for (const answer of answers) {
      const { container, unmount } = render(<Markdown text={answer} />);
      expect(container.querySelectorAll('.katex').length).toBeGreaterThan(0);
      expect(container.textContent).not.toContain('\\(');
      expect(container.querySelector('.katex-error')).toBeNull();
      unmount();
    }
    const { container } = render(<Markdown text={answers[0] as string} />);
    expect(container.querySelector('.katex-display')).not.toBeNull();
    expect(container.textContent).not.toContain('\\[');
  });

  it('renders $…$ and $$…$$, and leaves currency as text', () => {
    const { container } = render(
      <Markdown text={'Euler: $e^{i\\pi} + 1 = 0$\n\n$$\\int_0^1 x\\,dx$$\n\nIt costs $5 and $10.'} />,
    );
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.textContent).toContain('It costs $5 and $10.');
  });

  it('shows only currency as text when there is no math at all', () => {
    const { container } = render(<Markdown text="Prices: $5 and $10, **both** fair." />);
    expect(container.querySelector('.katex')).toBeNull();
    expect(container.textContent).toBe('Prices: $5 and $10, both fair.');
  });

  it('leaves math in code alone', () => {
    const { container } = render(<Markdown text={'`$x$` and\n\n```\n\\(y\\)\n```'} />);
    expect(container.querySelector('.katex')).toBeNull();
    expect(container.textContent).toContain('$x$');
    expect(container.textContent).toContain('\\(y\\)');
  });

  it('shows an unclosed $$ as text while streaming, then renders it once closed', () => {
    const { container, rerender } = render(<Markdown text={'So:\n\n$$\n\\frac{1}{'} streaming />);
    expect(container.querySelector('.katex, .katex-error')).toBeNull();
    expect(container.textContent).toContain('\\frac{1}{');
    rerender(<Markdown text={'So:\n\n$$\n\\frac{1}{3}\n$$'} streaming />);
    expect(container.querySelector('.katex-display')).not.toBeNull();
    expect(container.querySelector('.katex-error')).toBeNull();
  });

  it('never trusts a formula: \\href and \\url do not become links', () => {
    const { container } = render(
      <Markdown text={'$\\href{javascript:alert(1)}{x}$ and $\\url{https://example.com}$'} />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('[href], [src]')).toBeNull();
    expect(container.querySelector('.katex-error, [mathcolor]')).not.toBeNull(); // shown as its source, in red
  });
});
