import { openGlassboxDb } from './db/open-db.ts';
import type { GlassboxDatabase } from './db/transaction.ts';
import { boot, onTabMessage } from './store/actions/boot.ts';
import { flushActiveRuns } from './store/actions/run-session.ts';
import { reportKeptWrites, reportStorageError, storageAdvice } from './store/actions/storage-errors.ts';
import { useAppStore } from './store/app-store.ts';
import { onJournalWritten } from './store/flush-journal.ts';
import { createBrowserServices } from './store/browser-services.ts';
import { newId } from './store/ids.ts';
import { createIndexedDbPersistence } from './store/indexeddb-persistence.ts';
import { createMemoryPersistence } from './store/memory-persistence.ts';
import type { Persistence } from './store/persistence.ts';
import { services, setServices } from './store/services.ts';
import { savedSyncIsOn } from './store/sync-settings-record.ts';
import { runSandboxed } from './tools/sandbox/run-sandboxed.ts';

const now = () => performance.timeOrigin + performance.now();

/** The connection was closed under the app: go on in memory with what is loaded, and say so. */
function continueInMemory(reason: string, advice: string): void {
  const state = useAppStore.getState();
  if (state.storage.mode === 'memory') return;
  const persistence = createMemoryPersistence(
    { newId, now },
    {
      settings: state.settings,
      sessions: state.sessions,
      entries: state.entries,
      spans: state.spans,
    },
  );
  setServices({ ...services(), persistence });
  state.setStorage({ mode: 'memory', reason }, advice);
}

async function openPersistence(): Promise<{ persistence: Persistence; problem?: string }> {
  try {
    const db = await openGlassboxDb({
      // Until it is done the sidebar is empty: say why, or a long history looks lost.
      onUpgrade: () => useAppStore.getState().setStorage({ mode: 'upgrading' }),
      onVersionChange: () =>
        continueInMemory(
          'upgraded elsewhere',
          'A newer version of Glassbox was opened in another tab, so this tab can no longer save. Reload this tab to keep saving.',
        ),
      onTerminated: () =>
        continueInMemory(
          'closed',
          'The browser closed the storage connection (site data cleared, or a disk error). Export your sessions, then reload.',
        ),
    });
    return {
      persistence: createIndexedDbPersistence(db, {
        newId,
        now,
        onPendingWrites: reportKeptWrites,
        onRetryFailed: reportStorageError,
      }),
    };
  } catch (error) {
    return { persistence: createMemoryPersistence({ newId, now }), problem: storageAdvice(error) };
  }
}

/** Saves the streamed text of running steps when the page is hidden or goes away (reload, closed tab). */
function flushOnHide(): void {
  addEventListener('pagehide', () => flushActiveRuns());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushActiveRuns();
  });
}

/** Opens storage (IndexedDB, or memory when that fails), installs the services and loads the app state. */
export async function startApp(): Promise<void> {
  const { persistence, problem } = await openPersistence();
  setServices(createBrowserServices(persistence, runSandboxed, (message) => void onTabMessage(message)));
  flushOnHide();
  onJournalWritten((sessionId) => void onTabMessage({ type: 'session-changed', sessionId }));
  await boot(problem);
  // Sync: its code (and PouchDB) loads only when the saved sync settings have it on.
  const db = (persistence as { db?: GlassboxDatabase }).db;
  if (persistence.kind === 'indexeddb' && db && (await savedSyncIsOn(db)))
    void import('./store/actions/sync-actions.ts').then((sync) => sync.startSyncIfOn()).catch(() => undefined);
}
