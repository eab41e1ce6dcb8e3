import { emptyQueue, type SessionQueue } from './message-queue.ts';
import type { Slice } from './slice.ts';

/** Message queues per session (see message-queue.ts). */
export interface QueueSlice {
  queues: Record<string, SessionQueue>;
  /** Applies a queue transition to a session's queue and returns the queue it leaves. */
  updateQueue(sessionId: string, change: (queue: SessionQueue) => SessionQueue): SessionQueue;
}

export const createQueueSlice: Slice<QueueSlice> = (set, get) => ({
  queues: {},
  updateQueue: (sessionId, change) => {
    const next = change(get().queues[sessionId] ?? emptyQueue);
    set((state) => ({ queues: { ...state.queues, [sessionId]: next } }));
    return next;
  },
});
