import { describe, expect, it } from 'vitest';
import { splitMarkdownBlocks } from './markdown-blocks.ts';

describe('splitMarkdownBlocks', () => {
  it('splits paragraphs at blank lines and loses no text', () => {
    const text = '# Title\n\nFirst paragraph\nstill first.\n\nSecond.';
    const blocks = splitMarkdownBlocks(text);
    expect(blocks).toEqual(['# Title\n', 'First paragraph\nstill first.\n', 'Second.']);
    expect(blocks.join('\n')).toBe(text);
  });

  it('keeps a fenced code block with blank lines whole, even while it is still open', () => {
    const closed = 'Intro\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter';
    expect(splitMarkdownBlocks(closed)).toEqual(['Intro\n', '```js\nconst a = 1;\n\nconst b = 2;\n```\n', 'After']);
    const open = 'Intro\n\n~~~~\ncode\n\nmore code';
    expect(splitMarkdownBlocks(open)).toEqual(['Intro\n', '~~~~\ncode\n\nmore code']);
  });

  it('does not split before an indented continuation (list item paragraphs, indented code)', () => {
    const text = '- item one\n\n  still item one\n- item two\n\nDone';
    expect(splitMarkdownBlocks(text)).toEqual(['- item one\n\n  still item one\n- item two\n', 'Done']);
  });

  it('leaves finished blocks unchanged as the tail grows', () => {
    const early = splitMarkdownBlocks('Para one.\n\nPara tw');
    const later = splitMarkdownBlocks('Para one.\n\nPara two is longer.\n\n| a | b |\n|---|---|\n| 1 |');
    expect(later[0]).toBe(early[0]);
    expect(later).toHaveLength(3);
  });

  it('returns one block for text without blank lines', () => {
    expect(splitMarkdownBlocks('| a |\n|---|\n| 1 |')).toEqual(['| a |\n|---|\n| 1 |']);
    expect(splitMarkdownBlocks('')).toEqual(['']);
  });
});
