// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './markdown.tsx';

const parsed = vi.hoisted(() => [] as string[]);

vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-markdown')>();
  const Original = actual.default;
  return {
    ...actual,
    default: (props: Parameters<typeof Original>[0]) => {
      parsed.push(String(props.children));
      return Original(props);
    },
  };
});

afterEach(() => {
  cleanup();
  parsed.length = 0;
});

describe('Markdown while streaming', () => {
  it('parses finished blocks once and re-parses only the growing tail', () => {
    const { rerender } = render(<Markdown text={'# Title\n\nFirst *para'} streaming />);
    rerender(<Markdown text={'# Title\n\nFirst *paragraph*'} streaming />);
    rerender(<Markdown text={'# Title\n\nFirst *paragraph*.\n\nSecond *one'} streaming />);
    expect(parsed.filter((text) => text === '# Title\n')).toHaveLength(1);
    expect(parsed.filter((text) => text === 'First *paragraph*.\n')).toHaveLength(1);
    expect(parsed.at(-1)).toBe('Second *one');
    expect(screen.getByRole('heading', { name: 'Title' })).toBeInTheDocument();
  });

  it('renders plain paragraphs and lone fenced code blocks without the parser, and does not parse again when the stream ends', () => {
    const text =
      'Plain words first.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n- a *list*\n- of two\n\nPlain words last.';
    const { rerender } = render(<Markdown text={text} streaming />);
    rerender(<Markdown text={text} />);
    // The list alone is parsed, once: the finished message keeps the blocks it streamed in.
    expect(parsed).toEqual(['- a *list*\n- of two\n']);
    expect(screen.getByTestId('code-block')).toHaveTextContent('const a = 1; const b = 2;');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('does not parse a finished message again when nothing changed', () => {
    const { rerender } = render(<Markdown text="Done **now**." />);
    rerender(<Markdown text="Done **now**." />);
    expect(parsed).toEqual(['Done **now**.']);
  });
});
