import type { QueryResult } from './sql-engine.ts';
import type { DataFormat } from './load-table.ts';

/** A file sent to the SQL worker; `text` is left out when this worker already received that key. */
export interface WorkerDataFile {
  key: string;
  name: string;
  format: DataFormat;
  text?: string;
}

/** The page asks the SQL worker to run one checked query over these files. */
export interface SqlWorkerRequest {
  type: 'query';
  id: number;
  files: WorkerDataFile[];
  sql: string;
  maxRows: number;
}

/** The SQL worker's answer to one request. */
export type SqlWorkerResponse =
  | { type: 'result'; id: number; result: QueryResult; engineMs: number }
  | { type: 'failure'; id: number; message: string; missingText?: boolean };

/** True for a message shaped like a {@link SqlWorkerResponse}. */
export function isSqlWorkerResponse(value: unknown): value is SqlWorkerResponse {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; id?: unknown };
  return (message.type === 'result' || message.type === 'failure') && typeof message.id === 'number';
}
