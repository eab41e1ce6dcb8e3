import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer } from '../../e2e/couch-server/server.ts';
import { createCouchDatabase } from './couch-http.ts';
import { corsSetting, diagnoseSyncServer } from './doctor.ts';
import type { SyncSettings } from './sync-types.ts';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

async function couch(options: Parameters<typeof startCouchServer>[0] = {}): Promise<CouchServer> {
  const server = await startCouchServer(options);
  open.push(server);
  return server;
}

function settingsFor(url: string, patch: Partial<SyncSettings> = {}): SyncSettings {
  return { url, database: 'glassbox', user: '', password: '', passphrase: 'pass phrase', live: false, ...patch };
}

/** A loopback server answering every request with an HTML page (a web server that is not CouchDB). */
async function htmlServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>Welcome to nginx!</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const handle = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  open.push(handle);
  return handle;
}

describe('diagnoseSyncServer against a CouchDB-protocol server', () => {
  it('finds nothing wrong when the server answers, accepts the user and holds the database', async () => {
    const server = await couch({ cors: false, auth: { user: 'ada', password: 's3cret' } });
    const settings = settingsFor(server.url, { user: 'ada', password: 's3cret' });
    await createCouchDatabase(settings);
    expect(await diagnoseSyncServer(settings)).toBeUndefined();
    // The write check leaves no document behind.
    expect(JSON.parse(await server.rawDump('glassbox')).total_rows).toBe(0);
  });

  it('names a wrong user or password (401)', async () => {
    const server = await couch({ auth: { user: 'ada', password: 's3cret' } });
    await createCouchDatabase(settingsFor(server.url, { user: 'ada', password: 's3cret' }));
    const problem = await diagnoseSyncServer(settingsFor(server.url, { user: 'ada', password: 'wrong' }));
    expect(problem).toEqual({ kind: 'auth', detail: 'HTTP 401' });
  });

  it('names a missing database, and Create database makes it so the next check passes', async () => {
    const server = await couch();
    const settings = settingsFor(server.url, { database: 'not-yet' });
    expect(await diagnoseSyncServer(settings)).toEqual({ kind: 'database-missing', detail: 'not-yet' });
    await createCouchDatabase(settings);
    expect(await diagnoseSyncServer(settings)).toBeUndefined();
  });

  it('names a stopped server unreachable', async () => {
    const server = await couch();
    await server.stop();
    expect(await diagnoseSyncServer(settingsFor(server.url))).toEqual({ kind: 'unreachable', detail: server.url });
  });

  it('names a server that answers HTML nonsense and says what came back', async () => {
    const server = await htmlServer();
    const problem = await diagnoseSyncServer(settingsFor(server.url));
    expect(problem?.kind).toBe('nonsense');
    expect(problem?.detail).toContain('text/html');
    expect(problem?.detail).toContain('Welcome to nginx!');
  });

  it('names a URL that is not http(s) unreachable without asking anything', async () => {
    expect((await diagnoseSyncServer(settingsFor('ftp://example.test')))?.kind).toBe('unreachable');
  });
});

describe('diagnoseSyncServer with a fetch that behaves as a browser does', () => {
  /** CORS as a browser applies it: a cors request to a server without CORS headers fails; an opaque one gets through. */
  function browserFetch(serverUp: boolean, serverCors: boolean) {
    return (_url: string, init?: RequestInit): Promise<Response> => {
      if (!serverUp) return Promise.reject(new TypeError('Failed to fetch'));
      if (init?.mode === 'no-cors') return Promise.resolve(new Response(null, { status: 200 }));
      if (!serverCors) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(Response.json({ couchdb: 'Welcome' }));
    };
  }

  it('names CORS with the exact CouchDB setting for this origin when only an opaque request gets through', async () => {
    const problem = await diagnoseSyncServer(
      settingsFor('http://couch.test:5984'),
      browserFetch(true, false),
      'http://app.test',
    );
    expect(problem).toEqual({ kind: 'cors', detail: corsSetting('http://app.test') });
    expect(problem?.detail).toContain('[chttpd] enable_cors = true');
    expect(problem?.detail).toContain('origins = http://app.test');
    expect(problem?.detail).toContain('max_age = 3600');
  });

  it('names a server no request reaches unreachable, not CORS', async () => {
    const problem = await diagnoseSyncServer(settingsFor('http://couch.test:5984'), browserFetch(false, false));
    expect(problem?.kind).toBe('unreachable');
  });

  it('names quota when the server refuses a write for lack of room (507)', async () => {
    const fetchImpl = (url: string, init?: RequestInit): Promise<Response> => {
      if (init?.method === 'PUT')
        return Promise.resolve(Response.json({ error: 'insufficient_storage' }, { status: 507 }));
      if (url.endsWith('/glassbox')) return Promise.resolve(Response.json({ db_name: 'glassbox' }));
      return Promise.resolve(Response.json({ couchdb: 'Welcome' }));
    };
    expect((await diagnoseSyncServer(settingsFor('http://couch.test'), fetchImpl))?.kind).toBe('quota');
  });
});
