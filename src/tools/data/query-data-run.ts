import type { Attachment, AttachmentInfo, AttachmentStore, ToolContext } from '../tool-context.ts';
import { ToolError } from '../tool-error.ts';
import { describeTables, QUERY_DATA_MAX_ROWS, type DataTableOutline } from '../builtin/query-data.ts';
import { dataFormatOf, outlineColumns, tableNameOf, type DataFormat } from './load-table.ts';
import { QueryError, type QueryFile, type QueryRunner } from './run-query.ts';
import { assignTableNames } from './sql-engine.ts';
import { checkReadOnlySql } from './sql-guard.ts';
import type { ColumnOutline } from './sql-protocol.ts';

/** An attachment as `query_data` lists it: with its text (kept in memory), or only its metadata (stored in IndexedDB). */
type Listed = AttachmentInfo & { text?: string };

/** The attached files `query_data` can read, with their formats, newest copy of each name only. */
export function dataAttachments<T extends Listed>(attachments: readonly T[]): (T & { format: DataFormat })[] {
  const newest = new Map<string, T>();
  for (const attachment of attachments) {
    const known = newest.get(attachment.name);
    if (!known || attachment.createdAt >= known.createdAt) newest.set(attachment.name, attachment);
  }
  return [...newest.values()].flatMap((attachment) => {
    const format = dataFormatOf(attachment.name, attachment.mimeType);
    return format ? [{ ...attachment, format }] : [];
  });
}

/** The tables and columns of attached data files whose text is at hand, inferred from their first rows. */
export function outlineDataTables(attachments: readonly Attachment[]): DataTableOutline[] {
  const files = dataAttachments(attachments);
  const names = assignTableNames(
    files.map((file) => file.name),
    tableNameOf,
  );
  return files.map((file, index) => ({
    name: names[index] ?? tableNameOf(file.name),
    file: file.name,
    columns: outlineColumns(file.name, file.format, file.text),
  }));
}

/** A data attachment as the SQL worker receives it: its text when at hand, else where the worker reads it. */
function queryFileOf(file: Listed & { format: DataFormat }): QueryFile {
  const base = { key: `${file.id}:${file.createdAt}:${file.size}`, name: file.name, format: file.format };
  if (file.text !== undefined) return { ...base, text: file.text };
  return file.database ? { ...base, stored: { database: file.database, id: file.id } } : base;
}

/** The session's data attachments, read without their text when the store can list them so. */
async function listDataFiles(store: AttachmentStore, sessionId: string): Promise<(Listed & { format: DataFormat })[]> {
  return dataAttachments<Listed>(store.listInfo ? await store.listInfo(sessionId) : await store.list(sessionId));
}

/** Column outlines by file key: a file never changes under its key, so each is inferred once per page. */
const outlines = new Map<string, ColumnOutline>();
const MAX_OUTLINES = 64;

/**
 * The tables and columns of the session's attached data files, for the tool description. Files whose text is not
 * at hand are outlined by the SQL worker (which reads them from IndexedDB), so the page never reads a large file.
 */
export async function describeDataTables(
  store: AttachmentStore,
  sessionId: string,
  runner: QueryRunner | undefined,
  signal: AbortSignal,
): Promise<DataTableOutline[]> {
  const files = (await listDataFiles(store, sessionId)).map((file) => ({ file, query: queryFileOf(file) }));
  const missing = files.filter(({ query }) => !outlines.has(query.key));
  const local = missing.filter(({ query }) => query.text !== undefined || !runner);
  for (const { query } of local)
    outlines.set(query.key, query.text === undefined ? [] : outlineColumns(query.name, query.format, query.text));
  const remote = missing.filter((entry) => !local.includes(entry));
  if (runner && remote.length > 0) {
    // A failed outline is not remembered: the next run asks again (the description says columns come with the first query).
    const columns = await runner
      .outline(
        remote.map(({ query }) => query),
        { signal },
      )
      .catch(() => undefined);
    remote.forEach(({ query }, index) => {
      const found = columns?.[index];
      if (found) outlines.set(query.key, found);
    });
  }
  while (outlines.size > MAX_OUTLINES) outlines.delete(outlines.keys().next().value as string);
  const names = assignTableNames(
    files.map(({ file }) => file.name),
    tableNameOf,
  );
  return files.map(({ file, query }, index) => ({
    name: names[index] ?? tableNameOf(file.name),
    file: file.name,
    columns: outlines.get(query.key) ?? [],
  }));
}

/** Runs `query_data`: checks the SQL, hands the session's data files and the query to the runner, shapes the result. */
export async function runQueryData(sql: string, context: ToolContext): Promise<unknown> {
  context.span?.setAttributes({ 'db.system.name': 'sqlite', 'db.query.text': sql });
  const check = checkReadOnlySql(sql);
  if (!check.ok) throw new ToolError(check.reason);
  const attachments = await listDataFiles(context.attachments, context.sessionId);
  if (attachments.length === 0) {
    throw new ToolError(
      'No CSV, TSV or JSON file is attached to this conversation, so there is no table to query. Ask the user to attach one.',
    );
  }
  if (!context.queryData)
    throw new ToolError("query_data needs the browser's SQL worker, which is not available here.");
  const files = attachments.map(queryFileOf);
  let outcome;
  try {
    outcome = await context.queryData(
      { files, sql: check.sql, maxRows: QUERY_DATA_MAX_ROWS },
      { signal: context.signal },
    );
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    const tables = await describeDataTables(
      context.attachments,
      context.sessionId,
      context.queryData,
      context.signal,
    ).catch(() => []);
    throw new ToolError(`${error.message}\nTables:\n${describeTables(tables)}`);
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
    ...(outcome.truncated
      ? {
          note: `Only the first ${outcome.rows.length} of ${outcome.rowCount} rows are shown; aggregate or add LIMIT for the rest.`,
        }
      : {}),
  };
}
