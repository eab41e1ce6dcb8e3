// The model worker: owns the tab's wllama instances and runs their completion loops off the page's main thread
// (wllama-host.ts); the page talks to it through wllama-runtime.ts.
import { createWllamaHost } from './wllama-host.ts';
import type { FromWorker, ToWorker } from './wllama-protocol.ts';

interface WorkerScope {
  postMessage(message: FromWorker, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
}

const scope = self as unknown as WorkerScope;
const host = createWllamaHost((message, transfer) => scope.postMessage(message, transfer ?? []));
scope.onmessage = (event) => host.handle(event.data);
// An instance's own worker that throws is told to its wllama (which the host watches): the error is not passed on to
// the page as this worker's, which would end every instance.
scope.addEventListener('error', (event) => event.preventDefault());
