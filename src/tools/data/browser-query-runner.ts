import { createQueryRunner } from './run-query.ts';
// Vite bundles the worker (sql.js included) as a script of its own; its WebAssembly is an asset fetched on start.
// (The default export is Vite's, declared by vite/client.)
// eslint-disable-next-line import/default
import SqlWorker from './sql-worker.ts?worker';

/** The browser's query runner: one SQL worker, started by the first query. */
export const browserQueryRunner = createQueryRunner(() => new SqlWorker({ name: 'glassbox-sql' }));
