import type { ToolStateStore } from './tool-context.ts';

const queues = new WeakMap<ToolStateStore, Map<string, Promise<unknown>>>();

/**
 * Runs `task` after every earlier task for the same store and session has settled.
 * Tool calls in one model response run concurrently; read-modify-write of session state must not interleave.
 */
export function withSessionLock<T>(store: ToolStateStore, sessionId: string, task: () => Promise<T>): Promise<T> {
  let sessions = queues.get(store);
  if (!sessions) {
    sessions = new Map();
    queues.set(store, sessions);
  }
  const previous = sessions.get(sessionId) ?? Promise.resolve();
  const result = previous.then(task, task);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  sessions.set(sessionId, settled);
  void settled.then(() => {
    if (sessions.get(sessionId) === settled) sessions.delete(sessionId);
  });
  return result;
}
