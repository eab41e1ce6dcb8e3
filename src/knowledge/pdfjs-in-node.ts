// pdf.js in Node for the tests: its "legacy" build, with the worker code in this thread (the ingest worker runs the
// browser build).
import type { PdfJs } from './parse-pdf.ts';

export async function loadPdfJsInNode(): Promise<PdfJs> {
  // Node 20 lacks Promise.withResolvers, which pdf.js uses (browsers have it).
  (Promise as unknown as { withResolvers?: unknown }).withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const promise = new Promise((yes, no) => {
      resolve = yes;
      reject = no;
    });
    return { promise, resolve, reject };
  };
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  return (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJs;
}
