import { useRef, useState, type DragEvent, type RefObject } from 'react';
import { exportActiveSessionHtml, exportActiveSessionMarkdown } from '../../store/actions/export-readable.ts';
import { exportActiveSession, exportAllSessions, importFiles } from '../../store/actions/file-actions.ts';
import { deleteSession, newSession, searchSessions } from '../../store/actions/session-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { createSyncShareEntryTranslate } from '../../i18n/sync-share-entry.ts';
import { useLanguage, useT } from '../use-t.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ImportProgressBar } from './import-progress-bar.tsx';
import { firstScreenOf, SessionList } from './session-list.tsx';
import { loadSnippetsView } from './session-row.tsx';
import { buttonClass } from './sidebar-styles.ts';

/** The heading and the New session button. */
function SidebarHeader() {
  const t = useT();
  const ready = useAppStore((state) => state.ready);
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 className="text-sm font-semibold">{t('sessions.title')}</h2>
      <button
        type="button"
        className={`${buttonClass} border-sky-700 bg-sky-700 text-white hover:bg-sky-800 dark:border-sky-700 dark:hover:bg-sky-600`}
        onClick={() => void newSession()}
        disabled={!ready}
        aria-keyshortcuts="Alt+N"
        aria-label="New session"
      >
        {t('sessions.new')}
      </button>
    </div>
  );
}

/** The search box: each keystroke searches, reading snippets for as many rows as the list shows. */
function SearchBox({ listRef }: { listRef: RefObject<HTMLUListElement | null> }) {
  const t = useT();
  const query = useAppStore((state) => state.sessionQuery);
  return (
    <input
      type="search"
      aria-label="Search sessions"
      placeholder={t('sessions.search')}
      value={query}
      onChange={(event) => {
        void loadSnippetsView();
        void searchSessions(event.target.value, firstScreenOf(listRef.current));
      }}
      className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950"
    />
  );
}

const openShareDialog = () => useAppStore.getState().setUi({ shareOpen: true });

/** Export (session, Markdown, HTML report, all), Share session and Import. */
function SidebarFooter() {
  const t = useT();
  const shareT = createSyncShareEntryTranslate(useLanguage());
  const activeSessionId = useAppStore((state) => state.activeSessionId);
  const ready = useAppStore((state) => state.ready);
  const fileInput = useRef<HTMLInputElement>(null);
  const exports = [
    { label: 'Export session', text: t('sessions.export'), run: exportActiveSession, needs: !activeSessionId },
    {
      label: 'Export Markdown',
      text: t('sessions.exportMarkdown'),
      run: exportActiveSessionMarkdown,
      needs: !activeSessionId,
    },
    {
      label: 'Export HTML report',
      text: t('sessions.exportHtml'),
      run: exportActiveSessionHtml,
      needs: !activeSessionId,
    },
    { label: 'Export all', text: t('sessions.exportAll'), run: exportAllSessions, needs: !ready },
    // Issue 37: the dialog (and the encryption, the upload) load on first use.
    { label: 'Share session', text: shareT('share'), run: openShareDialog, needs: !activeSessionId },
  ];
  return (
    <div className="flex flex-wrap gap-1 border-t border-slate-200 pt-2 dark:border-slate-800">
      {exports.map(({ label, text, run, needs }) => (
        <button
          key={label}
          type="button"
          className={buttonClass}
          onClick={() => void run()}
          disabled={needs}
          aria-label={label}
        >
          {text}
        </button>
      ))}
      <button type="button" className={buttonClass} onClick={() => fileInput.current?.click()} disabled={!ready}>
        {t('sessions.import')}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        multiple
        aria-label="Import sessions"
        className="sr-only-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) void importFiles(files);
        }}
      />
    </div>
  );
}

/** Dropping files on the sidebar imports them; the sidebar is outlined while files are dragged over it. */
function useFileDrop() {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) void importFiles(files);
      },
    },
  };
}

/** The session sidebar: list, search, new, rename, delete, export and import. */
export function SessionSidebar() {
  const t = useT();
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const drop = useFileDrop();
  return (
    <aside
      aria-label="Sessions"
      className={`flex h-full min-h-0 flex-col gap-2 border-r border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900 ${drop.dragging ? 'ring-2 ring-sky-500 ring-inset' : ''}`}
      {...drop.handlers}
    >
      <SidebarHeader />
      <SearchBox listRef={listRef} />
      <SessionList listRef={listRef} onDelete={setConfirmDelete} />
      <SidebarFooter />
      <p className="text-[11px] text-slate-500 dark:text-slate-400">{t('sessions.importHint')}</p>
      <ImportProgressBar />
      {confirmDelete ? (
        <ConfirmDialog
          title={t('sessions.deleteConfirmTitle')}
          body={t('sessions.deleteConfirmBody')}
          confirmLabel="Delete"
          confirmText={t('sessions.deleteConfirm')}
          cancelText={t('sessions.cancel')}
          onConfirm={() => {
            const id = confirmDelete;
            setConfirmDelete(null);
            void deleteSession(id);
          }}
          onCancel={() => setConfirmDelete(null)}
        />
      ) : null}
    </aside>
  );
}
