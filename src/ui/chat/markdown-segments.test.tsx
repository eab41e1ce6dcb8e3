// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';
import { MarkdownBlock } from './markdown-renderer.tsx';
import { splitParagraphSegments } from './markdown-paragraph-cuts.ts';
import { plainParagraphs } from './markdown-segments.ts';

afterEach(cleanup);

const WORDS = ['agent', 'reads', 'each', 'chunk', 'as', 'it', 'arrives', 'and', 'renders', 'tokens'];
function prose(words: number): string {
  return Array.from({ length: words }, (_, index) => WORDS[index % WORDS.length]).join(' ');
}

describe('splitParagraphSegments', () => {
  it('leaves short paragraphs, lists, headings and multi-line blocks whole', () => {
    expect(splitParagraphSegments('A short paragraph.')).toEqual(['A short paragraph.']);
    for (const block of [
      `- ${prose(600)}`,
      `# ${prose(600)}`,
      `${prose(300)}\n${prose(300)}`,
      `1. ${prose(600)}`,
      `| ${prose(600)}`,
    ]) {
      expect(splitParagraphSegments(block, 200)).toEqual([block]);
    }
  });

  it('cuts a long one-line paragraph at spaces before letters; the pieces join back to the text', () => {
    const text = prose(2000);
    const segments = splitParagraphSegments(text, 500);
    expect(segments.length).toBeGreaterThan(5);
    expect(segments.join('')).toBe(text);
    for (const segment of segments.slice(0, -1)) {
      expect(segment.length).toBeGreaterThanOrEqual(500);
      expect(segment).toMatch(/\p{L} $/u);
    }
    for (const segment of segments.slice(1)) expect(segment).toMatch(/^\p{L}/u);
  });

  it('keeps earlier cuts where they were as the paragraph grows', () => {
    const text = prose(3000);
    const final = splitParagraphSegments(text, 400);
    for (const length of [1500, 4000, 9000, 15000]) {
      const partial = splitParagraphSegments(text.slice(0, length), 400);
      expect(final.slice(0, partial.length - 1)).toEqual(partial.slice(0, -1));
    }
  });

  it('never cuts inside emphasis, code, strikethrough, links or autolinks open for less than 2 × minChars', () => {
    const pairs = [
      ['**', '**'],
      ['`', '`'],
      ['_', '_'],
      ['~~', '~~'],
      ['[', '](x)'],
      ['<', '>'],
      ['(', ')'],
    ];
    for (const [open, close] of pairs) {
      const span = `${open}${prose(14)}${close}`;
      const text = `Intro ${prose(13)} ${span} ${prose(400)}`;
      const segments = splitParagraphSegments(text, 100);
      expect(segments.length).toBeGreaterThan(1);
      expect(segments.join('')).toBe(text);
      expect(segments.some((segment) => segment.includes(span))).toBe(true);
    }
    // Left open (a stray marker): literal once open for 2 × minChars, so the rest of the paragraph is cut again.
    for (const marker of ['**', '`', '_', '~~', '[', '<', '(']) {
      const text = `Intro ${marker}${prose(400)}`;
      const segments = splitParagraphSegments(text, 100);
      expect(segments.length).toBeGreaterThan(5);
      expect(segments[0]!.length).toBeGreaterThan(100 + marker.length);
    }
  });

  it('cuts a long word without spaces between letters, never inside an entity or a link', () => {
    const word = 'Ab*Cd*Ef)G\\_h]'.repeat(300);
    const segments = splitParagraphSegments(word, 500);
    expect(segments.length).toBeGreaterThan(5);
    expect(segments.join('')).toBe(word);
    for (const segment of segments.slice(1)) expect(segment).toMatch(/^[A-Za-z]/);
    for (const segment of segments.slice(0, -1)) expect(segment).toMatch(/[A-Za-z0-9]$/);
    for (const link of ['https://example.com/', 'www.example.com/', 'me@example.com/']) {
      const text = `See ${link}${'abcdefgh'.repeat(500)}`;
      expect(splitParagraphSegments(text, 500)).toEqual([text]);
    }
    const entities = `Start${'&amp;abcdefghijklmnopqrstuvwxyz0123456789'.repeat(100)}`;
    for (const segment of splitParagraphSegments(entities, 500).slice(1)) expect(segment).toMatch(/^&amp;|^[a-z]/);
    for (const segment of splitParagraphSegments(entities, 500)) expect(segment).not.toMatch(/&a?m?p?$/);
  });
});

