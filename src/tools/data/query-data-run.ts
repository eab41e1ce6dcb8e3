import type { Attachment, ToolContext } from '../tool-context.ts';
import { ToolError } from '../tool-error.ts';
import { describeTables, QUERY_DATA_MAX_ROWS, type DataTableOutline } from '../builtin/query-data.ts';
import { dataFormatOf, loadTable, TableLoadError, tableNameOf, type DataFormat } from './load-table.ts';
import { QueryError, type QueryFile } from './run-query.ts';
import { assignTableNames } from './sql-engine.ts';
import { checkReadOnlySql } from './sql-guard.ts';

/** How much of a file the tool description's column list is inferred from (the query itself reads all of it). */
const DESCRIBE_SAMPLE_CHARS = 256 * 1024;

/** The attached files `query_data` can read, with their formats, newest copy of each name only. */
export function dataAttachments(attachments: readonly Attachment[]): (Attachment & { format: DataFormat })[] {
  const newest = new Map<string, Attachment>();
  for (const attachment of attachments) {
    const known = newest.get(attachment.name);
    if (!known || attachment.createdAt >= known.createdAt) newest.set(attachment.name, attachment);
  }
  return [...newest.values()].flatMap((attachment) => {
    const format = dataFormatOf(attachment.name, attachment.mimeType);
    return format ? [{ ...attachment, format }] : [];
  });
}

/** The start of a file that is enough to read its columns: whole lines of delimited text, a small JSON file whole. */
function sampleOf(text: string, format: DataFormat): string | undefined {
  if (text.length <= DESCRIBE_SAMPLE_CHARS) return text;
  if (format === 'json') return undefined;
  const end = text.lastIndexOf('\n', DESCRIBE_SAMPLE_CHARS);
  return text.slice(0, end === -1 ? DESCRIBE_SAMPLE_CHARS : end);
}

/** The tables and columns of the attached data files, inferred from their first rows, for the tool description. */
export function outlineDataTables(attachments: readonly Attachment[]): DataTableOutline[] {
  const files = dataAttachments(attachments);
  const names = assignTableNames(files.map((file) => file.name), tableNameOf);
  return files.map((file, index) => {
    const name = names[index] ?? tableNameOf(file.name);
    const sample = sampleOf(file.text, file.format);
    if (sample === undefined) return { name, file: file.name, columns: [] };
    try {
      const table = loadTable(file.name, file.format, sample);
      return { name, file: file.name, columns: table.columns.map((column) => ({ name: column.name, type: column.type })) };
    } catch (error) {
      if (error instanceof TableLoadError) return { name, file: file.name, columns: [] };
      throw error;
    }
  });
}

/** Runs `query_data`: checks the SQL, hands the session's data files and the query to the runner, shapes the result. */
export async function runQueryData(sql: string, context: ToolContext): Promise<unknown> {
  context.span?.setAttributes({ 'db.system.name': 'sqlite', 'db.query.text': sql });
  const check = checkReadOnlySql(sql);
  if (!check.ok) throw new ToolError(check.reason);
  const attachments = dataAttachments(await context.attachments.list(context.sessionId));
  if (attachments.length === 0) {
    throw new ToolError('No CSV, TSV or JSON file is attached to this conversation, so there is no table to query. Ask the user to attach one.');
  }
  if (!context.queryData) throw new ToolError('query_data needs the browser\'s SQL worker, which is not available here.');
  const files: QueryFile[] = attachments.map((file) => ({ key: `${file.id}:${file.createdAt}:${file.size}`, name: file.name, format: file.format, text: file.text }));
  let outcome;
  try {
    outcome = await context.queryData({ files, sql: check.sql, maxRows: QUERY_DATA_MAX_ROWS }, { signal: context.signal });
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    throw new ToolError(`${error.message}\nTables:\n${describeTables(outlineDataTables(attachments))}`);
  }
  context.span?.setAttributes({
    'db.response.returned_rows': outcome.rows.length,
    'glassbox.query.row_count': outcome.rowCount,
    'glassbox.query.load_ms': Math.round(outcome.loadMs + outcome.engineMs),
    'glassbox.query.run_ms': Math.round(outcome.queryMs),
  });
  return {
    columns: outcome.columns,
    rows: outcome.rows,
    row_count: outcome.rowCount,
    ...(outcome.truncated ? { note: `Only the first ${outcome.rows.length} of ${outcome.rowCount} rows are shown; aggregate or add LIMIT for the rest.` } : {}),
  };
}
