import type { ScanHit } from './vector-math.ts';

/** A message to the vector-scan worker: take this matrix (transferred), or scan it for a query (transferred too). */
export type VectorScanRequest =
  | { type: 'load'; matrix: Float32Array; dimensions: number }
  | { type: 'scan'; id: number; query: Float32Array; limit: number };

/** The worker's answer to a scan. */
export type VectorScanResponse = { id: number; hits: ScanHit[] } | { id: number; error: string };
