// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatTranslate } from '../../i18n/chat.ts';
import { splitMarkdownBlocks } from './markdown-blocks.ts';
import { CHUNK_CHARS, createBlockSplitter, LARGE_TEXT_CHARS, plainChunks } from './markdown-chunks.ts';
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
  vi.unstubAllGlobals();
});

/** A long answer of numbered Markdown paragraphs (each needs the parser: it has emphasis). */
function longAnswer(paragraphs: number): string {
  return Array.from({ length: paragraphs }, (_, index) => `Paragraph *${index}* ${'word '.repeat(40)}end.`).join(
    '\n\n',
  );
}

/** An IntersectionObserver that reports only what a test tells it to. */
function stubIntersectionObserver(): Array<{ callback: IntersectionObserverCallback }> {
  const observers: Array<{ callback: IntersectionObserverCallback }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback });
      }
      observe() {}
      disconnect() {}
    },
  );
  return observers;
}

describe('plainChunks and createBlockSplitter', () => {
  it('cuts plain text where only the text before decides, so a growing text keeps its finished chunks', () => {
    const text = longAnswer(2000);
    const whole = plainChunks(text);
    expect(whole.join('')).toBe(text);
    expect(whole.length).toBeGreaterThan(10);
    for (const length of [CHUNK_CHARS * 3 + 17, 100_001, text.length - 5]) {
      const prefix = plainChunks(text.slice(0, length));
      expect(prefix.slice(0, -1)).toEqual(whole.slice(0, prefix.length - 1));
    }
  });

  it('cuts a line with no break at twice the chunk size', () => {
    const chunks = plainChunks('x'.repeat(CHUNK_CHARS * 5));
    expect(chunks.map((chunk) => chunk.length)).toEqual([CHUNK_CHARS * 2, CHUNK_CHARS * 2, CHUNK_CHARS]);
  });

  it('splits a growing text into the blocks a full split gives, and starts over on a text that does not extend it', () => {
    const text = '# Title\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n- a\n- b\n\nLast *one*.\n\nMore';
    const split = createBlockSplitter();
    for (let length = 1; length <= text.length; length += 3) {
      expect(split(text.slice(0, length))).toEqual(splitMarkdownBlocks(text.slice(0, length)));
    }
    expect(split('Other\n\ntext')).toEqual(['Other\n', 'text']);
  });
});

describe('Markdown past LARGE_TEXT_CHARS', () => {
  const text = longAnswer(Math.ceil(LARGE_TEXT_CHARS / 200) + 10);

  it('opens as plain text without parsing, and switches to the formatted view and back', () => {
    expect(text.length).toBeGreaterThan(LARGE_TEXT_CHARS);
    stubIntersectionObserver();
    render(<Markdown text={text} />);
    expect(screen.getByTestId('plain-text-view').textContent).toBe(text);
    expect(parsed).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Show formatted' }));
    expect(screen.queryByTestId('plain-text-view')).toBeNull();
    expect(screen.getAllByRole('emphasis').at(-1)).toHaveTextContent(String(text.split('\n\n').length - 1));
    fireEvent.click(screen.getByRole('button', { name: 'Show as plain text' }));
    expect(screen.getByTestId('plain-text-view').textContent).toBe(text);
  });

  it('labels the switch in Chinese', () => {
    render(<Markdown text={text} t={createChatTranslate('zh-CN')} />);
    expect(screen.getByRole('button', { name: '显示格式' })).toBeInTheDocument();
  });

  it('renders only the sections scrolled near, and more when they come into view', () => {
    const observers = stubIntersectionObserver();
    render(<Markdown text={text} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show formatted' }));
    const pending = screen.getAllByTestId('markdown-pending').length;
    expect(pending).toBeGreaterThan(3);
    // Only the last section was parsed: its blocks are the last paragraphs.
    expect(parsed.some((block) => block.startsWith('Paragraph *0*'))).toBe(false);
    expect(parsed.some((block) => block.includes(`Paragraph *${text.split('\n\n').length - 1}*`))).toBe(true);
    const first = observers[0];
    if (!first) throw new Error('no observer');
    act(() => first.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getAllByTestId('markdown-pending')).toHaveLength(pending - 1);
    expect(parsed.some((block) => block.startsWith('Paragraph *0*'))).toBe(true);
  });

  it('streams in the formatted view parsing each finished block once; its end parses only the last block again', () => {
    stubIntersectionObserver();
    const { rerender } = render(<Markdown text={text.slice(0, 1000)} streaming />);
    const cuts = [LARGE_TEXT_CHARS - 10, LARGE_TEXT_CHARS + 500, LARGE_TEXT_CHARS + 900, text.length];
    for (const cut of cuts) rerender(<Markdown text={text.slice(0, cut)} streaming />);
    fireEvent.click(screen.getByRole('button', { name: 'Show formatted' }));
    parsed.length = 0;
    rerender(<Markdown text={text} />);
    // The last block stops growing; no other block renders again.
    expect(parsed).toEqual([text.slice(text.lastIndexOf('\n\n') + 2)]);
    parsed.length = 0;
    rerender(<Markdown text={text + '\n\nOne *more*'} streaming />);
    expect(parsed).toEqual([text.slice(text.lastIndexOf('\n\n') + 2) + '\n', 'One *more*']);
  });
});
