/**
 * The page's end of the model worker (wllama-worker.ts): started on first use, one per tab, and every call to it
 * answered by number. When the worker itself fails (its script does not load, or it throws), every instance in it is
 * dead: each call in flight and each instance's `died` fail with LocalModelDiedError, and the next use starts a new
 * worker.
 */
import type { ChatCompletionChunk } from '@wllama/wllama';
import { LocalModelDiedError } from './model-died.ts';
import type { FromWorker, ToWorker, WireError, WorkerCall } from './wllama-protocol.ts';

type Done = Extract<FromWorker, { type: 'done' }>;

interface PendingCall {
  resolve: (done: Done) => void;
  reject: (error: Error) => void;
  onChunks?: (chunks: ChatCompletionChunk[]) => void;
}

export interface Connection {
  worker: Worker;
  calls: Map<number, PendingCall>;
  /** Each live instance's death: rejects its `died` promise. */
  deaths: Map<number, (error: LocalModelDiedError) => void>;
}

let current: Connection | undefined;
let lastNumber = 0;

/** A number for a call or an instance, unique in the tab. */
export function nextNumber(): number {
  lastNumber += 1;
  return lastNumber;
}

/** The error a failed call rejects with: a death as LocalModelDiedError, anything else with its name and message. */
export function fromWireError(error: WireError): Error {
  if (error.died) return new LocalModelDiedError(error.message);
  return Object.assign(new Error(error.message), { name: error.name });
}

function receive(connection: Connection, message: FromWorker): void {
  if (message.type === 'died') {
    connection.deaths.get(message.instance)?.(new LocalModelDiedError(message.reason));
    connection.deaths.delete(message.instance);
    return;
  }
  const pending = connection.calls.get(message.call);
  if (!pending) return;
  if (message.type === 'chunks') {
    pending.onChunks?.(message.chunks);
    return;
  }
  connection.calls.delete(message.call);
  if (message.type === 'done') pending.resolve(message);
  else pending.reject(fromWireError(message.error));
}

function end(connection: Connection, reason: string): void {
  if (current === connection) current = undefined;
  connection.worker.terminate();
  const error = new LocalModelDiedError(reason);
  for (const die of connection.deaths.values()) die(error);
  for (const pending of connection.calls.values()) pending.reject(error);
  connection.deaths.clear();
  connection.calls.clear();
}

/** The model worker of this tab, started if there is none. */
export function connect(): Connection {
  if (current) return current;
  const worker = new Worker(new URL('./wllama-worker.ts', import.meta.url), { type: 'module', name: 'glassbox-model' });
  const connection: Connection = { worker, calls: new Map(), deaths: new Map() };
  worker.onmessage = (event: MessageEvent<FromWorker>) => receive(connection, event.data);
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    end(connection, event.message);
  };
  current = connection;
  return connection;
}

/** Sends a call; resolves with its answer (`onChunks` sees a chat call's chunks as they come). */
export function callWorker(
  connection: Connection,
  call: WorkerCall,
  onChunks?: (chunks: ChatCompletionChunk[]) => void,
): Promise<Done> {
  return new Promise<Done>((resolve, reject) => {
    connection.calls.set(call.call, { resolve, reject, ...(onChunks ? { onChunks } : {}) });
    connection.worker.postMessage(call satisfies ToWorker);
  });
}

/** Stops a chat call at once (it then fails with an AbortError). */
export function stop(connection: Connection, call: number): void {
  connection.worker.postMessage({ type: 'stop', call } satisfies ToWorker);
}
