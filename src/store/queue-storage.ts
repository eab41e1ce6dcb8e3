import type { QueuedMessage } from './message-queue.ts';

/**
 * Each session's queued messages in this tab, kept in sessionStorage so that a reload does not drop them (the
 * queue slice writes them whenever they change; a session shown after a load puts them back). Per tab on purpose:
 * another tab open on the same session has a queue of its own, and must never send this tab's messages.
 */
const PREFIX = 'glassbox.queue.';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Records a session's queued messages (none: forgets them). */
export function storeQueuedMessages(sessionId: string, items: readonly QueuedMessage[]): void {
  try {
    if (items.length === 0) storage()?.removeItem(PREFIX + sessionId);
    else storage()?.setItem(PREFIX + sessionId, JSON.stringify(items.map(({ id, text }) => ({ id, text }))));
  } catch {
    // Unavailable or full storage: the queue still works, it just does not survive a reload.
  }
}

/** The queued messages recorded for a session (a malformed record counts as none). */
export function storedQueuedMessages(sessionId: string): QueuedMessage[] {
  try {
    const text = storage()?.getItem(PREFIX + sessionId);
    const value: unknown = text ? JSON.parse(text) : [];
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is QueuedMessage =>
        typeof item === 'object' && item !== null && typeof item.id === 'string' && typeof item.text === 'string',
    );
  } catch {
    return [];
  }
}
