import { describe, expect, it } from 'vitest';
import { fencedCode, finishedBlocks, splitMarkdownBlocks } from './markdown-blocks.ts';

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

describe('fencedCode', () => {
  it('reads a lone closed fence with a plain language word as the parser does', () => {
    expect(fencedCode('```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n')).toEqual({
      code: 'const a = 1;\n\nconst b = 2;',
      language: 'ts',
    });
    expect(fencedCode('~~~~\n```\ninner\n```\n~~~~')).toEqual({ code: '```\ninner\n```', language: undefined });
    expect(fencedCode('```c++\nx\n   ```')).toEqual({ code: 'x', language: 'c++' });
  });

  it('leaves anything else to the parser', () => {
    for (const block of [
      '```ts\nnever closed',
      ' ```\nindented\n```',
      '```ts title\nx\n```',
      '```ts\nx\n```\nafter',
      '```\na\n```\nb\n```',
      'text\n```\nx\n```',
      '```\r\nx\r\n```',
      '```\n\0\n```',
    ]) {
      expect(fencedCode(block)).toBeNull();
    }
  });
});

describe('finishedBlocks', () => {
  it('sets plain paragraphs and simple fences apart and keeps what lies between them together', () => {
    const text = 'Plain first.\n\n- one\n\n- two\n\n```ts\ncode\n```\n\nPlain last.';
    const blocks = finishedBlocks(text);
    expect(blocks).toEqual(['Plain first.\n', '- one\n\n- two\n', '```ts\ncode\n```\n', 'Plain last.']);
    expect(blocks.join('\n')).toBe(text);
  });

  it('keeps text whole when a reference, HTML, math or an escape could join its blocks', () => {
    for (const text of [
      'See [x].\n\n[x]: /a',
      'a\n\n<!--\n\nb\n\n-->',
      '$$\n\nx\n\n$$',
      'a\\\n\nb',
      'a\n\n```\ncode\n```\n\n[x]: /a',
    ]) {
      expect(finishedBlocks(text)).toEqual([text]);
    }
  });

  it('splits around code whose text has those characters: inside a fence they join nothing', () => {
    const text = 'Sum it.\n\n```ts\nconst xs: number[] = [1, $a, "<b>\\n"];\n```\n\nDone.';
    expect(finishedBlocks(text)).toEqual([
      'Sum it.\n',
      '```ts\nconst xs: number[] = [1, $a, "<b>\\n"];\n```\n',
      'Done.',
    ]);
  });
});
