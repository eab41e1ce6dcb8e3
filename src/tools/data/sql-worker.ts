/// <reference lib="webworker" />
import initSqlJs from 'sql.js';
// The WebAssembly build of SQLite, emitted as an asset of its own and fetched only when this worker starts.
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import { QueryFailure, SqlEngine, type DataFile } from './sql-engine.ts';
import type { SqlWorkerRequest, SqlWorkerResponse } from './sql-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

let engine: Promise<{ engine: SqlEngine; engineMs: number }> | undefined;
const received = new Map<string, DataFile>();

function startEngine(): Promise<{ engine: SqlEngine; engineMs: number }> {
  const started = performance.now();
  engine ??= initSqlJs({ locateFile: () => wasmUrl }).then((sqlJs) => ({ engine: new SqlEngine(sqlJs), engineMs: performance.now() - started }));
  return engine;
}

function reply(message: SqlWorkerResponse): void {
  self.postMessage(message);
}

self.addEventListener('message', (event: MessageEvent<SqlWorkerRequest>) => {
  const request = event.data;
  if (request?.type !== 'query') return;
  void (async () => {
    let loaded;
    try {
      loaded = await startEngine();
    } catch (error) {
      engine = undefined;
      reply({ type: 'failure', id: request.id, message: `The SQL engine could not start: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    const files: DataFile[] = [];
    for (const file of request.files) {
      if (file.text !== undefined) received.set(file.key, { key: file.key, name: file.name, format: file.format, text: file.text });
      const known = received.get(file.key);
      if (!known) {
        reply({ type: 'failure', id: request.id, message: `The text of ${file.name} was not sent`, missingText: true });
        return;
      }
      files.push({ ...known, name: file.name, format: file.format });
    }
    for (const key of received.keys()) {
      if (!request.files.some((file) => file.key === key)) received.delete(key);
    }
    try {
      const result = loaded.engine.query(files, request.sql, request.maxRows);
      reply({ type: 'result', id: request.id, result, engineMs: loaded.engineMs });
      loaded.engineMs = 0;
    } catch (error) {
      reply({ type: 'failure', id: request.id, message: error instanceof QueryFailure ? error.message : `The query failed: ${error instanceof Error ? error.message : String(error)}` });
    }
  })();
});
