import { describe, expect, it, vi } from 'vitest';
import { createTestIndexedDb } from '../testing/fake-db.ts';
import { openGlassboxDb } from './open-db.ts';
import { DB_VERSION } from './schema.ts';
import { StorageError } from './storage-error.ts';
import { openRaw } from './legacy-db-fixtures.ts';

describe('openGlassboxDb', () => {
  it('creates every store at the current version on a fresh install', async () => {
    const onUpgrade = vi.fn();
    const db = await openGlassboxDb({ indexedDB: createTestIndexedDb(), name: 'fresh', onUpgrade });
    expect(db.version).toBe(DB_VERSION);
    // Nothing stored to upgrade: no notice.
    expect(onUpgrade).not.toHaveBeenCalled();
    expect([...db.objectStoreNames].sort()).toEqual(
      [
        'attachments',
        'knowledgeDocuments',
        'knowledgeOriginals',
        'knowledgePassages',
        'datasetItems',
        'datasets',
        'experimentCells',
        'experimentRuns',
        'experiments',
        'knowledgeVectors',
        'messageChunks',
        'notes',
        'noteVectors',
        'searchIndex',
        'sessions',
        'settings',
        'spanChunks',
        'toolState',
      ].sort(),
    );
    expect([...db.transaction('messageChunks').store.indexNames]).toEqual(['by-message']);
    db.close();
  });

  it('fails with a blocked StorageError while another tab keeps an older version open', async () => {
    const factory = createTestIndexedDb();
    // An old tab that ignores versionchange and keeps its connection.
    const old = await openRaw(factory, 'shared', 1, (database) => database.createObjectStore('settings'));
    const onBlocked = vi.fn();
    const error = await openGlassboxDb({ indexedDB: factory, name: 'shared', onBlocked }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).kind).toBe('blocked');
    expect((error as StorageError).message).toMatch(/close the other glassbox tabs/i);
    expect(onBlocked).toHaveBeenCalledTimes(1);
    old.close();
  });

  it('closes its connection and reports when another tab upgrades the database', async () => {
    const factory = createTestIndexedDb();
    const onVersionChange = vi.fn();
    const db = await openGlassboxDb({ indexedDB: factory, name: 'shared', onVersionChange });
    // A newer build opens a higher version: this connection must step aside instead of blocking it.
    const newer = await openRaw(factory, 'shared', DB_VERSION + 1);
    expect(onVersionChange).toHaveBeenCalledTimes(1);
    expect(newer.version).toBe(DB_VERSION + 1);
    newer.close();
    db.close();
  });

  it('reports a database written by a newer version as unavailable, with what to do', async () => {
    const factory = createTestIndexedDb();
    (await openRaw(factory, 'future', DB_VERSION + 1)).close();
    const error = await openGlassboxDb({ indexedDB: factory, name: 'future' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).kind).toBe('unavailable');
    expect((error as StorageError).message).toMatch(/newer version of Glassbox.*reload/i);
  });

  it('reports missing or refused IndexedDB as unavailable', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      const missing = await openGlassboxDb().catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(StorageError);
      expect((missing as StorageError).kind).toBe('unavailable');
    } finally {
      vi.unstubAllGlobals();
    }
    const refusing = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const refused = await openGlassboxDb({ indexedDB: refusing }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StorageError);
    expect((refused as StorageError).kind).toBe('unavailable');
    expect((refused as StorageError).message).toMatch(/private browsing/i);
  });
});
