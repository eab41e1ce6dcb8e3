import type { TranscriptEntry } from '../agent/transcript.ts';
import type { Span } from '../trace/span.ts';

/**
 * What a run had in flight when its page went away: written synchronously to localStorage on `pagehide`,
 * because an IndexedDB transaction started while the page unloads never gets to run its later requests.
 * The next load writes it to IndexedDB (entries and spans are updated in place by id, so applying it twice,
 * or after the IndexedDB write did finish, changes nothing).
 */
export interface FlushJournal {
  sessionId: string;
  runId: string;
  savedAt: number;
  entries: TranscriptEntry[];
  spans: Span[];
}

const PREFIX = 'glassbox.flush.';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Records the step in flight; spans are left out when the whole does not fit. */
export function writeFlushJournal(journal: FlushJournal): void {
  const target = storage();
  if (!target) return;
  for (const candidate of [journal, { ...journal, spans: [] }]) {
    try {
      target.setItem(PREFIX + journal.sessionId, JSON.stringify(candidate));
      return;
    } catch {
      // Too large for localStorage: try again without the spans.
    }
  }
}

/** The journal left for a session, if any (a malformed one counts as none). */
export function readFlushJournal(sessionId: string): FlushJournal | undefined {
  try {
    const text = storage()?.getItem(PREFIX + sessionId);
    if (!text) return undefined;
    const value = JSON.parse(text) as Partial<FlushJournal>;
    if (value.sessionId !== sessionId || typeof value.runId !== 'string' || typeof value.savedAt !== 'number')
      return undefined;
    if (!Array.isArray(value.entries) || !Array.isArray(value.spans)) return undefined;
    const owned = <T extends { sessionId: string }>(items: T[]) =>
      items.filter((item) => item?.sessionId === sessionId);
    return {
      sessionId,
      runId: value.runId,
      savedAt: value.savedAt,
      entries: owned(value.entries),
      spans: owned(value.spans),
    };
  } catch {
    return undefined;
  }
}

/** Forgets a session's journal (it was applied, or a later write superseded it). */
export function clearFlushJournal(sessionId: string): void {
  try {
    storage()?.removeItem(PREFIX + sessionId);
  } catch {
    // Nothing to clear without storage.
  }
}

/** The sessions that have a journal waiting. */
export function flushJournalSessionIds(): string[] {
  const target = storage();
  if (!target) return [];
  const ids: string[] = [];
  try {
    for (let index = 0; index < target.length; index += 1) {
      const key = target.key(index);
      if (key?.startsWith(PREFIX)) ids.push(key.slice(PREFIX.length));
    }
  } catch {
    return [];
  }
  return ids;
}

/**
 * Calls back with the session of every journal another tab writes. A tab that closes mid-run writes its journal
 * in `pagehide` and lets go of the session's lock as it closes; the two reach the other tabs in either order,
 * so a tab that already showed the run interrupted (without the journal) must look again when the journal lands.
 */
export function onJournalWritten(callback: (sessionId: string) => void): void {
  if (typeof addEventListener !== 'function') return;
  addEventListener('storage', (event: StorageEvent) => {
    if (event.key?.startsWith(PREFIX) && event.newValue !== null) callback(event.key.slice(PREFIX.length));
  });
}
