/**
 * Marks of sessions being opened, so a session that crashes the app (or hangs it) while opening is not opened again
 * at the next start. A mark is written to localStorage before a session is opened and removed once its chat has
 * rendered (an effect, after the commit); one still there at the next start means that opening never finished.
 *
 * Each page load writes its own key (`glassbox.opening.<load>`), so two tabs never overwrite each other's mark, and
 * a tab started while another one lies crashed on a session sees that tab's mark too. The one false alarm: a tab
 * closed or reloaded in the moment a session is loading leaves a mark, and that session is offered instead of
 * opened — once it opens fine, every mark naming it is removed.
 */
const PREFIX = 'glassbox.opening.';

/** This page load's key (a reloaded tab gets a new one; its old mark stays until the session opens fine). */
const ownKey = `${PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled: no protection, the app still works
  }
}

/** Every mark as [key, session id]. */
function marks(): Array<[string, string]> {
  const store = storage();
  if (!store) return [];
  const found: Array<[string, string]> = [];
  try {
    for (let index = 0; index < store.length; index++) {
      const key = store.key(index);
      if (!key?.startsWith(PREFIX)) continue;
      const sessionId = store.getItem(key);
      if (sessionId) found.push([key, sessionId]);
    }
  } catch {
    // Unreadable storage: no marks.
  }
  return found;
}

/**
 * Records that this tab is opening the session (before it loads or renders). Also called when the chat fails to
 * render it, so that failure counts even if an earlier render of the session had already cleared the mark.
 */
export function markOpening(sessionId: string): void {
  try {
    storage()?.setItem(ownKey, sessionId);
  } catch {
    // Full or disabled storage: the session opens unprotected.
  }
}

/** The session rendered (or is gone): no tab needs to be careful with it any more. */
export function clearOpeningMarks(sessionId: string): void {
  for (const [key, marked] of marks()) {
    if (marked !== sessionId) continue;
    try {
      storage()?.removeItem(key);
    } catch {
      // Ignored: the mark only costs a question at the next start.
    }
  }
}

/** Did an earlier opening of this session (in this tab or another) never finish rendering? */
export function openingFailed(sessionId: string): boolean {
  return marks().some(([key, marked]) => marked === sessionId && key !== ownKey);
}

/** Removes the marks of sessions that no longer exist (deleted in another tab, say). */
export function pruneOpeningMarks(existing: ReadonlySet<string>): void {
  for (const [, sessionId] of marks()) if (!existing.has(sessionId)) clearOpeningMarks(sessionId);
}
