import type { ToolStateStore } from '../tools/tool-context.ts';
import type { ToolStateRecord } from './schema.ts';
import { sessionStringRange } from './schema.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** One tool-state value of a session. */
export async function getToolState<T>(db: GlassboxDatabase, sessionId: string, key: string): Promise<T | undefined> {
  const record = await readStorage(() => db.get('toolState', [sessionId, key]));
  return record?.value as T | undefined;
}

/** Stores one tool-state value of a session. */
export async function setToolState(
  db: GlassboxDatabase,
  sessionId: string,
  key: string,
  value: unknown,
  now: number = Date.now(),
): Promise<void> {
  await runTransaction(db, ['toolState'], 'readwrite', async (tx) => {
    await tx.objectStore('toolState').put({ sessionId, key, value, updatedAt: now });
  });
}

/** Every tool-state record of a session, ordered by key. */
export function listToolState(db: GlassboxDatabase, sessionId: string): Promise<ToolStateRecord[]> {
  return readStorage(() => db.getAll('toolState', sessionStringRange(sessionId)));
}

/** The ToolStateStore tools use, backed by IndexedDB. */
export function createToolStateStore(db: GlassboxDatabase, now: () => number = Date.now): ToolStateStore {
  return {
    get: <T>(sessionId: string, key: string) => getToolState<T>(db, sessionId, key),
    set: <T>(sessionId: string, key: string, value: T) => setToolState(db, sessionId, key, value, now()),
  };
}
