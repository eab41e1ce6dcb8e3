import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { SessionRecord } from '../../db/schema.ts';
import type { Span } from '../../trace/span.ts';
import { useAppStore } from '../app-store.ts';
import { clearFlushJournal, readFlushJournal } from '../flush-journal.ts';
import { emptyQueue, restoreQueue } from '../message-queue.ts';
import { storedQueuedMessages, storeQueuedMessages } from '../queue-storage.ts';
import { services } from '../services.ts';
import { isRunning, isRunningElsewhere, RUNNING_ELSEWHERE_NOTICE } from './run-session.ts';
import { clearOpeningMarks, markOpening } from './session-opening.ts';
import { reportStorageError } from './storage-errors.ts';
import { storeText } from './store-text.ts';

const ACTIVE_SESSION_KEY = 'glassbox.activeSession';

function rememberActive(sessionId: string | null): void {
  // Per tab first (a reload reopens this tab's session even when another tab has a different one open),
  // then per profile (a new tab opens the session used last).
  for (const storage of [globalThis.sessionStorage, globalThis.localStorage]) {
    try {
      if (sessionId) storage.setItem(ACTIVE_SESSION_KEY, sessionId);
      else storage.removeItem(ACTIVE_SESSION_KEY);
    } catch {
      // Storage may be unavailable (private mode); the active session is then not restored.
    }
  }
}

/** The session that was active before a reload, if any. */
export function rememberedActiveSession(): string | null {
  for (const storage of [globalThis.sessionStorage, globalThis.localStorage]) {
    try {
      const remembered = storage.getItem(ACTIVE_SESSION_KEY);
      if (remembered) return remembered;
    } catch {
      // Unavailable storage: try the next one.
    }
  }
  return null;
}

/** The error recorded on spans that were still running when their tab went away. */
export const INTERRUPTED_SPAN_ERROR = {
  type: 'interrupted',
  message: 'The page was closed or reloaded while this was running.',
};

/**
 * Records a run whose tab went away mid-run as interrupted: the session's status, and its spans that were
 * still running end as cancelled at the session's last write. The session keeps its place in the list.
 */
async function settleInterrupted(session: SessionRecord, spans: Span[]): Promise<Span[]> {
  const settled = spans.map((span) =>
    span.status === 'running'
      ? {
          ...span,
          status: 'cancelled' as const,
          endTime: Math.max(span.startTime, session.updatedAt),
          error: INTERRUPTED_SPAN_ERROR,
        }
      : span,
  );
  try {
    const saved = await services().persistence.saveStep({
      sessionId: session.id,
      entries: [],
      spans: settled.filter((span, index) => span !== spans[index]),
      session: { status: 'interrupted', updatedAt: session.updatedAt },
    });
    if (saved) useAppStore.getState().upsertSession(saved);
  } catch (error) {
    reportStorageError(error);
  }
  return settled;
}

const awaitingUnlock = new Map<string, Promise<void>>();

/**
 * Reloads the session once the tab that runs it lets go (it finished, or was closed mid-run); the notice that it
 * runs in another tab (in the chat, or as the alert of a send that was refused) then goes.
 */
export function reloadWhenUnlocked(sessionId: string): void {
  const wait = services().waitForSessionUnlock;
  if (!wait || awaitingUnlock.has(sessionId)) return;
  const reload = wait(sessionId)
    .then(async () => {
      awaitingUnlock.delete(sessionId);
      if (isRunningElsewhere(useAppStore.getState().appAlert)) useAppStore.getState().setUi({ appAlert: undefined });
      if (isRunning(sessionId)) return;
      await refreshSessions();
      if (useAppStore.getState().sessions.some((session) => session.id === sessionId)) await loadSession(sessionId);
    })
    .catch((error: unknown) => {
      awaitingUnlock.delete(sessionId);
      reportStorageError(error);
    });
  awaitingUnlock.set(sessionId, reload);
}

/** While another tab runs the session: resolves once that run is over and this tab has reloaded the session. */
export function afterRunElsewhere(sessionId: string): Promise<void> | undefined {
  return awaitingUnlock.get(sessionId);
}

let creating: Promise<string> | null = null;

/**
 * Creates an empty session and opens it. Until it is open, {@link sessionForInput} routes what the user sends
 * to it rather than to the session still on screen.
 */
export function newSession(): Promise<string> {
  const pending = createAndOpenSession();
  creating = pending;
  const settle = () => {
    if (creating === pending) creating = null;
  };
  pending.then(settle, settle);
  return pending;
}

/** The session a message sent now belongs to: one being created after New session, else the active one (a new one when there is none). */
export async function sessionForInput(): Promise<string> {
  if (creating) return creating;
  return useAppStore.getState().activeSessionId ?? (await newSession());
}

const loading = new Map<string, Promise<void>>();

/** Resolves once the session is no longer being loaded by a switch (a turn must not start under a load that replaces its messages). */
export function whenLoaded(sessionId: string): Promise<void> {
  return loading.get(sessionId) ?? Promise.resolve();
}

