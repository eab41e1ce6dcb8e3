/// <reference types="vite-plugin-pwa/vanillajs" />
import type { AppState } from '../app-store.ts';
import { useAppStore } from '../app-store.ts';

/** Activates the waiting service worker and reloads the page once it controls it (from `virtual:pwa-register`). */
let activateWaitingWorker: ((reloadPage?: boolean) => Promise<void>) | undefined;

/** A run is streaming or calling tools in some session of this tab. */
export function anyRunActive(state: Pick<AppState, 'runs'>): boolean {
  return Object.values(state.runs).some((run) => run.status === 'running');
}

/**
 * Registers the service worker (vite.config.ts, Workbox) once the app is idle, so neither its code nor the
 * precaching it starts competes with the first load. A new version installs in the background and waits; the app
 * then shows "Reload to update" (ui/update-prompt.tsx). Nothing swaps on its own.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const idle = (work: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 5000 }) : setTimeout(work, 1000);
  idle(() => {
    reloadWhenANewVersionTakesOver(navigator.serviceWorker);
    void import('virtual:pwa-register')
      .then(({ registerSW }) => {
        activateWaitingWorker = registerSW({
          immediate: true,
          onNeedRefresh: () => {
            if (useAppStore.getState().appUpdate === 'none') useAppStore.getState().setUi({ appUpdate: 'ready' });
          },
          // Reloading is ours (below): Workbox's own reload misses a tab whose first visit installed the worker.
          onNeedReload: () => undefined,
        });
      })
      .catch(() => undefined);
  });
}

/**
 * A new version took over this page (this tab's "Reload to update", or another tab's): reload, but not in the middle
 * of a run. The first install taking an uncontrolled page (clientsClaim) is no new version and reloads nothing.
 */
function reloadWhenANewVersionTakesOver(container: ServiceWorkerContainer): void {
  let controlled = Boolean(container.controller);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    const wasControlled = controlled;
    controlled = true;
    if (!wasControlled) reloadOnceForIsolation();
    if (!wasControlled || reloading) return;
    reloading = true;
    whenNoRunActive(() => location.reload());
  });
}

/**
 * The worker's first install took this page, which came from a host that does not send the cross-origin isolation
 * headers: reload once, so the worker serves the page with them (public/sw-isolation.js) and the in-browser model can
 * use threads. Once per tab (sessionStorage), so a browser that cannot be isolated is never reloaded in a loop; not
 * during a run (the next visit is isolated anyway).
 */
function reloadOnceForIsolation(): void {
  const key = 'glassbox.isolation-reload';
  if (globalThis.crossOriginIsolated || sessionStorage.getItem(key) || anyRunActive(useAppStore.getState())) return;
  sessionStorage.setItem(key, '1');
  location.reload();
}

/**
 * "Reload to update": activates the new version and reloads, but never in the middle of a run: while one is
 * active the prompt says it will reload when the run ends, and does so then.
 */
export function reloadToUpdate(): void {
  const activate = activateWaitingWorker;
  if (activate) whenNoRunActive(() => void activate(true));
}

/** Does `work` now if no run is active, else says so ("reloads when the run ends") and does it when the runs end. */
function whenNoRunActive(work: () => void): void {
  const store = useAppStore;
  if (!anyRunActive(store.getState())) {
    work();
    return;
  }
  store.getState().setUi({ appUpdate: 'after-run' });
  const unsubscribe = store.subscribe((state) => {
    if (anyRunActive(state)) return;
    unsubscribe();
    work();
  });
}

/** "Later": hides the prompt for now (the new version still waits, and is used after every tab is closed). */
export function dismissUpdate(): void {
  useAppStore.getState().setUi({ appUpdate: 'none' });
}
