import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlBlocks } from './parse-html.ts';
import { markdownBlocks, textBlocks } from './parse-text.ts';

describe('Markdown by headings', () => {
  it('keeps each paragraph under its heading path', () => {
    const markdown =
      '# Install\n\nGet it.\n\n## Linux\n\nUse apt.\nOr snap.\n\n## macOS\n\nUse brew.\n\n# Use\n\nRun it.';
    expect(markdownBlocks(markdown)).toEqual([
      { text: 'Get it.', headings: ['Install'] },
      { text: 'Use apt.\nOr snap.', headings: ['Install', 'Linux'] },
      { text: 'Use brew.', headings: ['Install', 'macOS'] },
      { text: 'Run it.', headings: ['Use'] },
    ]);
  });

  it('reads setext headings, and never a heading inside a code fence', () => {
    const markdown = 'Title\n=====\n\nText.\n\n```sh\n# not a heading\n\necho hi\n```\n\nSub\n---\nMore.';
    expect(markdownBlocks(markdown)).toEqual([
      { text: 'Text.', headings: ['Title'] },
      { text: '```sh\n# not a heading\n\necho hi\n```', headings: ['Title'] },
      { text: 'More.', headings: ['Title', 'Sub'] },
    ]);
  });

  it('plain text splits at blank lines only', () => {
    expect(textBlocks('One\nline two\r\n\r\n\nThree')).toEqual([{ text: 'One\nline two' }, { text: 'Three' }]);
  });
});

describe('HTML by structure', () => {
  it('takes h1–h6 as the heading path, block tags as paragraph ends, and skips scripts and styles', () => {
    const html = `<html><head><title>T</title><style>p{}</style></head><body>
      <h1>Guide</h1><p>Intro <b>bold</b> text.</p><script>alert("x")</script>
      <h2>Part <em>one</em></h2><ul><li>First item</li><li>Second&nbsp;item &amp; more</li></ul>
      <!-- a comment --><h2>Part two</h2><p>Line<br>break</p><table><tr><td>a</td><td>b</td></tr></table></body></html>`;
    expect(htmlBlocks(html)).toEqual([
      { text: 'Intro bold text.', headings: ['Guide'] },
      { text: 'First item', headings: ['Guide', 'Part one'] },
      { text: 'Second item & more', headings: ['Guide', 'Part one'] },
      { text: 'Line\nbreak', headings: ['Guide', 'Part two'] },
      { text: 'a b', headings: ['Guide', 'Part two'] },
    ]);
  });

  it('decodes character references and leaves unknown ones as written', () => {
    expect(decodeEntities('&lt;a&gt; &#x4e2d;&#25991; &unknown; &quot;q&quot;')).toBe('<a> 中文 &unknown; "q"');
  });

  it('yields text only: markup in the document never comes out as tags', () => {
    const blocks = htmlBlocks('<p>&lt;img src=x onerror=alert(1)&gt;</p><img src=x onerror="alert(1)">');
    expect(blocks).toEqual([{ text: '<img src=x onerror=alert(1)>', headings: [] }]);
  });
});
