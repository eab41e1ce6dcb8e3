import { z } from 'zod';
import { defineTool, type AnyTool } from '../define-tool.ts';

/** Most rows a `query_data` result carries back; the total is always reported. */
export const QUERY_DATA_MAX_ROWS = 200;

/** A table as listed in the tool description. */
export interface DataTableOutline {
  name: string;
  file: string;
  columns: { name: string; type: string }[];
}

/** The table lines of the tool description (and of an SQL error). */
export function describeTables(tables: readonly DataTableOutline[]): string {
  return tables
    .map((table) => {
      const columns =
        table.columns.length > 0
          ? table.columns.map((column) => `${column.name} ${column.type}`).join(', ')
          : 'columns shown after the first query';
      return `- ${table.name} (from ${table.file}): ${columns}`;
    })
    .join('\n');
}

/** `query_data` with the session's tables and columns in its description, so the model can write correct SQL. */
export function withDataTables(tool: AnyTool, tables: readonly DataTableOutline[]): AnyTool {
  if (tables.length === 0) return tool;
  return { ...tool, description: `${tool.description}\nTables:\n${describeTables(tables)}` };
}

/** `query_data`: one read-only SQL query over the attached CSV, TSV and JSON files, each a table named after its file. */
export const queryDataTool = defineTool({
  name: 'query_data',
  description: [
    'Runs one read-only SQL query (SQLite dialect: SELECT, or WITH … SELECT) over the files attached to this conversation.',
    'Each CSV, TSV or JSON (array of objects) file is a table named after its file (sales.csv → sales); column names are',
    'the headers in lower case with other characters replaced by "_". Empty cells are NULL. Returns the columns, at most',
    `${QUERY_DATA_MAX_ROWS} rows and the total row count: aggregate (GROUP BY, COUNT, SUM) rather than reading every row.`,
    'Example: {"sql": "SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY total DESC"}.',
  ].join(' '),
  schema: z.object({
    sql: z
      .string()
      .trim()
      .min(1)
      .describe('One SELECT statement (SQLite). Writes, PRAGMA, ATTACH and several statements are refused.'),
  }),
  async execute({ sql }, context) {
    // The guard, the table loader and the runner load with the first query, not with the app.
    const { runQueryData } = await import('../data/query-data-run.ts');
    return runQueryData(sql, context);
  },
});
