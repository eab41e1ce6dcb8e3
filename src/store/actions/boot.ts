import { useAppStore } from '../app-store.ts';
import type { TabMessage } from '../services.ts';
import { services } from '../services.ts';
import { isRunning } from './run-session.ts';
import { loadSession, newSession, refreshSessions, rememberedActiveSession, switchSession } from './session-actions.ts';

/** Loads settings and sessions and opens the session that was active before; then the app accepts input. */
export async function boot(storageProblem?: string): Promise<void> {
  const state = useAppStore.getState();
  const { persistence } = services();
  state.setStorage(
    persistence.kind === 'indexeddb' ? { mode: 'persistent' } : { mode: 'memory', reason: storageProblem ?? 'IndexedDB is unavailable' },
    storageProblem,
  );
  state.setSettings(await persistence.loadSettings());
  const sessions = await persistence.listSessions();
  state.setSessions(sessions);
  const remembered = rememberedActiveSession();
  const target = sessions.find((session) => session.id === remembered) ?? useAppStore.getState().sessions[0];
  if (target) await switchSession(target.id);
  else await newSession();
  useAppStore.getState().setReady(true);
}

/** Applies what another tab changed. */
export async function onTabMessage(message: TabMessage): Promise<void> {
  const state = useAppStore.getState();
  if (message.type === 'settings-changed') {
    state.setSettings(await services().persistence.loadSettings());
    return;
  }
  await refreshSessions();
  if (message.type === 'session-changed' && message.sessionId === useAppStore.getState().activeSessionId && !isRunning(message.sessionId)) {
    await loadSession(message.sessionId);
  }
}
