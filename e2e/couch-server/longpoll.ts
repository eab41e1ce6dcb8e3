// `GET /<db>/_changes?feed=longpoll` as Apache CouchDB answers it: held until the database changes, then every change
// since `since` (up to `limit`) in one response. express-pouchdb answers with the first change event only, so a write
// of two documents woke each waiting client twice (two polls, two `_bulk_get`s) where CouchDB wakes it once.
// Requests with a filter, a selector, document ids or a view go on to express-pouchdb.
import type { NextFunction, Request, Response } from 'express';

interface Changes {
  results: unknown[];
  last_seq: number | string;
}

interface ChangesFeed {
  on(event: 'change', listener: () => void): ChangesFeed;
  cancel(): void;
}

interface Database {
  changes(options: Record<string, unknown>): Promise<Changes> & ChangesFeed;
  once(event: 'destroyed', listener: () => void): unknown;
}

export interface LongpollPouch {
  new (name: string): Database;
  allDbs?(): Promise<string[]>;
}

const FORWARDED = ['filter', 'selector', 'doc_ids', 'view', 'descending'];

function optionsOf(query: Record<string, unknown>): Record<string, unknown> {
  const number = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  return {
    since: number(query.since ?? 0),
    ...(query.limit !== undefined ? { limit: number(query.limit) } : {}),
    ...(query.style ? { style: query.style } : {}),
    include_docs: query.include_docs === 'true',
    conflicts: query.conflicts === 'true',
    return_docs: true,
  };
}

/** Middleware answering long polls of `_changes` as CouchDB does (see the file's comment). */
export function couchLongpoll(PouchDB: LongpollPouch) {
  // One handle per database for the server's life (each PouchDB handle adds listeners to the constructor), dropped
  // when that database is deleted.
  const handles = new Map<string, Database>();
  const handle = (name: string): Database => {
    const known = handles.get(name);
    if (known) return known;
    const db = new PouchDB(name);
    db.once('destroyed', () => handles.delete(name));
    handles.set(name, db);
    return db;
  };
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const query = req.query as Record<string, unknown>;
    const match = /^\/([^/_][^/]*)\/_changes$/.exec(req.path);
    if (req.method !== 'GET' || !match?.[1] || query.feed !== 'longpoll' || FORWARDED.some((key) => key in query))
      return next();
    const name = decodeURIComponent(match[1]);
    if (!(await PouchDB.allDbs?.())?.includes(name)) return next();
    const db = handle(name);
    const options = optionsOf(query);
    const ready = await db.changes(options);
    res.status(200).setHeader('Content-Type', 'application/json');
    if (ready.results.length > 0) {
      res.end(JSON.stringify(ready));
      return;
    }
    const heartbeat = setInterval(() => res.write('\n'), Number(query.heartbeat) || 6_000);
    const feed = db.changes({ since: 'now', live: true });
    const finish = () => {
      clearInterval(heartbeat);
      feed.cancel();
    };
    res.on('close', finish);
    feed.on('change', () => {
      finish();
      // The whole write has landed (a `_bulk_docs` is one batch): every change since, in one answer.
      setImmediate(() => {
        db.changes(options).then(
          (changes) => res.end(JSON.stringify(changes)),
          () => res.end(JSON.stringify({ results: [], last_seq: options.since })),
        );
      });
    });
  };
}
