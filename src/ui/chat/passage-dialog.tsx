import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { CitedPassage } from '../../knowledge/citations.ts';
import type { KnowledgeDocument, Passage } from '../../knowledge/knowledge-types.ts';
import { createKnowledgeCiteTranslate } from '../../i18n/knowledge-cite.ts';
import { services } from '../../store/services.ts';
import { Dialog } from '../components/dialog.tsx';
import { useLanguage } from '../use-t.ts';

const PdfPageCanvas = lazy(() => import('./pdf-page-canvas.tsx').then((module) => ({ default: module.PdfPageCanvas })));

/** What the library still holds of a cited passage: the whole passage, and for a PDF the file to render. */
interface Loaded {
  passage?: Passage;
  document?: KnowledgeDocument;
  original?: Blob;
}

async function loadFromLibrary(cited: CitedPassage): Promise<Loaded> {
  const store = await services().persistence.knowledge();
  const passage = await store.getPassage(cited.passageId);
  if (!passage) return {};
  const document = (await store.listDocuments()).find((candidate) => candidate.id === passage.documentId);
  const original =
    document?.format === 'pdf' && passage.page !== undefined ? await store.getOriginal(document.id) : undefined;
  return { passage, ...(document ? { document } : {}), ...(original ? { original } : {}) };
}

/**
 * The `Passage` dialog a citation opens: the document's name, the page (or heading), the passage text, and for a
 * PDF the page itself rendered with pdf.js. The text is the library's (the whole passage); a passage whose
 * document was deleted since shows the text the answer cited. Everything is text: nothing is rendered as HTML.
 */
export function PassageDialog({ passage, onClose }: { passage: CitedPassage; onClose(): void }) {
  const language = useLanguage();
  const t = useMemo(() => createKnowledgeCiteTranslate(language), [language]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    loadFromLibrary(passage).then(
      (result) => {
        if (live) setLoaded(result);
      },
      () => {
        if (live) setLoaded({});
      },
    );
    return () => {
      live = false;
    };
  }, [passage]);
  const text = loaded?.passage?.text ?? passage.text;
  const page = loaded?.passage?.page ?? passage.page;
  return (
    <Dialog
      open
      label="Passage"
      title={t('passageTitle', { label: passage.label })}
      closeLabel={t('close')}
      closeOnBackdrop
      onClose={onClose}
      widthClassName="w-[min(44rem,calc(100vw-2rem))]"
      bodyClassName="flex flex-col gap-3 p-4 text-sm"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-zinc-500 dark:text-zinc-400">{t('document')}</dt>
        <dd data-testid="passage-document" className="font-medium break-all">
          {passage.document}
        </dd>
      </dl>
      {page !== undefined || passage.heading ? (
        <p data-testid="passage-location">
          {page !== undefined ? t('page', { page }) : t('heading', { heading: passage.heading ?? '' })}
        </p>
      ) : null}
      {loaded === null ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('loadingPassage')}</p> : null}
      {loaded && !loaded.passage ? <p role="note">{t('documentGone')}</p> : null}
      <blockquote
        aria-label={t('passageText')}
        className="border-l-4 border-indigo-300 pl-3 break-words whitespace-pre-wrap text-zinc-800 dark:border-indigo-700 dark:text-zinc-100"
      >
        {text}
      </blockquote>
      {loaded?.original && page !== undefined ? (
        <Suspense fallback={<p className="text-xs text-zinc-500">{t('renderingPage', { page })}</p>}>
          <PdfPageCanvas file={loaded.original} page={page} document={passage.document} t={t} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