async function createAndOpenSession(): Promise<string> {
  const { persistence, broadcast } = services();
  const session = await persistence.createSession();
  const state = useAppStore.getState();
  state.upsertSession(session);
  state.setEntries(session.id, []);
  state.setSpans(session.id, []);
  state.setActiveSession(session.id);
  state.selectSpan(undefined);
  state.setSessionSearch('', null); // the new session must be in view
  state.setUi({ mobilePane: 'chat', appAlert: undefined });
  rememberActive(session.id);
  broadcast?.({ type: 'sessions-changed' });
  return session.id;
}

/**
 * Writes what a tab that went away mid-run left in its journal, unless the session was written after it
 * (the run went on, or the data was replaced). The run then counts as interrupted and can be resumed.
 */
async function recoverJournal(session: SessionRecord): Promise<SessionRecord> {
  const journal = readFlushJournal(session.id);
  if (!journal) return session;
  if (session.status !== 'running' && session.updatedAt > journal.savedAt) {
    clearFlushJournal(session.id);
    return session;
  }
  try {
    const saved = await services().persistence.saveStep({
      sessionId: session.id,
      entries: journal.entries,
      spans: journal.spans,
      session: {
        status: 'running',
        activeRunId: journal.runId,
        updatedAt: Math.max(session.updatedAt, journal.savedAt),
      },
    });
    clearFlushJournal(session.id);
    return saved ?? session;
  } catch (error) {
    reportStorageError(error);
    return session;
  }
}

/** Loads a session's messages and spans from storage into the store. */
export async function loadSession(sessionId: string): Promise<void> {
  const { persistence, isSessionLockedElsewhere } = services();
  let session = await persistence.getSession(sessionId);
  if (!session || isRunning(sessionId)) return; // the live run owns this session's state in this tab
  let elsewhere = false;
  if (session.status === 'running' || readFlushJournal(sessionId)) {
    // Saved as running but not running here: another tab runs it, or the tab that did went away mid-run.
    elsewhere = (await isSessionLockedElsewhere?.(sessionId)) ?? false;
    if (isRunning(sessionId)) return;
    if (!elsewhere) session = await recoverJournal(session);
  }
  if (session.status !== 'running' && isLong(session)) {
    // A long session (issue 20) opens from its end; the code for it is a chunk of its own.
    const { loadLatestFirst } = await import('./long-session.ts');
    await loadLatestFirst(session, showLoaded);
    return;
  }
  const [entries, loadedSpans] = await Promise.all([
    persistence.listMessages(sessionId),
    persistence.listSpans(sessionId),
  ]);
  if (isRunning(sessionId)) return;
  useAppStore.getState().upsertSession(session);
  let spans = loadedSpans;
  let status = session.status;
  if (status === 'running') {
    if (elsewhere) reloadWhenUnlocked(sessionId);
    else {
      spans = await settleInterrupted(session, spans);
      status = 'interrupted';
    }
  }
  showLoaded(session, entries, spans, status);
}

/** Above this many messages or spans a session opens from its end (src/store/actions/long-session.ts). */
const LATEST_FIRST_MESSAGES = 200;
const LATEST_RUN_SPANS = 10_000;

/** A session that opens from its end (issue 20). */
const isLong = (session: SessionRecord) =>
  session.messageCount > LATEST_FIRST_MESSAGES || session.spanCount > LATEST_RUN_SPANS;

/** Puts a session's loaded messages and spans in the store, with its run state. */
export function showLoaded(
  record: SessionRecord,
  entries: TranscriptEntry[],
  spans: Span[],
  status: SessionRecord['status'],
): void {
  const sessionId = record.id;
  const state = useAppStore.getState();
  state.setEntries(sessionId, entries);
  state.setSpans(sessionId, spans);
  state.setOlderSpans(sessionId, undefined);
  state.patchRun(sessionId, (run) => {
    const notices = run.notices.filter((notice) => !isRunningElsewhere(notice));
    if (status === 'running')
      return { status, notices: [...notices, RUNNING_ELSEWHERE_NOTICE], streaming: undefined, pendingApprovals: [] };
    // After a reload the failed run's alert is rebuilt from what was saved, so Retry stays at hand.
    const alert =
      status === 'error' && !run.alert && record.lastError
        ? { title: record.lastError, advice: '', retryable: true }
        : run.alert;
    return { status, notices, streaming: undefined, alert };
  });
  const queue = state.queues[sessionId] ?? emptyQueue;
  const restored = restoreQueue(queue, storedQueuedMessages(sessionId), status);
  if (restored === queue) return;
  state.updateQueue(sessionId, () => restored);
  queueRestored(sessionId);
}

let queueRestored: (sessionId: string) => void = () => undefined;

/** Who sends the queued messages a session gets back after a reload (chat-actions.ts; set once, at its load). */
export function onQueueRestored(send: (sessionId: string) => void): void {
  queueRestored = send;
}

/**
 * Opens a session: loads it if needed and makes it active. `written` is the session exactly as it was just
 * written (an import): it is shown as is instead of being read back. Resolves to the error when loading it
 * failed (it is reported too), else undefined.
 */
