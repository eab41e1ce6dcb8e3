import { abortError } from '../tool-error.ts';
import type { QueryResult } from './sql-engine.ts';
import {
  isSqlWorkerResponse,
  type ColumnOutline,
  type SqlWorkerRequest,
  type SqlWorkerResponse,
  type WorkerDataFile,
} from './sql-protocol.ts';

/** A file to query, as the tool hands it over: with its text, or where the worker reads it (`stored`). */
export type QueryFile = WorkerDataFile;

/** What the tool asks for: these files as tables, one checked read-only query, at most `maxRows` rows back. */
export interface QueryRequest {
  files: QueryFile[];
  sql: string;
  maxRows: number;
}

/** A query's result with the time the engine took to start (non-zero only on first use). */
export type QueryOutcome = QueryResult & { engineMs: number };

/**
 * Runs a query off the main thread; rejects with the abort reason on Stop, a deadline or a timeout. `outline` infers
 * each file's columns from its first rows, also off the main thread.
 */
export interface QueryRunner {
  (request: QueryRequest, options: { signal: AbortSignal }): Promise<QueryOutcome>;
  outline(files: QueryFile[], options: { signal: AbortSignal }): Promise<ColumnOutline[]>;
}

/** The part of a `Worker` the runner uses (a fake stands in for it in tests). */
export interface QueryWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void;
}

/** Why the SQL worker could not answer (a failed start, an SQL error); the message is for the model. */
export class QueryError extends Error {}

/** One started worker: the files it has been sent, and the requests waiting for its answer. */
interface WorkerState {
  worker: QueryWorker;
  sent: Set<string>;
  pending: Map<number, (response: SqlWorkerResponse | Error) => void>;
}

/** Starts a worker whose answers settle the pending requests; when it fails, it is stopped and they all fail. */
function startWorker(createWorker: () => QueryWorker, stop: (state: WorkerState) => void): WorkerState {
  const state: WorkerState = { worker: createWorker(), sent: new Set(), pending: new Map() };
  state.worker.addEventListener('message', (event) => {
    const data = (event as MessageEvent).data;
    if (!isSqlWorkerResponse(data)) return;
    state.pending.get(data.id)?.(data);
  });
  state.worker.addEventListener('error', (event) => {
    event.preventDefault();
    const message = (event as ErrorEvent).message || 'the worker script could not run';
    stop(state);
    for (const settle of state.pending.values()) settle(new QueryError(`The SQL worker failed: ${message}`));
  });
  return state;
}

/**
 * A query runner over one long-lived worker, started on first use, so tables loaded by one query are reused by the
 * next. An abort (Stop, the run's time limit, the tool timeout) terminates the worker; the next query starts a
 * fresh one and loads the files again.
 */
export function createQueryRunner(createWorker: () => QueryWorker): QueryRunner {
  let current: WorkerState | undefined;
  let nextId = 1;

  const stop = (state: WorkerState) => {
    state.worker.terminate();
    if (current === state) current = undefined;
  };
  const start = () => {
    current = startWorker(createWorker, stop);
    return current;
  };

  const send = (
    state: WorkerState,
    request: Pick<QueryRequest, 'files'> & Partial<QueryRequest>,
    withText: boolean,
    signal: AbortSignal,
  ) =>
    new Promise<SqlWorkerResponse>((resolve, reject) => {
      const id = nextId;
      nextId += 1;
      const files: WorkerDataFile[] = request.files.map(({ text, ...file }) =>
        text === undefined || (!withText && state.sent.has(file.key)) ? file : { ...file, text },
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
      const message: SqlWorkerRequest =
        request.sql === undefined
          ? { type: 'outline', id, files }
          : { type: 'query', id, files, sql: request.sql, maxRows: request.maxRows ?? 0 };
      // A Worker's postMessage has no target origin.
      // eslint-disable-next-line unicorn/require-post-message-target-origin
      state.worker.postMessage(message);
      for (const file of request.files) state.sent.add(file.key);
    });

  const exchange = async (request: Pick<QueryRequest, 'files'> & Partial<QueryRequest>, signal: AbortSignal) => {
    if (signal.aborted) throw abortError(signal);
    const state = current ?? start();
    let response = await send(state, request, false, signal);
    if (response.type === 'failure' && response.missingText) response = await send(state, request, true, signal);
    if (response.type === 'failure') throw new QueryError(response.message);
    return response;
  };

  const query = async (request: QueryRequest, { signal }: { signal: AbortSignal }): Promise<QueryOutcome> => {
    const response = await exchange(request, signal);
    if (response.type !== 'result') throw new QueryError('The SQL worker answered with something else than a result');
    return { ...response.result, engineMs: response.engineMs };
  };
  return Object.assign(query, {
    outline: async (files: QueryFile[], { signal }: { signal: AbortSignal }) => {
      const response = await exchange({ files }, signal);
      if (response.type !== 'outline')
        throw new QueryError('The SQL worker answered with something else than an outline');
      return response.columns;
    },
  });
}