describe('MarkdownBlock growing', () => {
  it('renders a segmented paragraph like the whole one: same text, same inline elements, one paragraph', () => {
    const text = `Some **bold ${prose(200)}** text, \`inline code\`, a [link](https://example.com/x) and ${prose(1200)} <b>raw</b> end`;
    const whole = render(<MarkdownBlock text={text} />).container;
    const wholeHtml = whole.innerHTML;
    cleanup();
    const growing = render(<MarkdownBlock text={text} growing />).container;
    expect(splitParagraphSegments(text).length).toBeGreaterThan(1);
    expect(growing.querySelectorAll('p')).toHaveLength(1);
    expect(growing.textContent).toBe(new DOMParser().parseFromString(wholeHtml, 'text/html').body.textContent);
    for (const selector of ['strong', 'code', 'a[target="_blank"]']) {
      expect(growing.querySelectorAll(selector)).toHaveLength(
        whole.ownerDocument.createRange().createContextualFragment(wholeHtml).querySelectorAll(selector).length,
      );
    }
    expect(growing.querySelector('b, script')).toBeNull();
  });
});

describe('plainParagraphs', () => {
  it('renders plain prose exactly as the Markdown parser does', () => {
    const samples = [
      'Hello world.',
      'First line\nsecond line, with digits 42 and 3.5 percent (roughly).',
      'One paragraph.\n\nAnother one!\n\n\nAnd a third? Yes',
      'Quotes \'single\' and "double", a/b, 50% and 1+1=2 - fine.',
      'the agent reads each chunk as it arrives ',
      'Ends a paragraph with spaces   \n\nthen more  ',
    ];
    for (const text of samples) {
      const paragraphs = plainParagraphs(text);
      expect(paragraphs).not.toBeNull();
      const parsed = render(<MarkdownBlock text={text} />).container.firstElementChild as HTMLElement;
      // The Markdown component takes its fast path for these: same markup as the parser's.
      const fast = render(<Markdown text={text} />).container.firstElementChild?.firstElementChild as HTMLElement;
      expect(fast.innerHTML).toBe(parsed.innerHTML);
      cleanup();
    }
  });

  it('leaves anything that could be Markdown, HTML or an autolink to the parser', () => {
    for (const text of [
      '**bold**',
      'a *b* c',
      'snake_case',
      'use `code`',
      '~~gone~~',
      '[link](x)',
      '<b>x</b>',
      '# Title',
      '- item',
      '1. item',
      'a | b',
      '> quote',
      'x\\y',
      'AT&T',
      'see https://example.com',
      'mail me@example.com',
      'visit www.example.com',
      'two spaces  \nbreak',
      ' indented',
      'line\n\tTabbed',
      '12 starts with a digit',
      'Title\n===',
    ]) {
      expect(plainParagraphs(text)).toBeNull();
    }
  });
});

describe('finished messages in blocks', () => {
  const elementsOf = (parent: Element): string => [...parent.children].map((child) => child.outerHTML).join('');

  it('render the same markup as one parse of the whole text', async () => {
    const samples = [
      'Intro words.\n\n```ts\nconst a = 1;\n\nconst b = "<b>";\n```\n\nOutro words.',
      'Text first.\n\n- one\n- two\n\n- loose three\n\nAfter the list.',
      '# Heading\n\nSome **bold** text.\n\n~~~~python\nprint(1)\n~~~~\n',
      '```\nno language\n```',
      '```\n```',
      '1. first\n\n2. second\n\nDone.',
      '> quoted\n\nplain after\n\n    indented code\n\nend',
      '````md\n```\ninner fence\n```\n````',
      '```ts {title}\ncode\n  ```\n\nAfter.',
      'Sum it.\n\n```ts\nconst xs: number[] = [1];\nconst s = `${xs[0]}\\n`;\n```\n\nThat is all.',
      'See [x].\n\n```\n[x]: /code\n```\n\n[x]: /a',
    ];
    for (const text of samples) {
      const whole = render(<MarkdownBlock text={text} />).container.firstElementChild as HTMLElement;
      const split = render(<Markdown text={text} />).container.firstElementChild as HTMLElement;
      await waitFor(() => expect([...split.children].map(elementsOf).join('')).toBe(elementsOf(whole)));
      cleanup();
    }
  });
});
