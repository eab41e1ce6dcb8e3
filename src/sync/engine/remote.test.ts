// The engine's own check of the server names refused credentials and a missing database (PouchDB's HTTP adapter
// resolves info() with the error body on a 401 or 404, which read as "not CouchDB" before).
import PouchCore from 'pouchdb-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer } from '../../../e2e/couch-server/server.ts';
import type { SyncSettings } from '../sync-types.ts';
import type { PouchConstructor } from './pouch.ts';
import { checkRemote, openRemote } from './remote.ts';

const Pouch = PouchCore as unknown as PouchConstructor;
const AUTH = { user: 'ada', password: 'lovelace' };

let server: CouchServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function settingsFor(url: string, patch: Partial<SyncSettings> = {}): SyncSettings {
  return {
    url,
    database: 'glassbox',
    user: AUTH.user,
    password: AUTH.password,
    passphrase: 'p',
    live: false,
    ...patch,
  };
}

describe('checkRemote', () => {
  it('names a wrong password user or password (auth), not nonsense', async () => {
    server = await startCouchServer({ port: 0, auth: AUTH });
    const problem = await checkRemote(openRemote(Pouch, settingsFor(server.url, { password: 'wrong' })));
    expect(problem?.kind).toBe('auth');
    expect(problem?.detail).toContain('401');
  });

  it('names a missing database', async () => {
    server = await startCouchServer({ port: 0, auth: AUTH });
    expect((await checkRemote(openRemote(Pouch, settingsFor(server.url, { database: 'absent' }))))?.kind).toBe(
      'database-missing',
    );
  });

  it('finds nothing wrong with the right user and an existing database', async () => {
    server = await startCouchServer({ port: 0, auth: AUTH });
    await openRemote(Pouch, settingsFor(server.url), true).info();
    expect(await checkRemote(openRemote(Pouch, settingsFor(server.url)))).toBeUndefined();
  });
});
