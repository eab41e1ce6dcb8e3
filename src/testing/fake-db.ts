// Installs fake IndexedDB globals (IDBKeyRange, IDBRequest…) that idb and the key ranges rely on in Node.
// oxlint-disable-next-line import/no-unassigned-import
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openGlassboxDb, type OpenGlassboxDbOptions } from '../db/open-db.ts';
import type { GlassboxDatabase } from '../db/transaction.ts';

/** A fresh, empty in-memory IndexedDB factory: nothing is shared between calls. */
export function createTestIndexedDb(): IDBFactory {
  return new IDBFactory();
}

/** Opens the Glassbox database in a fresh in-memory IndexedDB (one per call, so tests never share data). */
export function openTestDb(
  options: Omit<OpenGlassboxDbOptions, 'indexedDB'> & { indexedDB?: IDBFactory } = {},
): Promise<GlassboxDatabase> {
  return openGlassboxDb({ ...options, indexedDB: options.indexedDB ?? createTestIndexedDb() });
}
