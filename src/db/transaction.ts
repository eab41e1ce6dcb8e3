import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { GlassboxDB } from './schema.ts';
import { toStorageError } from './storage-error.ts';

/** The open database, as every repository function receives it. */
export type GlassboxDatabase = IDBPDatabase<GlassboxDB>;

/**
 * Runs `work` in one transaction and resolves once it has committed; on any failure the transaction is
 * aborted (nothing it wrote stays) and the error is rethrown as a StorageError.
 * `work` must await nothing but requests of this transaction, or the transaction commits early.
 */
export async function runTransaction<Names extends StoreNames<GlassboxDB>, Mode extends IDBTransactionMode, Result>(
  db: GlassboxDatabase,
  storeNames: Names[],
  mode: Mode,
  work: (tx: IDBPTransaction<GlassboxDB, Names[], Mode>) => Promise<Result>,
): Promise<Result> {
  let tx: IDBPTransaction<GlassboxDB, Names[], Mode>;
  try {
    tx = db.transaction(storeNames, mode);
  } catch (error) {
    throw toStorageError(error);
  }
  // Keep a handled reference: an abort rejects `done` even when nobody waits for it.
  const done = tx.done.then(
    () => undefined,
    (error: unknown) => error ?? new Error('Transaction aborted'),
  );
  let result: Result;
  try {
    result = await work(tx);
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already finished or aborted by the failing request.
    }
    await done;
    throw toStorageError(error);
  }
  const failure = await done;
  if (failure !== undefined) throw toStorageError(failure);
  return result;
}

/** Runs a read and maps its failure to a StorageError. */
export async function readStorage<Result>(work: () => Promise<Result>): Promise<Result> {
  try {
    return await work();
  } catch (error) {
    throw toStorageError(error);
  }
}

/**
 * Issues several requests of one transaction and waits for all of them. If issuing one throws
 * (a value that cannot be cloned, an invalid key), the requests already issued are marked handled
 * so the abort that follows does not surface as unhandled rejections.
 */
export function requestAll<T>(requests: Iterable<() => Promise<T>>): Promise<T[]> {
  const pending: Promise<T>[] = [];
  try {
    for (const request of requests) pending.push(request());
  } catch (error) {
    for (const promise of pending) promise.catch(() => undefined);
    return Promise.reject(error);
  }
  return Promise.all(pending);
}
