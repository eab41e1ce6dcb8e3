import { abortError } from '../tool-error.ts';
import type { QueryResult } from './sql-engine.ts';
import { isSqlWorkerResponse, type SqlWorkerRequest, type SqlWorkerResponse, type WorkerDataFile } from './sql-protocol.ts';
import type { DataFormat } from './load-table.ts';

/** A file to query, as the tool hands it over. */
export interface QueryFile {
  key: string;
  name: string;
  format: DataFormat;
  text: string;
}

/** What the tool asks for: these files as tables, one checked read-only query, at most `maxRows` rows back. */
export interface QueryRequest {
  files: QueryFile[];
  sql: string;
  maxRows: number;
}

/** A query's result with the time the engine took to start (non-zero only on first use). */
export type QueryOutcome = QueryResult & { engineMs: number };

/** Runs a query off the main thread; rejects with the abort reason on Stop, a deadline or a timeout. */
export type QueryRunner = (request: QueryRequest, options: { signal: AbortSignal }) => Promise<QueryOutcome>;

/** The part of a `Worker` the runner uses (a fake stands in for it in tests). */
export interface QueryWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void;
}

/** Why the SQL worker could not answer (a failed start, an SQL error); the message is for the model. */
export class QueryError extends Error {}

/**
 * A query runner over one long-lived worker, started on first use, so tables loaded by one query are reused by the
 * next. An abort (Stop, the run's time limit, the tool timeout) terminates the worker; the next query starts a
 * fresh one and loads the files again.
 */
export function createQueryRunner(createWorker: () => QueryWorker): QueryRunner {
  let current: { worker: QueryWorker; sent: Set<string>; pending: Map<number, (response: SqlWorkerResponse | Error) => void> } | undefined;
  let nextId = 1;

  const start = () => {
    const worker = createWorker();
    const state = { worker, sent: new Set<string>(), pending: new Map<number, (response: SqlWorkerResponse | Error) => void>() };
    worker.addEventListener('message', (event) => {
      const data = (event as MessageEvent).data;
      if (!isSqlWorkerResponse(data)) return;
      state.pending.get(data.id)?.(data);
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      const message = (event as ErrorEvent).message || 'the worker script could not run';
      stop(state);
      for (const settle of state.pending.values()) settle(new QueryError(`The SQL worker failed: ${message}`));
    });
    current = state;
    return state;
  };
  const stop = (state: NonNullable<typeof current>) => {
    state.worker.terminate();
    if (current === state) current = undefined;
  };

  const send = (state: NonNullable<typeof current>, request: QueryRequest, withText: boolean, signal: AbortSignal) =>
    new Promise<SqlWorkerResponse>((resolve, reject) => {
      const id = nextId;
      nextId += 1;
      const files: WorkerDataFile[] = request.files.map((file) =>
        withText || !state.sent.has(file.key) ? file : { key: file.key, name: file.name, format: file.format },
      );
      const onAbort = () => {
        state.pending.delete(id);
        stop(state);
        reject(abortError(signal));
      };
      state.pending.set(id, (response) => {
        state.pending.delete(id);
        signal.removeEventListener('abort', onAbort);
        if (response instanceof Error) reject(response);
        else resolve(response);
      });
      signal.addEventListener('abort', onAbort, { once: true });
      const message: SqlWorkerRequest = { type: 'query', id, files, sql: request.sql, maxRows: request.maxRows };
      // A Worker's postMessage has no target origin.
      // eslint-disable-next-line unicorn/require-post-message-target-origin
      state.worker.postMessage(message);
      for (const file of request.files) state.sent.add(file.key);
    });

  return async (request, { signal }) => {
    if (signal.aborted) throw abortError(signal);
    const state = current ?? start();
    let response = await send(state, request, false, signal);
    if (response.type === 'failure' && response.missingText) response = await send(state, request, true, signal);
    if (response.type === 'failure') throw new QueryError(response.message);
    return { ...response.result, engineMs: response.engineMs };
  };
}
