import type { VectorScanRequest, VectorScanResponse } from './vector-scan-protocol.ts';
import { scanTopK, type ScanHit } from './vector-math.ts';
import { createVectorMatrix, vectorMatrixFrom, type VectorMatrix } from './vector-matrix.ts';

/** Scans a matrix of unit vectors for the rows nearest a query. */
export interface VectorScanner {
  /** Replaces the matrix (`rows × dimensions` floats); its buffer is handed over, not copied. */
  load(matrix: Float32Array, dimensions: number): void;
  /** The `limit` nearest rows, best first; the query's buffer is handed over too. */
  scan(query: Float32Array, limit: number): Promise<ScanHit[]>;
  dispose(): void;
}

/** The smallest part of a Worker a scanner needs (a real Worker, or a fake in tests). */
export interface ScanWorker {
  postMessage(message: VectorScanRequest, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<VectorScanResponse>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** A scanner whose matrix lives in a worker: loading transfers it there once, each scan transfers only the query. */
export function createWorkerScanner(worker: ScanWorker): VectorScanner {
  let nextId = 1;
  const pending = new Map<number, { resolve: (hits: ScanHit[]) => void; reject: (error: Error) => void }>();
  worker.addEventListener('message', (event) => {
    const answer = event.data;
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if ('error' in answer) waiting.reject(new Error(answer.error));
    else waiting.resolve(answer.hits);
  });
  worker.addEventListener('error', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('The vector scan worker failed.'));
    pending.clear();
  });
  return {
    load(matrix, dimensions) {
      worker.postMessage({ type: 'load', matrix, dimensions }, [matrix.buffer]);
    },
    scan(query, limit) {
      const id = nextId;
      nextId += 1;
      return new Promise<ScanHit[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: 'scan', id, query, limit }, [query.buffer]);
      });
    },
    dispose() {
      worker.terminate();
      for (const waiting of pending.values()) waiting.reject(new Error('The vector scan worker was stopped.'));
      pending.clear();
    },
  };
}

/** A scanner on the calling thread, for places without workers (Node tests). */
export function createInlineScanner(): VectorScanner {
  let matrix: VectorMatrix = createVectorMatrix(0, 0);
  return {
    load(next, dimensions) {
      matrix = vectorMatrixFrom(next, dimensions);
    },
    scan: async (query, limit) => scanTopK(matrix, query, limit),
    dispose() {
      matrix = createVectorMatrix(0, 0);
    },
  };
}
