import type { QueryResult } from './sql-engine.ts';
import type { DataFormat, TableColumn } from './load-table.ts';

/**
 * A file sent to the SQL worker. The worker gets its text from `text`, else from IndexedDB when `stored` says where
 * (so a large file never crosses the page's main thread), else from what it received earlier under the same key.
 */
export interface WorkerDataFile {
  key: string;
  name: string;
  format: DataFormat;
  text?: string;
  stored?: { database: string; id: string };
}

/** The columns of a file as the tool description lists them (empty when its first rows are not a table). */
export type ColumnOutline = Pick<TableColumn, 'name' | 'type'>[];

/** The page asks the SQL worker to run one checked query over these files, or to outline their columns. */
export type SqlWorkerRequest =
  | { type: 'query'; id: number; files: WorkerDataFile[]; sql: string; maxRows: number }
  | { type: 'outline'; id: number; files: WorkerDataFile[] };

/** The SQL worker's answer to one request. */
export type SqlWorkerResponse =
  | { type: 'result'; id: number; result: QueryResult; engineMs: number }
  | { type: 'outline'; id: number; columns: ColumnOutline[] }
  | { type: 'failure'; id: number; message: string; missingText?: boolean };

/** True for a message shaped like a {@link SqlWorkerResponse}. */
export function isSqlWorkerResponse(value: unknown): value is SqlWorkerResponse {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; id?: unknown };
  return (
    (message.type === 'result' || message.type === 'outline' || message.type === 'failure') &&
    typeof message.id === 'number'
  );
}
