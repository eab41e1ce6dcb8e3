// The sidebar search behind the box (a chunk of its own: the first load does not carry it): the query sent to
// storage, a newer one aborting the older, the search run again whenever the data changes, and the snippets of a
// long result's rows read as they are shown.
import { FIRST_SCREEN } from '../../db/search-query.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { reportStorageError } from './storage-errors.ts';

/** The search in progress: a newer query aborts it, so a superseded keystroke stops reading. */
let runningSearch: AbortController | undefined;
/** The rows the list showed at the last keystroke: a search run again for new data reads as many snippets. */
let lastFirstScreen = FIRST_SCREEN;

/**
 * The sessions at the top of the list shown (the result of the query before, or every session), when `query` types
 * on from that query or takes letters back: the new first screen is then mostly theirs (read ahead).
 */
function likelyFirstScreen(query: string, firstScreen: number): string[] | undefined {
  const { sessions, sessionMatches, sessionMatchesQuery } = useAppStore.getState();
  const typed = query.trim();
  const shown = sessionMatchesQuery.trim();
  if (!typed.startsWith(shown) && !shown.startsWith(typed)) return undefined;
  return (sessionMatches ?? sessions).slice(0, firstScreen).map((row) => ('sessionId' in row ? row.sessionId : row.id));
}

/**
 * Runs the search for the query `searchSessions` just put in the box (an empty one only stops the running search);
 * `firstScreen`: the rows the list can show, whose snippets are read before it answers.
 */
export async function runSearch(query: string, firstScreen = lastFirstScreen): Promise<void> {
  runningSearch?.abort();
  runningSearch = undefined;
  lastFirstScreen = firstScreen;
  if (!query.trim()) return;
  const controller = new AbortController();
  runningSearch = controller;
  try {
    // The page's own session list (kept current by every change it makes and by other tabs' notices).
    const { sessions } = useAppStore.getState();
    const matches = await services().persistence.searchSessions(query.trim(), {
      signal: controller.signal,
      sessions,
      likely: likelyFirstScreen(query, firstScreen),
      firstScreen,
    });
    if (!controller.signal.aborted && useAppStore.getState().sessionQuery === query)
      useAppStore.getState().setSessionSearch(query, matches);
  } catch (error) {
    if (controller.signal.aborted) return;
    const current = useAppStore.getState();
    if (current.sessionQuery === query) current.setSessionSearch(query, current.sessionMatches);
    reportStorageError(error);
  } finally {
    if (runningSearch === controller) runningSearch = undefined;
  }
}

/** A search for new data is queued for this task (several changes in one task run it once). */
let rerunQueued = false;

/**
 * An active search follows the data. Every change to the sessions — a step, a rename, a deletion, an import, another
 * tab's change (its notice re-reads the list), a sync — replaces the page's session list after it is stored, so
 * whenever the list changes while the box holds a query, that query runs again over the new list and data (the
 * search it supersedes is aborted). The matches shown stay until the new ones arrive.
 */
useAppStore.subscribe((state, previous) => {
  if (state.sessions === previous.sessions || !state.sessionQuery.trim() || rerunQueued) return;
  rerunQueued = true;
  queueMicrotask(() => {
    rerunQueued = false;
    const { sessionQuery } = useAppStore.getState();
    if (sessionQuery.trim()) void runSearch(sessionQuery);
  });
});

/** Sessions whose snippets are being read, for the query they are read for. */
const snippetsReading = new Set<string>();

/**
 * Reads the snippets of these rows of the search result (a long result has them read only for the rows shown);
 * a session that no longer matches leaves the result.
 */
export async function loadSearchSnippets(sessionIds: readonly string[]): Promise<void> {
  const { sessionQuery: query, sessionMatches, sessionSearchPending } = useAppStore.getState();
  // The matches shown are an earlier query's: the search running brings the new ones.
  if (sessionSearchPending) return;
  const pending = new Set(sessionMatches?.filter((match) => match.snippetsPending).map((match) => match.sessionId));
  const wanted = sessionIds.filter((id) => pending.has(id) && !snippetsReading.has(`${query}\n${id}`));
  if (wanted.length === 0 || !query.trim()) return;
  for (const id of wanted) snippetsReading.add(`${query}\n${id}`);
  try {
    const found = await services().persistence.searchSnippets(query.trim(), wanted);
    const current = useAppStore.getState();
    if (current.sessionQuery !== query || !current.sessionMatches) return;
    const read = new Set(wanted);
    const byId = new Map(found.map((match) => [match.sessionId, match]));
    const next = current.sessionMatches.flatMap((match) =>
      read.has(match.sessionId) ? (byId.get(match.sessionId) ?? []) : [match],
    );
    current.setSessionSearch(query, next, current.sessionSearchPending);
  } catch (error) {
    reportStorageError(error);
  } finally {
    for (const id of wanted) snippetsReading.delete(`${query}\n${id}`);
  }
}
