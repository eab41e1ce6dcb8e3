import { wrap } from 'idb';
import { migrate } from './migrations.ts';
import { DB_NAME, DB_VERSION } from './schema.ts';
import { StorageError, toStorageError } from './storage-error.ts';
import type { GlassboxDatabase } from './transaction.ts';

/** How to open the app's database. */
export interface OpenGlassboxDbOptions {
  /** Database name; `glassbox` by default (tests use their own). */
  name?: string;
  /** Another tab holds an older version open and does not let go: the open fails with a `blocked` StorageError. */
  onBlocked?: () => void;
  /** Another tab upgraded or deleted the database: this connection has been closed; the page should reload. */
  onVersionChange?: () => void;
  /**
   * The stored data of an older version is being upgraded (not a fresh install): the open waits for it, which takes a
   * while for a large history (about 19 s for 150,000 messages on the 2-core bench machine, moving them to v6).
   */
  onUpgrade?: (oldVersion: number) => void;
  /** The browser closed the connection abnormally (storage cleared, disk error). */
  onTerminated?: () => void;
  /** The IndexedDB factory; the global `indexedDB` by default (tests pass a fresh fake one). */
  indexedDB?: IDBFactory;
}

/** Opens (creating or migrating as needed) the Glassbox database; failures reject with a StorageError. */
export function openGlassboxDb(options: OpenGlassboxDbOptions = {}): Promise<GlassboxDatabase> {
  const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) return Promise.reject(new StorageError('unavailable'));
  let request: IDBOpenDBRequest;
  try {
    request = factory.open(options.name ?? DB_NAME, DB_VERSION);
  } catch (error) {
    return Promise.reject(toStorageError(error));
  }

  return new Promise<GlassboxDatabase>((resolve, reject) => {
    let settled = false;
    let migrationError: unknown;

    request.addEventListener('upgradeneeded', (event) => {
      const transaction = request.transaction;
      if (!transaction) return;
      if (event.oldVersion > 0) options.onUpgrade?.(event.oldVersion);
      const upgrade = wrap(transaction);
      // Failure is reported through the request's error event; the done promise must not go unhandled.
      upgrade.done.catch(() => undefined);
      migrate(wrap(request.result) as never, event.oldVersion, upgrade as never).catch((error: unknown) => {
        migrationError = error;
        try {
          transaction.abort();
        } catch {
          // The failed request already aborted it.
        }
      });
    });

    request.addEventListener('blocked', () => {
      options.onBlocked?.();
      if (settled) return;
      settled = true;
      reject(new StorageError('blocked'));
    });

    request.addEventListener('success', () => {
      const database = request.result;
      if (settled) {
        // The open was reported as blocked; the late connection is not wanted.
        database.close();
        return;
      }
      settled = true;
      database.addEventListener('versionchange', () => {
        // Let the other tab's upgrade proceed instead of blocking it.
        database.close();
        options.onVersionChange?.();
      });
      database.addEventListener('close', () => options.onTerminated?.());
      resolve(wrap(database) as unknown as GlassboxDatabase);
    });

    request.addEventListener('error', (event) => {
      event.preventDefault();
      if (settled) return;
      settled = true;
      if (migrationError !== undefined) {
        const cause = migrationError instanceof Error ? migrationError.message : String(migrationError);
        reject(
          migrationError instanceof StorageError
            ? migrationError
            : new StorageError('unknown', `Upgrading the stored data failed: ${cause}`, { cause: migrationError }),
        );
        return;
      }
      reject(toStorageError(request.error));
    });
  });
}
