// Holds the notes' unit vectors and answers cosine scans, so a scan over thousands of notes never blocks the page.
import type { VectorScanRequest, VectorScanResponse } from './vector-scan-protocol.ts';
import { scanTopK } from './vector-math.ts';
import { createVectorMatrix, vectorMatrixFrom, type VectorMatrix } from './vector-matrix.ts';

interface WorkerScope {
  postMessage(message: VectorScanResponse): void;
  onmessage: ((event: MessageEvent<VectorScanRequest>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
let matrix: VectorMatrix = createVectorMatrix(0, 0);

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'load') {
    matrix = vectorMatrixFrom(request.matrix, request.dimensions);
    return;
  }
  try {
    scope.postMessage({ id: request.id, hits: scanTopK(matrix, request.query, request.limit) });
  } catch (error) {
    scope.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
};
