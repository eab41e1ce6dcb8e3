// A CouchDB-protocol server for the tests: express-pouchdb over PouchDB's in-memory adapter, on a loopback port.
// Apache CouchDB is not packaged on our machines; this speaks the same HTTP replication protocol (revisions,
// `_bulk_docs`, `_changes`, `_revs_diff`, `_local` checkpoints, attachments), so the browser's PouchDB syncs with it
// exactly as with CouchDB. Options switch on the faults the doctor must name: no CORS, a user and password, a down
// server (`stop()` then `start()` again on the same port keeps the data).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import PouchCore from 'pouchdb-core';
import memoryAdapter from 'pouchdb-adapter-memory';
import httpAdapter from 'pouchdb-adapter-http';
import mapreduce from 'pouchdb-mapreduce';
import replication from 'pouchdb-replication';
import { couchLongpoll, type LongpollPouch } from './longpoll.ts';

export interface CouchServerOptions {
  /** Answer CORS preflights and add the headers CouchDB sends with `[chttpd] enable_cors = true` (default true). */
  cors?: boolean;
  /** Require HTTP Basic auth with this user and password (401 without or with wrong ones, as CouchDB answers). */
  auth?: { user: string; password: string };
  /** Fixed port (0 = any free port). */
  port?: number;
  /**
   * CouchDB 3's `[couchdb] max_document_size` (default 8,000,000 bytes): a document whose JSON body, without its
   * attachments, is larger is refused with 413 `document_too_large` (a whole `_bulk_docs` request, as CouchDB does).
   */
  maxDocumentSize?: number;
}

export interface CouchRequest {
  method: string;
  path: string;
  /** The query string with its `?`, or ''. */
  query: string;
}

export interface CouchServer {
  url: string;
  port: number;
  /** Every request seen: method, path and query string (for counting requests in tests and the bench). */
  requests: CouchRequest[];
  /** Stops listening; the data stays in memory for `start()`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Every document of a database with its attachments' bytes, as the server holds them (for "no plaintext" checks). */
  rawDump(database: string): Promise<string>;
  setCors(on: boolean): void;
  close(): Promise<void>;
}

// Plugins register once on PouchDB's one constructor; each server then gets its own in-memory namespace (`prefix`).
const BasePouchDB = PouchCore.plugin(memoryAdapter).plugin(httpAdapter).plugin(mapreduce).plugin(replication);
let counter = 0;

export async function startCouchServer(options: CouchServerOptions = {}): Promise<CouchServer> {
  const prefix = `couch-test-${process.pid}-${++counter}-`;
  const PouchDB = BasePouchDB.defaults({ adapter: 'memory', prefix });
  let cors = options.cors ?? true;
  const requests: CouchRequest[] = [];
  const app = express();
  app.use((req, res, next) => {
    requests.push({ method: req.method, path: req.path, query: req.originalUrl.slice(req.path.length) });
    // Express 5 makes `req.query` a getter; express-pouchdb's `_changes` route assigns it (GET `_changes` failed
    // with an HTML error page, so no pull replication worked). A plain, writable copy of the parsed query.
    Object.defineProperty(req, 'query', {
      value: { ...req.query },
      writable: true,
      configurable: true,
      enumerable: true,
    });
    if (cors && answerCors(req, res)) return;
    if (options.auth && !authorised(req, options.auth)) {
      res.status(401).json({ error: 'unauthorized', reason: 'Name or password is incorrect.' });
      return;
    }
    next();
  });
  app.use(documentSizeLimit(options.maxDocumentSize ?? COUCHDB_MAX_DOCUMENT_SIZE));
  app.use(couchLongpoll(PouchDB as unknown as LongpollPouch));
  app.use('/', expressPouchDB(PouchDB, { mode: 'minimumForPouchDB', inMemoryConfig: true, logPath: '/dev/null' }));
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    app(req, res);
  };
  let server: Server | undefined;
  let port = options.port ?? 0;
  const start = async (): Promise<void> => {
    server = createServer(handler);
    await new Promise<void>((resolve, reject) => {
      server?.once('error', reject);
      server?.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  };
  const stop = async (): Promise<void> => {
    const current = server;
    server = undefined;
    if (!current) return;
    current.closeAllConnections();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await start();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    requests,
    start,
    stop,
    setCors(on) {
      cors = on;
    },
    async rawDump(database) {
      const db = new PouchDB(database);
      const all = await db.allDocs({ include_docs: true, attachments: true, binary: false, conflicts: true });
      return JSON.stringify(all);
    },
    close: stop,
  };
}

/** CouchDB 3's default `max_document_size`. */
export const COUCHDB_MAX_DOCUMENT_SIZE = 8_000_000;

/**
 * Refuses writes holding a document over `limit` bytes of JSON body (attachments not counted), as CouchDB 3 does:
 * 413 `{"error":"document_too_large","reason":<doc id>}`. The parsed body is handed on (`req.body`, `req._body`: the
 * body parser express-pouchdb runs then leaves it as it is).
 */
function documentSizeLimit(limit: number) {
  return (req: IncomingMessage & { body?: unknown; _body?: boolean }, res: ServerResponse, next: () => void) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const bulk = req.method === 'POST' && path.endsWith('/_bulk_docs');
    const single = req.method === 'PUT' && /^\/[^/_][^/]*\/[^/]+$/u.test(path);
    if ((!bulk && !single) || !(req.headers['content-type'] ?? '').includes('application/json')) {
      next();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.statusCode = 400;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ error: 'bad_request', reason: 'invalid_json' }));
        return;
      }
      const docs = bulk ? ((body as { docs?: unknown[] }).docs ?? []) : [body];
      const large = docs.find((doc) => bodySize(doc) > limit) as { _id?: string } | undefined;
      if (large) {
        res.statusCode = 413;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ error: 'document_too_large', reason: large._id ?? '' }));
        return;
      }
      req.body = body;
      req._body = true;
      next();
    });
  };
}

/** A document's JSON size without `_id`, `_rev`, `_attachments` and the other special fields (CouchDB's doc body). */
function bodySize(doc: unknown): number {
  if (doc === null || typeof doc !== 'object') return 0;
  const body = Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith('_')));
  return Buffer.byteLength(JSON.stringify(body));
}

/** CouchDB's CORS headers (`[chttpd] enable_cors = true`); true when this was a preflight, answered here. */
function answerCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader(
      'Access-Control-Expose-Headers',
      'content-type, cache-control, accept-ranges, etag, server, x-couch-request-id',
    );
  }
  if (req.method !== 'OPTIONS') return false;
  res.setHeader('Access-Control-Allow-Methods', 'GET, PUT, POST, HEAD, DELETE');
  res.setHeader('Access-Control-Allow-Headers', 'accept, authorization, content-type, origin, referer');
  // As CouchDB with `[cors] max_age = 3600`: the browser reuses a preflight's answer for that URL meanwhile.
  res.setHeader('Access-Control-Max-Age', '3600');
  res.statusCode = 204;
  res.end();
  return true;
}

function authorised(req: IncomingMessage, auth: { user: string; password: string }): boolean {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return user === auth.user && rest.join(':') === auth.password;
}
