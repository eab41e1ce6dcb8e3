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
    const { rerender } = render(<Markdown text={'# Title\n\nFirst para'} streaming />);
    rerender(<Markdown text={'# Title\n\nFirst paragraph'} streaming />);
    rerender(<Markdown text={'# Title\n\nFirst paragraph.\n\nSecond'} streaming />);
    expect(parsed.filter((text) => text === '# Title\n')).toHaveLength(1);
    expect(parsed.filter((text) => text === 'First paragraph.\n')).toHaveLength(1);
    expect(parsed.at(-1)).toBe('Second');
    expect(screen.getByRole('heading', { name: 'Title' })).toBeInTheDocument();
  });

  it('does not parse a finished message again when nothing changed', () => {
    const { rerender } = render(<Markdown text="Done **now**." />);
    rerender(<Markdown text="Done **now**." />);
    expect(parsed).toEqual(['Done **now**.']);
  });
});
