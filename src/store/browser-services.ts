import { lazyQueryRunner } from '../tools/data/lazy-query-runner.ts';
import { createEndpointMemory, type EndpointMemoryStorage } from '../model/endpoint-memory.ts';
import type { Persistence } from './persistence.ts';
import type { Services, TabMessage } from './services.ts';
import { newId } from './ids.ts';
import { localChanged } from './sync-hook.ts';

const CHANNEL_NAME = 'glassbox';
const ENDPOINT_MEMORY_KEY = 'glassbox.endpoint-memory';

/** localStorage as the endpoint memory's backend; unavailable storage (blocked, private mode) reads as empty. */
export function localStorageBackend(
  key: string,
  storage: Storage | undefined = globalThis.localStorage,
): EndpointMemoryStorage {
  return {
    read: () => storage?.getItem(key) ?? null,
    write: (text) => storage?.setItem(key, text),
  };
}

/** Services backed by the browser: locks, BroadcastChannel, downloads, the sandbox worker. */
export function createBrowserServices(
  persistence: Persistence,
  runSandboxed: Services['runSandboxed'],
  onTabMessage: (message: TabMessage) => void,
): Services {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : undefined;
  channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => onTabMessage(event.data));
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return {
    persistence,
    fetch: (input, init) => fetch(input, init),
    now: () => performance.timeOrigin + performance.now(),
    newId,
    endpointMemory: createEndpointMemory(localStorageBackend(ENDPOINT_MEMORY_KEY)),
    ...(runSandboxed ? { runSandboxed } : {}),
    queryData: lazyQueryRunner,
    broadcast: (message) => {
      channel?.postMessage(message);
      // Every save that other tabs hear of is also what sync exports (nothing while sync is off).
      localChanged();
    },
    ...(locks
      ? {
          withSessionLock: async (sessionId: string, work: () => Promise<void>) =>
            locks.request(`glassbox-run-${sessionId}`, { ifAvailable: true }, async (lock) => {
              if (!lock) return false;
              await work();
              return true;
            }),
          isSessionLockedElsewhere: async (sessionId: string) => {
            const state = await locks.query();
            return (state.held ?? []).some((lock) => lock.name === `glassbox-run-${sessionId}`);
          },
          // A shared request is granted only when the running tab lets go of its exclusive lock; it is released at once.
          waitForSessionUnlock: async (sessionId: string) => {
            await locks.request(`glassbox-run-${sessionId}`, { mode: 'shared' }, async () => undefined);
          },
        }
      : {}),
    download: (fileName, text, type = 'application/json') => {
      const url = URL.createObjectURL(new Blob([text], { type }));
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileName;
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  };
}
