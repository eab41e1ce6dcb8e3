/// <reference lib="webworker" />
import initSqlJs from 'sql.js';
// The WebAssembly build of SQLite, emitted as an asset of its own and fetched only when this worker starts.
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import { outlineColumns } from './load-table.ts';
import { QueryFailure, SqlEngine, type DataFile } from './sql-engine.ts';
import type { SqlWorkerRequest, SqlWorkerResponse, WorkerDataFile } from './sql-protocol.ts';
import { readStoredText } from './stored-text.ts';

declare const self: DedicatedWorkerGlobalScope;

let engine: Promise<{ engine: SqlEngine; engineMs: number }> | undefined;
/** The texts this worker holds, by file key: read once, kept for the next questions over the same files. */
const received = new Map<string, DataFile>();

function startEngine(): Promise<{ engine: SqlEngine; engineMs: number }> {
  const started = performance.now();
  engine ??= initSqlJs({ locateFile: () => wasmUrl }).then((sqlJs) => ({
    engine: new SqlEngine(sqlJs),
    engineMs: performance.now() - started,
  }));
  return engine;
}

function reply(message: SqlWorkerResponse): void {
  self.postMessage(message);
}

class MissingText extends Error {}

/** The request's files with their texts: sent along, held from before, or read from IndexedDB here. */
async function filesOf(requested: readonly WorkerDataFile[]): Promise<DataFile[]> {
  const files: DataFile[] = [];
  for (const file of requested) {
    if (file.text !== undefined)
      received.set(file.key, { key: file.key, name: file.name, format: file.format, text: file.text });
    if (!received.has(file.key) && file.stored) {
      let text;
      try {
        text = await readStoredText(indexedDB, file.stored);
      } catch (error) {
        throw new QueryFailure(
          `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}.`,
        );
      }
      received.set(file.key, { key: file.key, name: file.name, format: file.format, text });
    }
    const known = received.get(file.key);
    if (!known) throw new MissingText(`The text of ${file.name} was not sent`);
    files.push({ ...known, name: file.name, format: file.format });
  }
  return files;
}

async function answer(request: SqlWorkerRequest): Promise<SqlWorkerResponse> {
  const files = await filesOf(request.files);
  if (request.type === 'outline') {
    return {
      type: 'outline',
      id: request.id,
      columns: files.map((file) => outlineColumns(file.name, file.format, file.text)),
    };
  }
  // Files no longer attached are let go; an outline leaves them (a query follows with the same set).
  for (const key of received.keys()) {
    if (!request.files.some((file) => file.key === key)) received.delete(key);
  }
  let loaded;
  try {
    loaded = await startEngine();
  } catch (error) {
    engine = undefined;
    throw new QueryFailure(`The SQL engine could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = loaded.engine.query(files, request.sql, request.maxRows);
  const engineMs = loaded.engineMs;
  loaded.engineMs = 0;
  return { type: 'result', id: request.id, result, engineMs };
}

self.addEventListener('message', (event: MessageEvent<SqlWorkerRequest>) => {
  const request = event.data;
  if (request?.type !== 'query' && request?.type !== 'outline') return;
  void answer(request).then(reply, (error: unknown) => {
    if (error instanceof MissingText)
      reply({ type: 'failure', id: request.id, message: error.message, missingText: true });
    else
      reply({
        type: 'failure',
        id: request.id,
        message:
          error instanceof QueryFailure
            ? error.message
            : `The query failed: ${error instanceof Error ? error.message : String(error)}`,
      });
  });
});
