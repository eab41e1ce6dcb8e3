import { openGlassboxDb } from './db/open-db.ts';
import { boot, onTabMessage } from './store/actions/boot.ts';
import { storageAdvice } from './store/actions/storage-errors.ts';
import { useAppStore } from './store/app-store.ts';
import { createBrowserServices } from './store/browser-services.ts';
import { newId } from './store/ids.ts';
import { createIndexedDbPersistence } from './store/indexeddb-persistence.ts';
import { createMemoryPersistence } from './store/memory-persistence.ts';
import type { Persistence } from './store/persistence.ts';
import { setServices } from './store/services.ts';
import { runSandboxed } from './tools/sandbox/run-sandboxed.ts';

const now = () => performance.timeOrigin + performance.now();

async function openPersistence(): Promise<{ persistence: Persistence; problem?: string }> {
  try {
    const db = await openGlassboxDb({
      onVersionChange: () =>
        useAppStore.getState().setStorage(useAppStore.getState().storage, 'A newer version of Glassbox was opened in another tab. Reload this tab to keep saving.'),
      onTerminated: () =>
        useAppStore.getState().setStorage({ mode: 'memory', reason: 'closed' }, 'The browser closed the storage connection (storage cleared?). Nothing more is saved; export your sessions and reload.'),
    });
    return { persistence: createIndexedDbPersistence(db, { newId, now }) };
  } catch (error) {
    return { persistence: createMemoryPersistence({ newId, now }), problem: storageAdvice(error) };
  }
}

/** Opens storage (IndexedDB, or memory when that fails), installs the services and loads the app state. */
export async function startApp(): Promise<void> {
  const { persistence, problem } = await openPersistence();
  setServices(createBrowserServices(persistence, runSandboxed, (message) => void onTabMessage(message)));
  await boot(problem);
}
