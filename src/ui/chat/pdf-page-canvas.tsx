import { useEffect, useRef, useState } from 'react';
import type { KnowledgeCiteKey } from '../../i18n/knowledge-cite.ts';
import type { Translate } from '../../i18n/translate.ts';

type PdfModule = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfModule> | undefined;

/** pdf.js and its worker, loaded on the first page shown (a chunk of their own). */
function loadPdfJs(): Promise<PdfModule> {
  pdfjs ??= import('pdfjs-dist').then((module) => {
    module.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
    return module;
  });
  pdfjs.catch(() => (pdfjs = undefined));
  return pdfjs;
}

/** Renders one page of a PDF to a canvas, fitted to `width` CSS pixels. */
async function renderPage(
  file: Blob,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  width: number,
  signal: { cancelled: boolean },
): Promise<void> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({ data: new Uint8Array(await file.arrayBuffer()) });
  try {
    const document = await task.promise;
    const page = await document.getPage(Math.min(Math.max(1, pageNumber), document.numPages));
    if (signal.cancelled) return;
    const base = page.getViewport({ scale: 1 });
    const ratio = globalThis.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: (width / base.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    await page.render({ canvas, viewport }).promise;
  } finally {
    void task.destroy();
  }
}

/** The cited page of a PDF, rendered with pdf.js to a canvas (loaded lazily, only when the dialog shows a PDF). */
export function PdfPageCanvas({
  file,
  page,
  document,
  t,
}: {
  file: Blob;
  page: number;
  document: string;
  t: Translate<KnowledgeCiteKey>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<{ status: 'rendering' | 'done' } | { status: 'failed'; error: string }>({
    status: 'rendering',
  });
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const signal = { cancelled: false };
    renderPage(file, page, canvas, Math.min(640, canvas.parentElement?.clientWidth || 640), signal).then(
      () => {
        if (!signal.cancelled) setState({ status: 'done' });
      },
      (error: unknown) => {
        if (!signal.cancelled)
          setState({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      signal.cancelled = true;
    };
  }, [file, page]);
  return (
    <figure className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-700">
      {state.status === 'rendering' ? (
        <p className="p-2 text-xs text-zinc-500 dark:text-zinc-400">{t('renderingPage', { page })}</p>
      ) : null}
      {state.status === 'failed' ? (
        <p role="alert" className="p-2 text-xs text-red-700 dark:text-red-300">
          {t('pageFailed', { error: state.error })}
        </p>
      ) : null}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('pageImage', { page, document })}
        data-page={page}
        data-rendered={state.status === 'done' ? 'true' : undefined}
        className="block bg-white"
      />
    </figure>
  );
}
