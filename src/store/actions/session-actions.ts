import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { isRunning } from './run-session.ts';
import { reportStorageError } from './storage-errors.ts';

const ACTIVE_SESSION_KEY = 'glassbox.activeSession';

function rememberActive(sessionId: string | null): void {
  try {
    if (sessionId) localStorage.setItem(ACTIVE_SESSION_KEY, sessionId);
    else localStorage.removeItem(ACTIVE_SESSION_KEY);
  } catch {
    // Storage may be unavailable (private mode); the active session is then not restored.
  }
}

/** The session that was active before a reload, if any. */
export function rememberedActiveSession(): string | null {
  try {
    return localStorage.getItem(ACTIVE_SESSION_KEY);
  } catch {
    return null;
  }
}

/** Creates an empty session and opens it. */
export async function newSession(): Promise<string> {
  const { persistence, broadcast } = services();
  const session = await persistence.createSession();
  const state = useAppStore.getState();
  state.upsertSession(session);
  state.setEntries(session.id, []);
  state.setSpans(session.id, []);
  state.setActiveSession(session.id);
  state.selectSpan(undefined);
  state.setUi({ mobilePane: 'chat', appAlert: undefined });
  rememberActive(session.id);
  broadcast?.({ type: 'sessions-changed' });
  return session.id;
}

/** Loads a session's messages and spans from storage into the store. */
export async function loadSession(sessionId: string): Promise<void> {
  const { persistence } = services();
  const [entries, spans] = await Promise.all([persistence.listMessages(sessionId), persistence.listSpans(sessionId)]);
  const state = useAppStore.getState();
  if (isRunning(sessionId)) return; // the live run owns this session's state in this tab
  state.setEntries(sessionId, entries);
  state.setSpans(sessionId, spans);
  const session = useAppStore.getState().sessions.find((candidate) => candidate.id === sessionId);
  if (!session) return;
  if (session.status === 'running') {
    // Saved as running but not running here: another tab runs it, or the tab that did was closed mid-run.
    const elsewhere = (await services().isSessionLockedElsewhere?.(sessionId)) ?? false;
    state.patchRun(sessionId, { status: elsewhere ? 'running' : 'interrupted' });
  } else {
    state.patchRun(sessionId, { status: session.status });
  }
}

/** Opens a session: loads it if needed and makes it active. */
export async function switchSession(sessionId: string): Promise<void> {
  const state = useAppStore.getState();
  state.setActiveSession(sessionId);
  state.selectSpan(undefined);
  state.setUi({ mobilePane: 'chat', scrollToEntryId: undefined, appAlert: undefined });
  rememberActive(sessionId);
  try {
    await loadSession(sessionId);
  } catch (error) {
    reportStorageError(error);
  }
}

/** Renames a session (the title stays as typed from then on). */
export async function renameSession(sessionId: string, title: string): Promise<void> {
  const trimmed = title.trim().slice(0, 200);
  if (!trimmed) return;
  const { persistence, broadcast } = services();
  const session = await persistence.updateSession(sessionId, { title: trimmed, titleEdited: true });
  if (session) useAppStore.getState().upsertSession(session);
  broadcast?.({ type: 'sessions-changed' });
}

/** Deletes a session with everything it holds; opens the most recent remaining one. */
export async function deleteSession(sessionId: string): Promise<void> {
  if (isRunning(sessionId)) return;
  const { persistence, broadcast } = services();
  await persistence.deleteSession(sessionId);
  const state = useAppStore.getState();
  state.removeSession(sessionId);
  broadcast?.({ type: 'sessions-changed' });
  if (state.activeSessionId === sessionId) {
    const next = useAppStore.getState().sessions[0];
    if (next) await switchSession(next.id);
    else await newSession();
  }
}

/** Filters the sidebar by title and message text. */
export async function searchSessions(query: string): Promise<void> {
  const state = useAppStore.getState();
  if (!query.trim()) {
    state.setSessionSearch('', null);
    return;
  }
  state.setSessionSearch(query, state.sessionMatches);
  const matches = await services().persistence.searchSessions(query.trim());
  if (useAppStore.getState().sessionQuery === query) useAppStore.getState().setSessionSearch(query, matches);
}

/** Re-reads the session list (another tab changed it). */
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
