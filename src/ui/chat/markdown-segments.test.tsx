// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';
import { MarkdownBlock } from './markdown-renderer.tsx';
import { plainParagraphs, splitParagraphSegments } from './markdown-segments.ts';

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
    expect(segments.join(' ')).toBe(text);
    for (const segment of segments.slice(0, -1)) expect(segment.length).toBeGreaterThanOrEqual(500);
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

  it('never cuts inside open emphasis, code, strikethrough, links or autolinks', () => {
    const open = ['**', '`', '_', '~~', '[', '<', '('];
    for (const marker of open) {
      const text = `Intro ${marker}${prose(400)}`;
      expect(splitParagraphSegments(text, 100)).toEqual([text]);
    }
    const closed = `Intro **${prose(30)}** then \`code ${prose(30)}\` and [a link](https://example.com) ${prose(400)}`;
    const segments = splitParagraphSegments(closed, 100);
    expect(segments.length).toBeGreaterThan(1);
    expect(segments[0]).toContain('**');
    expect(segments.join(' ')).toBe(closed);
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
