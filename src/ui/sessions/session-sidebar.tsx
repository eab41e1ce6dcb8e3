import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type FormEvent,
} from 'react';
import type { SessionRecord } from '../../db/schema.ts';
import type { SearchSnippet } from '../../db/search-match.ts';
import { exportActiveSessionHtml, exportActiveSessionMarkdown } from '../../store/actions/export-readable.ts';
import { bigImportText } from '../../i18n/big-import.ts';
import { cancelImport, exportActiveSession, exportAllSessions, importFiles } from '../../store/actions/file-actions.ts';
import {
  deleteSession,
  newSession,
  openSearchHit,
  renameSession,
  searchSessions,
  switchSession,
} from '../../store/actions/session-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { snippetsBySession, visibleSessions } from '../../store/selectors/sessions.ts';
import { PencilIcon, TrashIcon } from '../components/icons.tsx';
import { scrollFromLiveOffset } from '../components/virtual-scroll.ts';
import { useLanguage, useT, useNames } from '../use-t.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { sessionTitle } from './session-title.ts';
import { formatDateTime } from './format-date-time.ts';

const buttonClass =
  'rounded-md border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800';

/** The snippets under a matching row and their highlighting: a chunk of their own, fetched at the first keystroke. */
const loadSnippetsView = () => import('./search-snippets.tsx');
const SearchSnippets = lazy(async () => ({ default: (await loadSnippetsView()).SearchSnippets }));

/** Sessions from this count on are virtualised in the list. */
export const VIRTUALIZE_SESSIONS_AFTER = 100;

/** A row's height before it is measured: title and the count line, and about this much per snippet under it. */
const ROW_ESTIMATE_PX = 52;
const SNIPPET_ESTIMATE_PX = 50;
const ROW_GAP_PX = 4;
/** Rows the virtualiser mounts past each end of the view. */
const OVERSCAN_ROWS = 4;

/**
 * The rows of a search result this list can mount, each a matching row with a snippet at least: the matches whose
 * snippets the search reads before it answers (undefined before the list is laid out: the search's default).
 */
function firstScreenOf(list: HTMLElement | null): number | undefined {
  const height = list?.clientHeight ?? 0;
  if (height <= 0) return undefined;
  return Math.ceil(height / (ROW_ESTIMATE_PX + SNIPPET_ESTIMATE_PX + ROW_GAP_PX)) + OVERSCAN_ROWS;
}

const formatBytes = (bytes: number) =>
  bytes < 1048576 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

/** The progress of a large import: bytes read of the file, then spans mapped or conversations written; Cancel. */
function ImportProgressBar() {
  const t = useT();
  const language = useLanguage();
  const names = useNames();
  const progress = useAppStore((state) => state.importProgress);
  if (!progress) return null;
  const read = progress.phase === 'read';
  const label =
    progress.phase === 'write'
      ? bigImportText(language, 'progressWrite', {
          file: progress.fileName,
          done: progress.done,
          total: progress.total,
          bytes: formatBytes(progress.bytesDone ?? 0),
          size: formatBytes(progress.bytesTotal ?? 0),
        })
      : t(read ? 'import.progress.read' : 'import.progress.map', {
          file: progress.fileName,
          done: read ? formatBytes(progress.done) : progress.done,
          total: read ? formatBytes(progress.total) : progress.total,
        });
  return (
    <div className="flex flex-col gap-0.5 text-[11px] text-slate-600 dark:text-slate-300">
      <div className="flex items-center gap-1">
        <progress
          aria-label={names('Import progress')}
          aria-valuetext={label}
          data-phase={progress.phase}
          max={Math.max(1, progress.total)}
          value={progress.done}
          className="h-1.5 min-w-0 flex-1"
        />
        {progress.cancellable ? (
          <button type="button" className={buttonClass} aria-label={names('Cancel import')} onClick={cancelImport}>
            {bigImportText(language, 'cancel')}
          </button>
        ) : null}
      </div>
      <span>{label}</span>
    </div>
  );
}

interface SessionRowProps {
  session: SessionRecord;
  active: boolean;
  running: boolean;
  snippets: SearchSnippet[] | undefined;
  /** The query the snippets were found for (not the box's text while a newer search runs). */
  snippetsQuery: string;
  /** A virtualised row's place in the list and its offset from the top (separate values, so the memo holds). */
  index?: number;
  start?: number;
  /** The virtualiser's measuring ref (one function for every row). */
  measure?: (node: Element | null) => void;
  /** The title being edited, when this is the row being renamed. */
  rename: { draft: string; setDraft(title: string): void; submit(event: FormEvent): void; cancel(): void } | undefined;
  onRename(sessionId: string, title: string): void;
  onDelete(sessionId: string): void;
}

