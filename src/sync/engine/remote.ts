/** The server side of starting: opening the remote database, naming what is wrong, and the passphrase check. */
import type { SyncProblem, SyncSettings } from '../sync-types.ts';
import { KEYCHECK_ID, createKeyCheck, hashJson, verifyKeyCheck, type KeyCheck } from './crypto.ts';
import type { PouchConstructor, PouchDatabase, PouchError } from './pouch.ts';

/** The database's URL on the server. */
export function remoteUrl(settings: SyncSettings): string {
  return `${settings.url.trim().replace(/\/+$/, '')}/${encodeURIComponent(settings.database.trim())}`;
}

/**
 * PouchDB's HTTP adapter labels every request `Content-Type: application/json`, a bodiless GET too; that header makes
 * the browser send a CORS preflight (`OPTIONS`) before each such GET whose URL it has not cached — every `_changes`
 * poll, whose URL carries its `since`. Without it a GET (with no user and password) is a simple request.
 */
export function withoutBodyType(send: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return (input, init) => {
    if (!init || init.body != null) return send(input, init);
    const headers = new Headers(init.headers);
    headers.delete('Content-Type');
    return send(input, { ...init, headers });
  };
}

/** The remote database (never created by opening it: a missing one is named, and created only on request). */
export function openRemote(Pouch: PouchConstructor, settings: SyncSettings, create = false): PouchDatabase {
  return new Pouch(remoteUrl(settings), {
    skip_setup: !create,
    fetch: withoutBodyType(),
    ...(settings.user ? { auth: { username: settings.user, password: settings.password } } : {}),
  });
}

/**
 * The remote database as the pull's source. PouchDB's replication asks its source for `info()` once when it starts
 * and after every batch, only to count progress for its `activeTasks` (replicate() in pouchdb-browser), which nothing
 * here reads: one `GET <database>` per batch that arrives. This source answers every `info()` after the first with
 * the first answer (owned by this source, never refreshed: progress is counted from the replication's own events).
 */
export function openPullSource(Pouch: PouchConstructor, settings: SyncSettings): PouchDatabase {
  const source = openRemote(Pouch, settings);
  const read = source.info.bind(source);
  let first: ReturnType<PouchDatabase['info']> | undefined;
  source.info = () => {
    first ??= read().catch((error: unknown) => {
      first = undefined;
      throw error;
    });
    return first;
  };
  return source;
}

/** The local PouchDB's name: one per server, database and user (the data in it is encrypted). */
export async function localName(settings: SyncSettings): Promise<string> {
  const hash = await hashJson([settings.url.trim(), settings.database.trim(), settings.user]);
  return `glassbox-sync-${hash.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}`;
}

/** The problem an error of PouchDB's HTTP adapter stands for. */
export function problemOf(error: unknown): SyncProblem {
  const { status, message, reason } = (error ?? {}) as PouchError;
  const detail = [status, reason ?? message].filter(Boolean).join(' ');
  if (status === 401 || status === 403) return { kind: 'auth', detail };
  if (status === 404) return { kind: 'database-missing', detail };
  if (status === 413 || /quota/i.test(String(reason ?? message))) return { kind: 'quota', detail };
  if (typeof status === 'number' && status >= 400 && status < 500) return { kind: 'nonsense', detail };
  return { kind: 'unreachable', ...(detail ? { detail } : {}) };
}

/** CouchDB's error names for refused credentials and a missing database (PouchDB's `info()` resolves with them). */
const ERROR_STATUS: Record<string, number> = { unauthorized: 401, forbidden: 403, not_found: 404 };

/** Whether the server answers for this database; the problem when it does not. */
export async function checkRemote(remote: PouchDatabase): Promise<SyncProblem | undefined> {
  try {
    const info: unknown = await remote.info();
    if (typeof info !== 'object' || info === null) return { kind: 'nonsense' };
    // PouchDB's HTTP adapter resolves info() with the error body (`{ error: 'unauthorized', reason }`) on a 401/404.
    const { error, reason } = info as { error?: unknown; reason?: unknown };
    if (typeof error === 'string')
      return problemOf({ status: ERROR_STATUS[error] ?? 400, reason: String(reason ?? error) });
    if (!('doc_count' in info)) return { kind: 'nonsense' };
    return undefined;
  } catch (error) {
    return problemOf(error);
  }
}

function isKeyCheck(value: unknown): value is KeyCheck & { _id: string } {
  const check = value as Partial<KeyCheck> | null;
  return (
    typeof check === 'object' &&
    check !== null &&
    typeof check.salt === 'string' &&
    typeof check.iv === 'string' &&
    typeof check.c === 'string'
  );
}

/**
 * The key of the passphrase, checked against the server's key-check document before anything is written on either
 * side; the first device creates that document. A wrong passphrase: `{ problem: passphrase }`.
 */
export async function unlock(
  remote: PouchDatabase,
  passphrase: string,
): Promise<{ key: CryptoKey } | { problem: SyncProblem }> {
  if (passphrase === '') return { problem: { kind: 'passphrase', detail: 'empty' } };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let stored: unknown;
    try {
      stored = await remote.get(KEYCHECK_ID);
    } catch (error) {
      if ((error as PouchError).status !== 404) return { problem: problemOf(error) };
      const { key, check } = await createKeyCheck(passphrase);
      try {
        await remote.put({ _id: KEYCHECK_ID, ...check });
        return { key };
      } catch (putError) {
        // Another device created it meanwhile: check against theirs.
        if ((putError as PouchError).status === 409) continue;
        return { problem: problemOf(putError) };
      }
    }
    if (!isKeyCheck(stored)) return { problem: { kind: 'nonsense', detail: KEYCHECK_ID } };
    const key = await verifyKeyCheck(passphrase, stored);
    return key ? { key } : { problem: { kind: 'passphrase' } };
  }
  return { problem: { kind: 'nonsense', detail: KEYCHECK_ID } };
}
