import initSqlJs from 'sql.js';
import { outlineColumns } from '../data/load-table.ts';
import { QueryError, type QueryFile, type QueryRunner } from '../data/run-query.ts';
import { QueryFailure, SqlEngine, type DataFile } from '../data/sql-engine.ts';

function withText(files: readonly QueryFile[]): DataFile[] {
  return files.map((file) => {
    if (file.text === undefined) throw new QueryError(`The text of ${file.name} was not sent`);
    return { ...file, text: file.text };
  });
}

/** A query runner for Node tests: the same engine as the SQL worker, run in-process (no worker, no abort mid-query). */
export async function createInProcessQueryRunner(): Promise<QueryRunner> {
  const engine = new SqlEngine(await initSqlJs());
  const query: QueryRunner = Object.assign(
    async (request: Parameters<QueryRunner>[0], { signal }: { signal: AbortSignal }) => {
      signal.throwIfAborted();
      try {
        return { ...engine.query(withText(request.files), request.sql, request.maxRows), engineMs: 0 };
      } catch (error) {
        if (error instanceof QueryFailure) throw new QueryError(error.message);
        throw error;
      }
    },
    {
      outline: async (files: QueryFile[], { signal }: { signal: AbortSignal }) => {
        signal.throwIfAborted();
        return withText(files).map((file) => outlineColumns(file.name, file.format, file.text));
      },
    },
  );
  return query;
}
