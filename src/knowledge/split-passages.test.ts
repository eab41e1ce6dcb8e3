import { describe, expect, it } from 'vitest';
import { joinLines, pageParagraphs } from './pdf-text.ts';
import { PASSAGE_TARGET_CHARS, splitPassages, splitSentences } from './split-passages.ts';

const sentence = (n: number) => `Sentence number ${n} says something plain about the topic at hand.`;

describe('splitPassages', () => {
  it('joins short paragraphs of one page into one passage, separated by a blank line', () => {
    expect(
      splitPassages([
        { text: 'First.', page: 1 },
        { text: 'Second.', page: 1 },
      ]),
    ).toEqual([{ text: 'First.\n\nSecond.', page: 1 }]);
  });

  it('never lets a passage span two pages or two sections', () => {
    const passages = splitPassages([
      { text: 'On one.', page: 1 },
      { text: 'On two.', page: 2 },
      { text: 'Intro.', headings: ['A'] },
      { text: 'Detail.', headings: ['A', 'B'] },
    ]);
    expect(passages).toEqual([
      { text: 'On one.', page: 1 },
      { text: 'On two.', page: 2 },
      { text: 'Intro.', headings: ['A'] },
      { text: 'Detail.', headings: ['A', 'B'] },
    ]);
  });

  it('cuts between paragraphs once a passage would pass the target', () => {
    const paragraph = Array.from({ length: 6 }, (_, i) => sentence(i)).join(' ');
    const passages = splitPassages(Array.from({ length: 5 }, () => ({ text: paragraph, page: 3 })));
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) {
      expect(passage.text.length).toBeLessThanOrEqual(PASSAGE_TARGET_CHARS);
      // Whole paragraphs: each passage is some copies of the paragraph and nothing cut.
      expect(passage.text.split('\n\n').every((part) => part === paragraph)).toBe(true);
      expect(passage.page).toBe(3);
    }
  });

  it('cuts a long paragraph at sentence ends, losing nothing', () => {
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
    const passages = splitPassages([{ text }]);
    expect(passages.length).toBeGreaterThanOrEqual(3);
    for (const passage of passages) {
      expect(passage.text).toMatch(/^Sentence number \d+ .*topic at hand\.$/);
      expect(passage.text.length).toBeLessThanOrEqual(PASSAGE_TARGET_CHARS);
    }
    expect(passages.map((passage) => passage.text).join(' ')).toBe(text);
  });

  it('cuts Chinese text, which has no spaces, after its full stops', () => {
    const text = '这是一个关于知识库的句子，用来检验分段是否在句号之后。'.repeat(80);
    const passages = splitPassages([{ text, page: 1 }]);
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) expect(passage.text.endsWith('。')).toBe(true);
    expect(passages.map((passage) => passage.text).join('')).toBe(text);
  });

  it('cuts a run with no sentence end at all at a space, and CJK without splitting a character', () => {
    const words = 'word '.repeat(700).trim();
    const passages = splitPassages([{ text: words }]);
    expect(passages.every((passage) => /^word( word)*$/.test(passage.text))).toBe(true);
    const emoji = '😀'.repeat(2000);
    const pieces = splitPassages([{ text: emoji }]);
    expect(pieces.map((passage) => passage.text).join('')).toBe(emoji);
    expect(pieces.every((passage) => !/[\ud800-\udbff]$/.test(passage.text))).toBe(true);
  });

  it('finds sentence ends in English, Chinese and Japanese', () => {
    expect(splitSentences('One. Two? Three!')).toEqual(['One. ', 'Two? ', 'Three!']);
    expect(splitSentences('第一句。第二句！')).toEqual(['第一句。', '第二句！']);
    expect(splitSentences('日本語の文です。次の文です。')).toEqual(['日本語の文です。', '次の文です。']);
  });
});

describe('PDF lines into paragraphs', () => {
  it('joins a word hyphenated at the line end, but keeps a hyphen before a capital or a digit', () => {
    expect(joinLines('type spe-', 'cialization works')).toBe('type specialization works');
    expect(joinLines('Just-in-', 'Time')).toBe('Just-in- Time');
    expect(joinLines('pages 10-', '12')).toBe('pages 10- 12');
    expect(joinLines('plain end', 'next line')).toBe('plain end next line');
  });

  it('joins CJK lines without a space', () => {
    expect(joinLines('这是第一行的文字', '接着是第二行')).toBe('这是第一行的文字接着是第二行');
    expect(joinLines('日本語の行は単語の', '途中で改行されます')).toBe('日本語の行は単語の途中で改行されます');
  });

  it('makes lines at end-of-line marks and baseline moves, paragraphs at large gaps', () => {
    const item = (str: string, y: number, hasEOL = false) => ({ str, hasEOL, transform: [10, 0, 0, 10, 50, y] });
    expect(
      pageParagraphs([
        item('A first line that is hyphen-', 700, true),
        item('ated across lines.', 688),
        item('Same paragraph.', 676, true),
        item('A new paragraph after a gap.', 640, true),
      ]),
    ).toEqual(['A first line that is hyphenated across lines. Same paragraph.', 'A new paragraph after a gap.']);
  });

  it('joins a page of many lines exactly as joinLines does line by line, short lines and hyphens included', () => {
    const pieces = [
      'spe-',
      'cialization',
      'a',
      '-',
      'x-',
      'Time',
      '中文',
      '行',
      'é-',
      'tude',
      '10-',
      '12',
      'word word',
      'の',
    ];
    let seed = 3;
    const lines = Array.from({ length: 400 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return pieces[seed % pieces.length] as string;
    });
    const items = lines.map((str, index) => ({ str, hasEOL: true, transform: [10, 0, 0, 10, 50, 700 - index * 0.01] }));
    expect(pageParagraphs(items)).toEqual([lines.reduce(joinLines, '')]);
  });
});
