/**
 * The one place saves tell sync that something changed here: `localChanged()` is called after every save that tabs
 * announce to each other (browser-services.ts's broadcast) and after note edits. While sync is off it does nothing;
 * while it is on it only arms the engine's export timer (O(1): a step's save costs the same with sync on).
 */
let hook: (() => void) | undefined;

/** Installed by the sync actions while sync is on; undefined turns it off. */
export function setLocalChangeHook(next: (() => void) | undefined): void {
  hook = next;
}

export function localChanged(): void {
  hook?.();
}
