import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from './parse-document.ts';
import type { PdfJs } from './parse-pdf.ts';
import { loadPdfJsInNode } from './pdfjs-in-node.ts';
import { bundledCMapFactory, CMAP_COUNT, cMapUrl } from './pdf-cmaps.ts';
import { cjkPredefinedCMapPdf } from './cjk-test-pdf.ts';

// A Chinese PDF as Acrobat writes one without embedding its font: STSong-Light, `/Encoding /UniGB-UCS2-H`, no
// ToUnicode. pdf.js needs its CMaps to read any text from it.
let pdfjs: PdfJs;

beforeAll(async () => {
  pdfjs = await loadPdfJsInNode();
});

/** Reads a bundled file as the ingest worker fetches it: here the URL is a path under the project root. */
const requested: string[] = [];
async function readBundled(url: string): Promise<Uint8Array> {
  requested.push(url);
  return new Uint8Array(await readFile(join(import.meta.dirname, '..', '..', url.split('?')[0] as string)));
}

describe("pdf.js's CMaps for CJK PDFs without embedded fonts", () => {
  it('bundles every CMap pdf.js ships, by file name', () => {
    expect(CMAP_COUNT).toBeGreaterThan(150);
    expect(cMapUrl('UniGB-UCS2-H.bcmap')).toBeTypeOf('string');
    expect(cMapUrl('Adobe-Japan1-UCS2.bcmap')).toBeTypeOf('string');
    expect(cMapUrl('Nothing-Like-This.bcmap')).toBeUndefined();
  });

  it('reads the Chinese text with the bundled CMaps, fetching only the ones the PDF names', async () => {
    const cMaps = { BinaryDataFactory: bundledCMapFactory(readBundled), useWorkerFetch: false };
    const document = await parseDocument('pdf', cjkPredefinedCMapPdf('中文字'), { pdfjs, cMaps });
    expect(document.passages.map((passage) => passage.text)).toEqual(['中文字']);
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.length).toBeLessThan(5);
    expect(requested.every((url) => /UniGB|GB1/.test(url))).toBe(true);
  });

  it('without them pdf.js finds no text at all (the file would be taken for a scan)', async () => {
    const document = await parseDocument('pdf', cjkPredefinedCMapPdf('中文字'), { pdfjs });
    expect(document.passages).toEqual([]);
  });
});
