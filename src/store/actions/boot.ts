import { useAppStore } from '../app-store.ts';
import { clearFlushJournal, flushJournalSessionIds } from '../flush-journal.ts';
import type { TabMessage } from '../services.ts';
import { services } from '../services.ts';
import { requestPersistentStorage } from '../storage-status.ts';
import { prepareLanguageOf } from './current-language.ts';
import { loadAttachments } from './attachment-actions.ts';
import { abortRun, isRunning } from './run-session.ts';
import { reportStorageError, warnIfNearlyFull } from './storage-errors.ts';
import type { SessionRecord } from '../../db/schema.ts';
import { loadSession, newSession, refreshSessions, rememberedActiveSession, switchSession } from './session-actions.ts';
import { openingFailed, pruneOpeningMarks } from './session-opening.ts';

/** Loads settings and sessions and opens the session that was active before; then the app accepts input. */
export async function boot(storageProblem?: string): Promise<void> {
  const state = useAppStore.getState();
  const { persistence } = services();
  state.setStorage(
    persistence.kind === 'indexeddb'
      ? { mode: 'persistent' }
      : { mode: 'memory', reason: storageProblem ?? 'IndexedDB is unavailable' },
    storageProblem,
  );
  // First use: ask the browser to keep the data (not awaited: it may show a prompt).
  if (persistence.kind === 'indexeddb') void requestPersistentStorage();
  const settings = await persistence.loadSettings();
  const [sessions] = await Promise.all([persistence.listSessions(), prepareLanguageOf(settings.language)]);
  state.setSettings(settings);
  state.setSessions(sessions);
  // A journal whose session is gone (deleted in another tab) will never be applied.
  for (const sessionId of flushJournalSessionIds()) {
    if (!sessions.some((session) => session.id === sessionId)) clearFlushJournal(sessionId);
  }
  pruneOpeningMarks(new Set(sessions.map((session) => session.id)));
  await openFirstSession(sessions);
  useAppStore.getState().setReady(true);
  if (persistence.kind === 'indexeddb') void warnIfNearlyFull();
}

/**
 * Opens the session that was active before, unless opening it failed last time (it crashed or hung the app: its
 * mark is still there) or its load throws now: then a new session opens and the banner offers the failed one.
 */
async function openFirstSession(sessions: readonly SessionRecord[]): Promise<void> {
  const remembered = rememberedActiveSession();
  const target = sessions.find((session) => session.id === remembered) ?? useAppStore.getState().sessions[0];
  if (!target) {
    await newSession();
    return;
  }
  const failed = openingFailed(target.id) ? {} : await switchSession(target.id);
  if (!failed) return;
  await newSession();
  const loadError = 'loadError' in failed ? describeError(failed.loadError) : undefined;
  useAppStore.getState().setUi({ failedSession: { sessionId: target.id, ...(loadError ? { loadError } : {}) } });
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Applies what another tab changed. */
export async function onTabMessage(message: TabMessage): Promise<void> {
  try {
    await applyTabMessage(message);
  } catch (error) {
    reportStorageError(error);
  }
}

async function applyTabMessage(message: TabMessage): Promise<void> {
  const state = useAppStore.getState();
  if (message.type === 'settings-changed') {
    const settings = await services().persistence.loadSettings();
    const language = prepareLanguageOf(settings.language);
    if (language) await language;
    state.setSettings(settings);
    return;
  }
  if (message.type === 'stop-run') {
    // Only the tab that runs the session can stop it; the others ignore the request.
    if (isRunning(message.sessionId)) abortRun(message.sessionId);
    return;
  }
  await refreshSessions();
  if (message.type === 'files-changed') {
    if (message.sessionId === useAppStore.getState().activeSessionId) await loadAttachments(message.sessionId);
    return;
  }
  if (
    message.type === 'session-changed' &&
    message.sessionId === useAppStore.getState().activeSessionId &&
    !isRunning(message.sessionId)
  ) {
    await loadSession(message.sessionId);
  }
}
