import { lazy, memo, Suspense, type FormEvent } from 'react';
import type { SessionRecord } from '../../db/schema.ts';
import type { SearchSnippet } from '../../db/search-match.ts';
import { openSearchHit, switchSession } from '../../store/actions/session-actions.ts';
import { PencilIcon, TrashIcon } from '../components/icons.tsx';
import { useLanguage, useNames, useT } from '../use-t.ts';
import { formatDateTime } from './format-date-time.ts';
import { sessionTitle } from './session-title.ts';
import { buttonClass } from './sidebar-styles.ts';

/** The snippets under a matching row and their highlighting: a chunk of their own, fetched at the first keystroke. */
export const loadSnippetsView = () => import('./search-snippets.tsx');
const SearchSnippets = lazy(async () => ({ default: (await loadSnippetsView()).SearchSnippets }));

/** The title being edited, when a row is being renamed. */
export interface RowRename {
  draft: string;
  setDraft(title: string): void;
  submit(event: FormEvent): void;
  cancel(): void;
}

export interface SessionRowProps {
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
  rename: RowRename | undefined;
  onRename(sessionId: string, title: string): void;
  onDelete(sessionId: string): void;
}

function RenameForm({ rename }: { rename: RowRename }) {
  const names = useNames();
  const t = useT();
  return (
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
  );
}

/** The active row's Rename and Delete buttons. */
function RowActions({ running, onRename, onDelete }: { running: boolean; onRename(): void; onDelete(): void }) {
  const t = useT();
  return (
    <span className="flex shrink-0 gap-0.5 pr-1">
      <button
        type="button"
        aria-label="Rename session"
        title={t('sessions.rename')}
        className="rounded p-1 text-xs hover:bg-slate-200 dark:hover:bg-slate-700"
        onClick={onRename}
      >
        <PencilIcon className="size-3.5" />
      </button>
      <button
        type="button"
        aria-label="Delete session"
        title={t('sessions.delete')}
        disabled={running}
        className="rounded p-1 text-xs hover:bg-red-100 disabled:opacity-40 dark:hover:bg-red-900/40"
        onClick={onDelete}
      >
        <TrashIcon className="size-3.5" />
      </button>
    </span>
  );
}

/** The row's title button (opens the session), its running mark and, when active, its actions. */
function RowHeading({ session, active, running, onRename, onDelete }: SessionRowProps) {
  const t = useT();
  const title = sessionTitle(session.title, t('sessions.untitled'));
  return (
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
        <RowActions
          running={running}
          onRename={() => onRename(session.id, title)}
          onDelete={() => onDelete(session.id)}
        />
      ) : null}
    </div>
  );
}

/**
 * One session of the list. Memoised: a keystroke in the search box re-renders the list but none of its rows until the
 * answer changes them, and a row's snippets keep the highlights of the query they answer.
 */
export const SessionRow = memo(function SessionRow(props: SessionRowProps) {
  const { session, active, snippets, snippetsQuery, index, start, measure, rename } = props;
  const language = useLanguage();
  const t = useT();
  return (
    <li
      aria-current={active ? 'true' : undefined}
      className={`group rounded-md ${start === undefined ? '' : 'absolute inset-x-0 top-0'} ${active ? 'bg-sky-100 dark:bg-sky-900/40' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
      {...(start === undefined
        ? {}
        : { ref: measure, 'data-index': index, style: { transform: `translateY(${start}px)` } })}
    >
      {rename ? <RenameForm rename={rename} /> : <RowHeading {...props} />}
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