/**
 * One session of the list. Memoised: a keystroke in the search box re-renders the list but none of its rows until the
 * answer changes them, and a row's snippets keep the highlights of the query they answer.
 */
const SessionRow = memo(function SessionRow({
  session,
  active,
  running,
  snippets,
  snippetsQuery,
  index,
  start,
  measure,
  rename,
  onRename,
  onDelete,
}: SessionRowProps) {
  const language = useLanguage();
  const names = useNames();
  const t = useT();
  const title = sessionTitle(session.title, t('sessions.untitled'));
  return (
    <li
      aria-current={active ? 'true' : undefined}
      className={`group rounded-md ${start === undefined ? '' : 'absolute inset-x-0 top-0'} ${active ? 'bg-sky-100 dark:bg-sky-900/40' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
      {...(start === undefined
        ? {}
        : { ref: measure, 'data-index': index, style: { transform: `translateY(${start}px)` } })}
    >
      {rename ? (
        <form onSubmit={rename.submit} className="flex gap-1 p-1">
          <input
            aria-label={names('Session title')}
            value={rename.draft}
            autoFocus
            onChange={(event) => rename.setDraft(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && rename.cancel()}
            className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-1 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
          <button type="submit" className={buttonClass}>
            {t('sessions.save')}
          </button>
        </form>
      ) : (
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-current={active ? 'true' : undefined}
            onClick={() => void switchSession(session.id)}
            className="min-w-0 flex-1 truncate px-2 py-1.5 text-left text-sm"
            title={title}
          >
            {title}
          </button>
          {running ? (
            <span className="text-xs text-sky-600" title={t('sessions.running')} aria-hidden="true">
              ●
            </span>
          ) : null}
          {active ? (
            <span className="flex shrink-0 gap-0.5 pr-1">
              <button
                type="button"
                aria-label="Rename session"
                title={t('sessions.rename')}
                className="rounded p-1 text-xs hover:bg-slate-200 dark:hover:bg-slate-700"
                onClick={() => onRename(session.id, title)}
              >
                <PencilIcon className="size-3.5" />
              </button>
              <button
                type="button"
                aria-label="Delete session"
                title={t('sessions.delete')}
                disabled={running}
                className="rounded p-1 text-xs hover:bg-red-100 disabled:opacity-40 dark:hover:bg-red-900/40"
                onClick={() => onDelete(session.id)}
              >
                <TrashIcon className="size-3.5" />
              </button>
            </span>
          ) : null}
        </div>
      )}
      <div
        className={`px-2 pb-1 text-[11px] ${active ? 'text-slate-600 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400'}`}
        aria-hidden="true"
      >
        {session.messageCount} {t('sessions.messages')} · {formatDateTime(session.updatedAt, language)}
      </div>
      {snippets?.length ? (
        <Suspense fallback={null}>
          <SearchSnippets
            snippets={snippets}
            query={snippetsQuery}
            onOpen={(entryId) => void openSearchHit(session.id, entryId)}
          />
        </Suspense>
      ) : null}
    </li>
  );
});

/** The session sidebar: list, search, new, rename, delete, export and import. */
export function SessionSidebar() {
  const t = useT();
  const allSessions = useAppStore((state) => state.sessions);
  const matches = useAppStore((state) => state.sessionMatches);
  const sessions = useMemo(() => visibleSessions(allSessions, matches), [allSessions, matches]);
  const snippets = useMemo(() => snippetsBySession(matches), [matches]);
  const unread = useMemo(() => matches?.some((match) => match.snippetsPending) === true, [matches]);
  const activeSessionId = useAppStore((state) => state.activeSessionId);
  const runs = useAppStore((state) => state.runs);
  const query = useAppStore((state) => state.sessionQuery);
  const matchesQuery = useAppStore((state) => state.sessionMatchesQuery);
  const searching = useAppStore((state) => state.sessionSearchPending);
  const ready = useAppStore((state) => state.ready);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [draftTitle, setDraftTitle] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // A long list renders only the rows in view (1,000 sessions are a few dozen elements); a short one renders all.
  const virtualized = sessions.length > VIRTUALIZE_SESSIONS_AFTER;
  // Stable while the rows are the same: the virtualiser lays out every row again whenever `getItemKey` changes.
  const getItemKey = useCallback((index: number) => sessions[index]?.id ?? index, [sessions]);
  // Rows with snippets are three or four times as tall: estimated so, the first render of a result mounts the rows
  // that fit, not four times as many.
  const estimateSize = useCallback(
    (index: number) => ROW_ESTIMATE_PX + SNIPPET_ESTIMATE_PX * (snippets.get(sessions[index]?.id ?? '')?.length ?? 0),
    [sessions, snippets],
  );
  // The virtualizer's functions are used only inside this component, never handed to memoised children.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: sessions.length,
    getScrollElement: () => listRef.current,
    estimateSize,
    gap: ROW_GAP_PX,
    overscan: OVERSCAN_ROWS,
    getItemKey,
    enabled: virtualized,
    useFlushSync: false,
    scrollToFn: scrollFromLiveOffset,
  });
  const rows: Array<{ session: SessionRecord; item?: VirtualItem }> = virtualized
    ? virtualizer.getVirtualItems().flatMap((item) => {
        const session = sessions[item.index];
        return session ? [{ session, item }] : [];
      })
    : sessions.map((session) => ({ session }));

  // A long result has snippets only for its first screen: the rows shown (scrolled to) have theirs read, again
  // whenever the matches change (the rows may be the same, their snippets not).
  const shownIds = unread ? rows.map(({ session }) => session.id).join(' ') : '';
  useEffect(() => {
    if (shownIds)
      void import('../../store/actions/session-search.ts').then(({ loadSearchSnippets }) =>
        loadSearchSnippets(shownIds.split(' ')),
      );
  }, [shownIds, matches]);

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming) void renameSession(renaming, draftTitle);
    setRenaming(null);
  };
  const cancelRename = () => setRenaming(null);
  const startRename = useCallback((sessionId: string, title: string) => {
    setDraftTitle(title);
    setRenaming(sessionId);
  }, []);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void importFiles(files);
  };

  return (
    <aside
      aria-label="Sessions"
      className={`flex h-full min-h-0 flex-col gap-2 border-r border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900 ${dragging ? 'ring-2 ring-sky-500 ring-inset' : ''}`}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) {
          event.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
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
      <ul
        ref={listRef}
        aria-label="Session list"
        data-count={sessions.length}
        aria-busy={searching || undefined}
        data-virtualized={virtualized ? 'true' : 'false'}
        className={`min-h-0 flex-1 overflow-y-auto contain-strict ${virtualized ? 'relative' : 'space-y-1'}`}
      >
        {sessions.length === 0 && query ? (
          <li className="px-2 text-sm text-slate-500 dark:text-slate-400">{t('sessions.empty')}</li>
        ) : null}
        {virtualized ? (
          <li role="presentation" aria-hidden="true" style={{ height: virtualizer.getTotalSize() }} />
        ) : null}
        {rows.map(({ session, item }) => (
          <SessionRow
            key={session.id}
            session={session}
            active={session.id === activeSessionId}
            running={runs[session.id]?.status === 'running'}
            snippets={snippets.get(session.id)}
            snippetsQuery={matchesQuery}
            {...(item ? { index: item.index, start: item.start, measure: virtualizer.measureElement } : {})}
            rename={
              renaming === session.id
                ? { draft: draftTitle, setDraft: setDraftTitle, submit: submitRename, cancel: cancelRename }
                : undefined
            }
            onRename={startRename}
            onDelete={setConfirmDelete}
          />
        ))}
      </ul>
      <div className="flex flex-wrap gap-1 border-t border-slate-200 pt-2 dark:border-slate-800">
        <button
          type="button"
          className={buttonClass}
          onClick={() => void exportActiveSession()}
          disabled={!activeSessionId}
          aria-label="Export session"
        >
          {t('sessions.export')}
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={() => void exportActiveSessionMarkdown()}
          disabled={!activeSessionId}
          aria-label="Export Markdown"
        >
          {t('sessions.exportMarkdown')}
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={() => void exportActiveSessionHtml()}
          disabled={!activeSessionId}
          aria-label="Export HTML report"
        >
          {t('sessions.exportHtml')}
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={() => void exportAllSessions()}
          disabled={!ready}
          aria-label="Export all"
        >
          {t('sessions.exportAll')}
        </button>
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
