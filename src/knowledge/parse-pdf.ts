// A PDF into paragraphs per page with pdf.js (`getDocument` + `getTextContent`, page after page in the file's own
// order). The pdf.js module is passed in: the ingest worker gives the browser build (with its worker code running in
// the same thread, already off the page), the unit tests the Node ("legacy") build.
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api';
import type { getDocument } from 'pdfjs-dist';
import { pageParagraphs, type PdfTextItem } from './pdf-text.ts';
import type { TextBlock } from './split-passages.ts';
import { IngestError, type IngestProgress } from './ingest-types.ts';

/** What parsing a PDF needs of pdf.js. */
export interface PdfJs {
  getDocument: typeof getDocument;
}

/** A PDF's text: its page count and its paragraphs, each with its page (from 1). */
export interface PdfText {
  pages: number;
  blocks: TextBlock[];
}

export interface ParsePdfOptions {
  password?: string;
  /** Where pdf.js finds its CMaps (the worker: the bundled ones, see pdf-cmaps.ts; tests: the package's folder). */
  cMaps?: Pick<DocumentInitParameters, 'BinaryDataFactory' | 'useWorkerFetch' | 'cMapUrl' | 'cMapPacked'>;
  signal?: AbortSignal;
  onProgress?: (progress: IngestProgress) => void;
}

/** pdf.js's errors as the library's: a password needed or wrong, or why the file cannot be read. */
function toIngestError(error: unknown): IngestError {
  const name = (error as { name?: unknown } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    // pdf.js: code 1 needs a password, 2 the one given is wrong.
    const wrong = (error as { code?: unknown }).code === 2;
    return new IngestError('password', wrong ? 'wrong-password' : 'needs-password');
  }
  return new IngestError('unreadable', message || String(name ?? 'error'));
}

/** Reads every page's text; rejects with an IngestError (unreadable, password) or the signal's abort. */
export async function parsePdf(pdfjs: PdfJs, data: Uint8Array, options: ParsePdfOptions = {}): Promise<PdfText> {
  // pdf.js's defaults, as its own text loop (font options matter only for drawing pages), and the CMaps.
  const task = pdfjs.getDocument({
    data,
    verbosity: 0,
    ...options.cMaps,
    ...(options.password !== undefined ? { password: options.password } : {}),
  });
  const abort = () => void task.destroy();
  options.signal?.addEventListener('abort', abort);
  try {
    let document;
    try {
      document = await task.promise;
    } catch (error) {
      options.signal?.throwIfAborted();
      throw toIngestError(error);
    }
    const blocks: TextBlock[] = [];
    const total = document.numPages;
    const step = Math.ceil(total / 50);
    // The page count as soon as it is known: the bar stops being an indeterminate one (repainted every frame).
    options.onProgress?.({ done: 0, total });
    for (let page = 1; page <= total; page += 1) {
      options.signal?.throwIfAborted();
      const content = await (await document.getPage(page)).getTextContent();
      for (const text of pageParagraphs(content.items as PdfTextItem[])) blocks.push({ text, page });
      // About every 2% (each page of a short file): the page re-renders its progress bar per message.
      if (page % step === 0 || page === total) options.onProgress?.({ done: page, total });
    }
    return { pages: total, blocks };
  } finally {
    options.signal?.removeEventListener('abort', abort);
    void task.destroy();
  }
}
