import type { RunStatus } from './run-slice.ts';

/** A message typed while its session was busy, waiting to be sent. */
export interface QueuedMessage {
  id: string;
  text: string;
}

/**
 * The message queue of one session.
 *
 * `busy` covers every moment a turn owns the session: while it starts (the agent loads, the lock is taken), runs,
 * and finishes (the run has ended but its last write is still being saved). A message sent then is queued, never
 * dropped, and goes as soon as the turn is over. How a turn's end affects the queue:
 * - `done`: the next queued message is sent.
 * - `stopped`, `error`, `interrupted`: the queue pauses. The user pressed Stop or has a failure to look at; firing
 *   the next message would undo the Stop or hit the same failure. The queued messages stay, shown as paused, and go
 *   on when the user starts a turn again (sends a message, Retry, Resume) or presses Send queued messages.
 * - a turn that could not start (another tab runs the session, the agent failed to load): its message goes back to
 *   the front of the queue, paused, so nothing typed is lost.
 * The pause is decided when the run ends ({@link runEnded}), not when its last write is saved: a message sent in
 * between (typed right after Stop) is the user going on, so it is sent, not paused.
 * While a queued message is being edited the queue holds, so the messages still go in the order they were typed.
 */
export interface SessionQueue {
  busy: boolean;
  paused: boolean;
  items: readonly QueuedMessage[];
  /** The queued message being edited, if any. */
  editing?: string;
  /** The turn's run has ended (its status is known) while the turn still saves: the pause is already decided. */
  runOver?: boolean;
}

/** A session nothing has been queued for. */
export const emptyQueue: SessionQueue = { busy: false, paused: false, items: [] };

/** Adds a message at the end. Sending a message is taking the session up again: a paused queue goes on. */
export function enqueue(queue: SessionQueue, message: QueuedMessage): SessionQueue {
  return { ...queue, paused: false, items: [...queue.items, message] };
}

/** Opens a queued message for editing; the queue holds meanwhile. */
export function startEditing(queue: SessionQueue, id: string): SessionQueue {
  return queue.items.some((item) => item.id === id) ? { ...queue, editing: id } : queue;
}

/** Closes the edit: new text replaces the message (blank text keeps it as it was); undefined cancels. */
export function finishEditing(queue: SessionQueue, id: string, text: string | undefined): SessionQueue {
  const content = text?.trim();
  const items = content ? queue.items.map((item) => (item.id === id ? { ...item, text: content } : item)) : queue.items;
  return queue.editing === id ? { ...withoutEditing(queue), items } : { ...queue, items };
}

/** Removes a queued message: it is never sent. */
export function removeQueued(queue: SessionQueue, id: string): SessionQueue {
  const items = queue.items.filter((item) => item.id !== id);
  return queue.editing === id ? { ...withoutEditing(queue), items } : { ...queue, items };
}

function withoutEditing(queue: SessionQueue): SessionQueue {
  const { editing: _editing, ...rest } = queue;
  return rest;
}

/** Goes on with a paused queue. */
export function resumeQueue(queue: SessionQueue): SessionQueue {
  return { ...queue, paused: false };
}

/** A turn the user started directly (Retry, Resume, Regenerate, Edit and resend) takes the session; undefined when it is busy. */
export function beginTurn(queue: SessionQueue): SessionQueue | undefined {
  return queue.busy ? undefined : { ...queue, busy: true, paused: false };
}

/** The next message to send when the session is free and the queue goes on: it leaves the queue and the session turns busy. */
export function takeNext(queue: SessionQueue): { queue: SessionQueue; message?: QueuedMessage } {
  const [next, ...rest] = queue.items;
  if (queue.busy || queue.paused || queue.editing !== undefined || !next) return { queue };
  return { queue: { ...queue, busy: true, items: rest }, message: next };
}

/**
 * How a turn ended: the run's status, or `not-started` with the message it was to send (if any); `waiting`: it could
 * not start because another tab runs the session, and this tab waits for that run to end.
 */
export type TurnEnd = { status: RunStatus } | { status: 'not-started'; unsent?: QueuedMessage; waiting?: boolean };

function pausesAfter(status: RunStatus): boolean {
  return status !== 'done' && status !== 'idle';
}

/** The turn's run has ended with `status` (its last write may still be saving): what is queued now pauses or not. */
export function runEnded(queue: SessionQueue, status: RunStatus): SessionQueue {
  return queue.busy ? { ...queue, paused: pausesAfter(status), runOver: true } : queue;
}

/** The turn is over: the session is free; whether the queue goes on depends on how it ended. */
export function endTurn(queue: SessionQueue, end: TurnEnd): SessionQueue {
  const { runOver, ...rest } = queue;
  if (end.status === 'not-started') {
    const items = end.unsent ? [end.unsent, ...queue.items] : queue.items;
    // Waiting for another tab's run is not a failure: the messages go once that run is over.
    return { ...rest, busy: false, paused: items.length > 0 && !end.waiting, items };
  }
  // Decided when the run ended; a message sent since then has taken the pause off.
  return { ...rest, busy: false, paused: runOver ? queue.paused : pausesAfter(end.status) };
}

/**
 * The messages this tab had queued before a reload, put back when their session is shown. After a run that ended
 * well, or behind a run in another tab, they go on (after that run); after a run that stopped, failed or was
 * interrupted they wait, paused. A queue this tab holds already is kept as it is.
 */
export function restoreQueue(queue: SessionQueue, items: readonly QueuedMessage[], status: RunStatus): SessionQueue {
  if (queue.busy || queue.items.length > 0 || items.length === 0) return queue;
  return { ...queue, items, paused: status !== 'running' && pausesAfter(status) };
}
