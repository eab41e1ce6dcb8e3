import { useMemo, type DragEvent } from 'react';
import { KNOWLEDGE_ACCEPT, MAX_KNOWLEDGE_LABEL } from '../../knowledge/accept-file.ts';
import { createKnowledgeTranslate, type KnowledgeKey } from '../../i18n/knowledge.ts';
import type { Translate } from '../../i18n/translate.ts';
import { useAppStore } from '../../store/app-store.ts';
import { Dialog } from '../components/dialog.tsx';
import { useLanguage, useNames, useT } from '../use-t.ts';
import { DocumentList } from './document-list.tsx';
import { RefusalItem } from './refusal-item.tsx';
import { useKnowledgeLibrary } from './use-knowledge-library.ts';

/** The file input (`Add documents`, several at once) and the hint that files can be dropped too. */
function AddDocuments({ t, onFiles }: { t: Translate<KnowledgeKey>; onFiles: (files: File[]) => void }) {
  return (
    <label className="flex flex-wrap items-center gap-2 rounded-md border border-dashed border-slate-300 p-3 text-sm dark:border-slate-600">
      <span className="font-medium">{t('add')}</span>
      <input
        type="file"
        multiple
        accept={KNOWLEDGE_ACCEPT}
        aria-label="Add documents"
        className="text-xs"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files);
        }}
      />
      <span className="text-xs text-slate-500 dark:text-slate-400">{t('dropHint')}</span>
    </label>
  );
}

/** The Knowledge dialog: the library of documents every session can search; add by file or drop, delete. */
export function KnowledgeDialog() {
  const language = useLanguage();
  const t = useMemo(() => createKnowledgeTranslate(language), [language]);
  const appT = useT();
  const names = useNames();
  const library = useKnowledgeLibrary();
  const close = () => useAppStore.getState().setUi({ knowledgeOpen: false });
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    if (event.dataTransfer.files.length > 0) library.add([...event.dataTransfer.files]);
  };
  const footer = (
    <button
      type="button"
      className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
      onClick={close}
    >
      {appT('app.close')}
    </button>
  );
  return (
    <Dialog
      open
      label="Knowledge"
      title={t('title')}
      onClose={close}
      closeLabel={names('Close')}
      closeOnBackdrop={false}
      widthClassName="w-[min(40rem,95vw)]"
      bodyClassName="p-4"
      footer={footer}
    >
      <div className="flex flex-col gap-3" onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('intro', { limit: MAX_KNOWLEDGE_LABEL })}</p>
        <AddDocuments t={t} onFiles={library.add} />
        {library.refusals.length > 0 ? (
          <ul
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
          >
            {library.refusals.map((refusal) => (
              <RefusalItem
                key={refusal.key}
                refusal={refusal}
                t={t}
                onDismiss={() => library.dismiss(refusal.key)}
                onPassword={(file, password) => {
                  library.dismiss(refusal.key);
                  library.add([file], password);
                }}
              />
            ))}
          </ul>
        ) : null}
        <DocumentList
          documents={library.documents}
          jobs={library.jobs}
          t={t}
          onDelete={(document) => void library.remove(document.id)}
          onCancel={library.cancel}
        />
      </div>
    </Dialog>
  );
}
