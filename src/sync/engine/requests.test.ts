// What one change costs on the wire: the requests the server sees while one new run goes from one device to another
// (issue 37 item 8). Each pulled document crosses once, checkpoints stay on the devices, and the pull does not read
// the database's info after every batch.
import { describe, expect, it } from 'vitest';
import { createSession, listSessions } from '../../db/sessions.ts';
import { saveStep } from '../../db/save-step.ts';
import { couchServer, device, settingsFor } from './engine-test-helpers.ts';
import { withoutBodyType } from './remote.ts';

describe('requests of one change', () => {
  it('carries one new run with each body sent once, no checkpoint on the server and no info read per batch', async () => {
    const server = await couchServer();
    const a = await device();
    const b = await device();
    await createSession(a.db, { id: 'sess_first', now: 1_000 });
    await a.engine.start(settingsFor(server.url));
    await b.engine.start(settingsFor(server.url));
    const from = server.requests.length;
    await createSession(a.db, { id: 'sess_new', now: 3_000 });
    await saveStep(a.db, {
      sessionId: 'sess_new',
      entries: [
        {
          id: 'msg_q',
          sessionId: 'sess_new',
          runId: 'run_1',
          createdAt: 3_001,
          message: { role: 'user', content: 'Hi' },
        },
      ],
      spans: [],
      session: { status: 'done', updatedAt: 3_002 },
    });
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect((await listSessions(b.db)).map((session) => session.id)).toContain('sess_new');
    const requests = server.requests.slice(from);
    const seen = requests.map(({ method, path, query }) => `${method} ${path}${query}`);
    expect(seen.filter((request) => request.includes('_local/'))).toEqual([]);
    expect(seen.filter((request) => request.includes('_changes') && request.includes('include_docs'))).toEqual([]);
    expect(seen.filter((request) => request === 'GET /glassbox/')).toEqual([]);
    expect(seen.filter((request) => request.includes('_bulk_docs'))).toHaveLength(1);
  });

  it('sends a bodiless request without a Content-Type (a simple CORS request), and a body with its type', async () => {
    const sent: Array<[string, string | null]> = [];
    const send = withoutBodyType(async (input, init) => {
      sent.push([String(input), new Headers(init?.headers).get('Content-Type')]);
      return new Response('{}');
    });
    const headers = () => new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' });
    await send('http://couch.test/db/_changes?since=0', { method: 'GET', headers: headers() });
    await send('http://couch.test/db/_bulk_docs', { method: 'POST', headers: headers(), body: '{"docs":[]}' });
    expect(sent).toEqual([
      ['http://couch.test/db/_changes?since=0', null],
      ['http://couch.test/db/_bulk_docs', 'application/json'],
    ]);
  });

  it('lets the browser keep a preflight answer, as CouchDB does with [cors] max_age', async () => {
    const server = await couchServer();
    const response = await fetch(`${server.url}/glassbox/_bulk_docs`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://app.test', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.headers.get('Access-Control-Max-Age')).toBe('3600');
  });

  it('the test server answers a waiting long poll with every document of one write, as CouchDB does', async () => {
    const server = await couchServer();
    const base = `${server.url}/glassbox`;
    const poll = fetch(`${base}/_changes?feed=longpoll&since=0&style=all_docs&heartbeat=1000`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fetch(`${base}/_bulk_docs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ docs: [{ _id: 'one' }, { _id: 'two' }] }),
    });
    const changes = (await (await poll).json()) as { results: Array<{ id: string }>; last_seq: number };
    expect(changes.results.map((change) => change.id).sort()).toEqual(['one', 'two']);
    expect(changes.last_seq).toBe(2);
  });
});
