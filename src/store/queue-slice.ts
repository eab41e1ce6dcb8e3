import { emptyQueue, type SessionQueue } from './message-queue.ts';
import { storeQueuedMessages } from './queue-storage.ts';
import type { Slice } from './slice.ts';

/** Message queues per session (see message-queue.ts); their messages survive a reload (queue-storage.ts). */
export interface QueueSlice {
  queues: Record<string, SessionQueue>;
  /** Applies a queue transition to a session's queue and returns the queue it leaves. */
  updateQueue(sessionId: string, change: (queue: SessionQueue) => SessionQueue): SessionQueue;
}

export const createQueueSlice: Slice<QueueSlice> = (set, get) => ({
  queues: {},
  updateQueue: (sessionId, change) => {
    const before = get().queues[sessionId] ?? emptyQueue;
    const next = change(before);
    if (next.items !== before.items) storeQueuedMessages(sessionId, next.items);
    set((state) => ({ queues: { ...state.queues, [sessionId]: next } }));
    return next;
  },
});
