import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useState, type FormEvent, type RefObject } from 'react';
import type { SessionRecord } from '../../db/schema.ts';
import { renameSession } from '../../store/actions/session-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { snippetsBySession, visibleSessions } from '../../store/selectors/sessions.ts';
import { scrollFromLiveOffset } from '../components/virtual-scroll.ts';
import { useT } from '../use-t.ts';
import { SessionRow } from './session-row.tsx';

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
export function firstScreenOf(list: HTMLElement | null): number | undefined {
  const height = list?.clientHeight ?? 0;
  if (height <= 0) return undefined;
  return Math.ceil(height / (ROW_ESTIMATE_PX + SNIPPET_ESTIMATE_PX + ROW_GAP_PX)) + OVERSCAN_ROWS;
}

/**
 * The sessions shown (all, or the search's matches in their order) and the rows mounted: every row of a short list,
 * the rows in view of a long one (1,000 sessions are a few dozen elements). A long result has snippets only for its
 * first screen: the rows shown (scrolled to) have theirs read, again whenever the matches change.
 */
function useSessionRows(listRef: RefObject<HTMLUListElement | null>) {
  const allSessions = useAppStore((state) => state.sessions);
  const matches = useAppStore((state) => state.sessionMatches);
  const sessions = useMemo(() => visibleSessions(allSessions, matches), [allSessions, matches]);
  const snippets = useMemo(() => snippetsBySession(matches), [matches]);
  const unread = useMemo(() => matches?.some((match) => match.snippetsPending) === true, [matches]);
  const virtualized = sessions.length > VIRTUALIZE_SESSIONS_AFTER;
  // Stable while the rows are the same: the virtualiser lays out every row again whenever `getItemKey` changes.
  const getItemKey = useCallback((index: number) => sessions[index]?.id ?? index, [sessions]);
  // Rows with snippets are three or four times as tall: estimated so, the first render of a result mounts the rows
  // that fit, not four times as many.
  const estimateSize = useCallback(
    (index: number) => ROW_ESTIMATE_PX + SNIPPET_ESTIMATE_PX * (snippets.get(sessions[index]?.id ?? '')?.length ?? 0),
    [sessions, snippets],
  );
  // The virtualizer's functions are used only inside this list, never handed to memoised children.
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
  const shownIds = unread ? rows.map(({ session }) => session.id).join(' ') : '';
  useEffect(() => {
    if (shownIds)
      void import('../../store/actions/session-search.ts').then(({ loadSearchSnippets }) =>
        loadSearchSnippets(shownIds.split(' ')),
      );
  }, [shownIds, matches]);
  return { sessions, snippets, virtualized, virtualizer, rows };
}

/** Which row is being renamed, and its draft title. */
function useRename() {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (renaming) void renameSession(renaming, draft);
    setRenaming(null);
  };
  const start = useCallback((sessionId: string, title: string) => {
    setDraft(title);
    setRenaming(sessionId);
  }, []);
  const of = (sessionId: string) =>
    renaming === sessionId ? { draft, setDraft, submit, cancel: () => setRenaming(null) } : undefined;
  return { start, of };
}

/** The session list: the sessions (or the search's matches) as rows, virtualised when long. */
export function SessionList({
  listRef,
  onDelete,
}: {
  listRef: RefObject<HTMLUListElement | null>;
  onDelete(sessionId: string): void;
}) {
  const t = useT();
  const { sessions, snippets, virtualized, virtualizer, rows } = useSessionRows(listRef);
  const rename = useRename();
  const activeSessionId = useAppStore((state) => state.activeSessionId);
  const runs = useAppStore((state) => state.runs);
  const query = useAppStore((state) => state.sessionQuery);
  const matchesQuery = useAppStore((state) => state.sessionMatchesQuery);
  const searching = useAppStore((state) => state.sessionSearchPending);
  return (
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
          rename={rename.of(session.id)}
          onRename={rename.start}
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}
