import initSqlJs from 'sql.js';
import { QueryError, type QueryRunner } from '../data/run-query.ts';
import { QueryFailure, SqlEngine } from '../data/sql-engine.ts';

/** A query runner for Node tests: the same engine as the SQL worker, run in-process (no worker, no abort mid-query). */
export async function createInProcessQueryRunner(): Promise<QueryRunner> {
  const engine = new SqlEngine(await initSqlJs());
  return async (request, { signal }) => {
    signal.throwIfAborted();
    try {
      return { ...engine.query(request.files, request.sql, request.maxRows), engineMs: 0 };
    } catch (error) {
      if (error instanceof QueryFailure) throw new QueryError(error.message);
      throw error;
    }
  };
}
