import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARED_DATA_TAG, sharedPath } from '../testing/shared-data.ts';
import { IngestError, type ParsedDocument } from './ingest-types.ts';
import { parseDocument } from './parse-document.ts';
import type { PdfJs } from './parse-pdf.ts';
import { loadPdfJsInNode } from './pdfjs-in-node.ts';
import { htmlBlocks } from './parse-html.ts';

// Real PDFs from pdf.js's own test corpus (../shared/real-data/pdf/SOURCES.md), read in place. Node gets pdf.js's
// "legacy" build with its worker code in this thread, as the ingest worker runs the browser build.
let pdfjs: PdfJs;

beforeAll(async () => {
  pdfjs = await loadPdfJsInNode();
});

function bytes(name: string): ArrayBuffer {
  const data = readFileSync(sharedPath('real-data', 'pdf', name));
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
}

function parse(name: string, onProgress?: (done: number) => void): Promise<ParsedDocument> {
  return parseDocument('pdf', bytes(name), { pdfjs, ...(onProgress ? { onProgress: (p) => onProgress(p.done) } : {}) });
}

const allText = (document: ParsedDocument) => document.passages.map((passage) => passage.text).join('\n');

describe('PDFs of the pdf.js corpus into passages', { tags: [SHARED_DATA_TAG] }, () => {
  it('tracemonkey: 14 pages, every passage on a page from 1 to 14, hyphenation undone, progress per page', async () => {
    const progress: number[] = [];
    const document = await parse('tracemonkey.pdf', (done) => progress.push(done));
    expect(document.pages).toBe(14);
    expect(progress).toEqual(Array.from({ length: 15 }, (_, i) => i));
    const pages = new Set(document.passages.map((passage) => passage.page));
    expect([...pages].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(document.passages[0]?.page).toBe(1);
    expect(document.passages[0]?.text).toContain('Trace-based Just-in-Time Type Specialization for Dynamic Languages');
    for (const passage of document.passages) expect(passage.text.length).toBeLessThanOrEqual(1_500);
    // Words hyphenated at line ends are joined again.
    expect(allText(document)).not.toMatch(/\b(?:com- piler|interpre- ter|spe- cialization)\b/);
    expect(allText(document)).toContain('type specialization');
  });

  it('issue12823: the Chinese text comes out whole, without spaces put between characters', async () => {
    const document = await parse('issue12823.pdf');
    expect(document.pages).toBe(1);
    expect(allText(document)).toContain('愿景');
    expect(allText(document)).toContain('可替换为所需图片。');
    expect(allText(document)).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff] [\u4e00-\u9fff]/);
  });

  it('issue19971: the Japanese paragraphs are readable, lines joined without spaces', async () => {
    const document = await parse('issue19971.pdf');
    expect(document.pages).toBe(6);
    const japanese = document.passages.filter((passage) => /[\u3040-\u30ff]/.test(passage.text));
    expect(japanese.length).toBeGreaterThan(0);
    const text = japanese.map((passage) => passage.text).join('\n');
    expect(text).toContain(
      '地理は単に場所を暗記するだけではありません。それは場所と人々とその環境との間の関係の研究です。',
    );
    expect(text).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff] [\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('issue7229 (a scan, images only): parsed, 2 pages, no passages', async () => {
    const document = await parse('issue7229.pdf');
    expect(document).toEqual({ format: 'pdf', pages: 2, passages: [] });
  });

  it("bug1020226 (truncated): refused as unreadable, with pdf.js's reason", async () => {
    const failure = await parse('bug1020226.pdf').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IngestError);
    expect(failure).toMatchObject({ kind: 'unreadable', detail: 'Invalid PDF structure.' });
  });

  it('issue9972-1 (encrypted, empty user password): opens without asking, its text searchable', async () => {
    const document = await parse('issue9972-1.pdf');
    expect(document.pages).toBe(1);
    expect(allText(document)).toContain('Personal Vitality Rebate');
    expect(allText(document)).toContain('SLEEP ENVIRONMENT');
  });

  it('the Debian Python policy (real HTML): its sections become heading paths', () => {
    const html = readFileSync(sharedPath('real-data', 'docs', 'debian-python-policy.html'), 'utf8');
    const blocks = htmlBlocks(html);
    expect(blocks.length).toBeGreaterThan(50);
    expect(blocks.some((block) => (block.headings?.length ?? 0) >= 2)).toBe(true);
    expect(blocks.every((block) => !/<script|<style/i.test(block.text))).toBe(true);
  });
});
