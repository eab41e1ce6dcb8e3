// One file's bytes into passages, by format: PDF through pdf.js, DOCX through mammoth (to HTML, then by structure),
// HTML by structure, Markdown by headings, plain text by paragraphs. The libraries are passed in (see parse-pdf.ts).
import { IngestError, type IngestProgress, type ParsedDocument } from './ingest-types.ts';
import type { KnowledgeFormat } from './knowledge-types.ts';
import { htmlBlocks } from './parse-html.ts';
import { parsePdf, type ParsePdfOptions, type PdfJs } from './parse-pdf.ts';
import { markdownBlocks, textBlocks } from './parse-text.ts';
import { splitPassages } from './split-passages.ts';

/** What mammoth offers that this uses. */
export interface Mammoth {
  convertToHtml(input: { arrayBuffer: ArrayBuffer }): Promise<{ value: string }>;
}

export interface ParseDocumentOptions {
  /** pdf.js (loaded by the caller). */
  pdfjs?: PdfJs;
  /** mammoth (loaded by the caller). */
  mammoth?: Mammoth;
  /** pdf.js's CMaps (see ParsePdfOptions). */
  cMaps?: ParsePdfOptions['cMaps'];
  password?: string;
  signal?: AbortSignal;
  onProgress?: (progress: IngestProgress) => void;
}

/** UTF-8 text (a byte-order mark dropped; bad bytes become U+FFFD rather than failing the file). */
function decodeText(data: ArrayBuffer): string {
  return new TextDecoder('utf-8').decode(data);
}

async function docxHtml(mammoth: Mammoth, data: ArrayBuffer): Promise<string> {
  try {
    // The browser build reads `arrayBuffer`, the Node build (tests) `buffer`.
    return (await mammoth.convertToHtml({ arrayBuffer: data, buffer: data } as { arrayBuffer: ArrayBuffer })).value;
  } catch (error) {
    throw new IngestError('unreadable', error instanceof Error ? error.message : String(error));
  }
}

/** Parses a file; rejects with an IngestError (unreadable, password) or the signal's abort. */
export async function parseDocument(
  format: KnowledgeFormat,
  data: ArrayBuffer,
  options: ParseDocumentOptions = {},
): Promise<ParsedDocument> {
  switch (format) {
    case 'pdf': {
      if (!options.pdfjs) throw new Error('pdf.js is not loaded');
      const pdf = await parsePdf(options.pdfjs, new Uint8Array(data), options);
      return { format, pages: pdf.pages, passages: splitPassages(pdf.blocks) };
    }
    case 'docx': {
      if (!options.mammoth) throw new Error('mammoth is not loaded');
      return { format, passages: splitPassages(htmlBlocks(await docxHtml(options.mammoth, data))) };
    }
    case 'html':
      return { format, passages: splitPassages(htmlBlocks(decodeText(data))) };
    case 'markdown':
      return { format, passages: splitPassages(markdownBlocks(decodeText(data))) };
    case 'text':
      return { format, passages: splitPassages(textBlocks(decodeText(data))) };
  }
}
