/** A cell of a `query_data` result. */
export type Cell = string | number | boolean | null;

/** A `query_data` result as the tool returns it. */
export interface QueryResultData {
  columns: string[];
  rows: Cell[][];
  rowCount: number;
}

function isCell(value: unknown): value is Cell {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Reads a `query_data` result from the tool message; undefined when it is not one (an error, a shortened result). */
export function readQueryResult(content: string | null | undefined): QueryResultData | undefined {
  if (!content) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { columns, rows, row_count: rowCount } = value as Record<string, unknown>;
  if (!Array.isArray(columns) || !columns.every((column) => typeof column === 'string')) return undefined;
  if (!Array.isArray(rows) || !rows.every((row) => Array.isArray(row) && row.every(isCell))) return undefined;
  return { columns, rows: rows as Cell[][], rowCount: typeof rowCount === 'number' ? rowCount : rows.length };
}

/**
 * A cell as people write it: a float SQLite summed in binary shows as 92.99, not 92.99000000000001 (15 significant
 * digits, trailing zeros trimmed). For display only: the result keeps the raw value (sorting, the model, exports).
 */
export function formatCell(cell: Exclude<Cell, null>): string {
  if (typeof cell !== 'number' || Number.isInteger(cell) || !Number.isFinite(cell)) return String(cell);
  return String(Number(cell.toPrecision(15)));
}