export async function switchSession(
  sessionId: string,
  written?: { session: SessionRecord; entries: TranscriptEntry[]; spans: Span[] },
): Promise<{ loadError: unknown } | undefined> {
  const state = useAppStore.getState();
  // Cleared once the chat has rendered it (SessionShownSignal in src/ui/session-recovery.tsx); the session already
  // on screen is not being opened.
  if (state.activeSessionId !== sessionId || !state.entries[sessionId]) markOpening(sessionId);
  const shown =
    written !== undefined &&
    written.session.id === sessionId &&
    written.session.status !== 'running' &&
    !isRunning(sessionId);
  if (shown) {
    state.upsertSession(written.session);
    if (isLong(written.session)) {
      const { showWrittenLatestFirst } = await import('./long-session.ts');
      showWrittenLatestFirst(written.session, written.entries, written.spans, showLoaded);
    } else showLoaded(written.session, written.entries, written.spans, written.session.status);
  }
  state.setActiveSession(sessionId);
  state.selectSpan(undefined);
  state.setUi({ mobilePane: 'chat', scrollToEntryId: undefined, appAlert: undefined });
  rememberActive(sessionId);
  if (shown) return undefined;
  let failed: { loadError: unknown } | undefined;
  const load = loadSession(sessionId).catch((error: unknown) => {
    failed = { loadError: error };
    reportStorageError(error);
  });
  loading.set(sessionId, load);
  await load;
  if (loading.get(sessionId) === load) loading.delete(sessionId);
  return failed;
}

/** Opens a session at a message the sidebar search found: the chat scrolls to it and highlights it. */
export async function openSearchHit(sessionId: string, entryId: string): Promise<void> {
  await switchSession(sessionId);
  // switchSession cleared the target; set it a frame later so the chat sees a new target even for the same hit.
  requestAnimationFrame(() => {
    const state = useAppStore.getState();
    if (state.activeSessionId === sessionId) state.setUi({ scrollToEntryId: entryId });
  });
}

/** Renames a session (the title stays as typed from then on). */
export async function renameSession(sessionId: string, title: string): Promise<void> {
  const trimmed = title.replace(/\s+/g, ' ').trim().slice(0, 200);
  if (!trimmed) return;
  const { persistence, broadcast } = services();
  try {
    const session = await persistence.updateSession(sessionId, { title: trimmed, titleEdited: true });
    if (session) useAppStore.getState().upsertSession(session);
    broadcast?.({ type: 'sessions-changed' });
  } catch (error) {
    reportStorageError(error);
  }
}

/** Deletes a session with everything it holds; opens the most recent remaining one. Never one that is running. */
export async function deleteSession(sessionId: string): Promise<void> {
  const { persistence, broadcast, isSessionLockedElsewhere } = services();
  if (isRunning(sessionId)) return;
  try {
    if (await isSessionLockedElsewhere?.(sessionId)) {
      useAppStore.getState().setUi({ appAlert: storeText('deleteRunningElsewhere') });
      return;
    }
    await persistence.deleteSession(sessionId);
  } catch (error) {
    reportStorageError(error);
    return;
  }
  clearOpeningMarks(sessionId);
  const state = useAppStore.getState();
  state.removeSession(sessionId);
  storeQueuedMessages(sessionId, []);
  if (state.failedSession?.sessionId === sessionId) state.setUi({ failedSession: undefined });
  broadcast?.({ type: 'sessions-changed' });
  if (state.activeSessionId === sessionId) {
    const next = useAppStore.getState().sessions[0];
    if (next) await switchSession(next.id);
    else await newSession();
  }
}

/** The search's chunk, once loaded. */
let searchModule: typeof import('./session-search.ts') | undefined;

/**
 * Filters the sidebar by title and message text: the box and the list are updated now, the search (session-search.ts,
 * a chunk of its own) answers after. `firstScreen`: the rows the list can show, whose snippets come with the answer.
 */
export async function searchSessions(query: string, firstScreen?: number): Promise<void> {
  const state = useAppStore.getState();
  if (query.trim()) state.setSessionSearch(query, state.sessionMatches, true);
  else state.setSessionSearch('', null);
  // Once loaded, the search starts in this keystroke's own task (an `import()` would resolve a task later).
  searchModule ??= await import('./session-search.ts');
  await searchModule.runSearch(query, firstScreen);
}

/** Rebuilds the search index in the background if an older build stored it (called once the app is idle). */
export function prepareSearch(): void {
  void services()
    .persistence.prepareSearch()
    .catch(() => undefined);
}

/** Re-reads the session list (another tab changed it; an active search runs again: session-search.ts). */
export async function refreshSessions(): Promise<void> {
  const sessions = await services().persistence.listSessions();
  const state = useAppStore.getState();
  state.setSessions(sessions);
  if (state.activeSessionId && !sessions.some((session) => session.id === state.activeSessionId)) {
    const next = sessions[0];
    if (next) await switchSession(next.id);
    else await newSession();
  }
}
