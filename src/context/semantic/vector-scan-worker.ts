// Holds the notes' unit vectors and answers cosine scans, so a scan over thousands of notes never blocks the page.
import type { VectorScanRequest, VectorScanResponse } from './vector-scan-protocol.ts';
import { scanTopK } from './vector-math.ts';

interface WorkerScope {
  postMessage(message: VectorScanResponse): void;
  onmessage: ((event: MessageEvent<VectorScanRequest>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
let matrix: Float32Array = new Float32Array(0);
let dimensions = 0;

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'load') {
    matrix = request.matrix;
    dimensions = request.dimensions;
    return;
  }
  try {
    scope.postMessage({ id: request.id, hits: scanTopK(matrix, dimensions, request.query, request.limit) });
  } catch (error) {
    scope.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
};
