import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer } from './server.ts';

let server: CouchServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the test CouchDB server', () => {
  it('creates a database, stores a document and answers CORS preflights', async () => {
    server = await startCouchServer();
    expect((await fetch(`${server.url}/db1`, { method: 'PUT' })).status).toBe(201);
    const put = await fetch(`${server.url}/db1/doc1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: 'x' }),
    });
    expect(put.status).toBe(201);
    expect(await server.rawDump('db1')).toContain('"secret":"x"');
    const preflight = await fetch(`${server.url}/db1`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:1' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:1');
  });

  it('refuses a wrong password, sends no CORS headers when CORS is off, and keeps its data across stop and start', async () => {
    server = await startCouchServer({ auth: { user: 'u', password: 'p' }, cors: false });
    const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`u:${password}`).toString('base64')}` });
    expect((await fetch(`${server.url}/db2`, { method: 'PUT', headers: basic('wrong') })).status).toBe(401);
    expect((await fetch(`${server.url}/db2`, { method: 'PUT', headers: basic('p') })).status).toBe(201);
    const get = await fetch(`${server.url}/db2`, { headers: { ...basic('p'), origin: 'http://127.0.0.1:1' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    await server.stop();
    await expect(fetch(`${server.url}/db2`, { headers: basic('p') })).rejects.toThrow();
    await server.start();
    expect((await fetch(`${server.url}/db2`, { headers: basic('p') })).status).toBe(200);
  });
});
