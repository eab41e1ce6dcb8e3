import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import { loadTable, tableNameOf, type Cell, type DataFormat, type TableColumn } from './load-table.ts';

/** An attached file as the engine receives it; `key` changes whenever the file's content does. */
export interface DataFile {
  key: string;
  name: string;
  format: DataFormat;
  text: string;
}

/** A table as the model and the chat see it. */
export interface TableSummary {
  name: string;
  file: string;
  rowCount: number;
  columns: Pick<TableColumn, 'name' | 'type'>[];
}

/** What one query returned: its columns, the first rows (capped) and how many rows there were in all. */
export interface QueryResult {
  columns: string[];
  rows: Cell[][];
  rowCount: number;
  truncated: boolean;
  tables: TableSummary[];
  /** Time spent parsing files into tables for this query (0 when they were loaded already). */
  loadMs: number;
  queryMs: number;
}

/** A query the engine could not run (a file that is not a table, an SQL error); the message is for the model. */
export class QueryFailure extends Error {}

/** Table names for files, in order: each named after its file, with `_2`, `_3`… when two files clean to the same name. */
export function assignTableNames(fileNames: readonly string[], nameOf: (fileName: string) => string): string[] {
  const seen = new Map<string, number>();
  return fileNames.map((fileName) => {
    const base = nameOf(fileName);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}_${count}`;
  });
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function cellOf(value: SqlValue): Cell {
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return value;
}

/** SQLite (sql.js) over the attached files: tables are built once per file content and reused by later queries. */
export class SqlEngine {
  private readonly database: Database;
  private loaded = new Map<string, TableSummary>();

  constructor(
    sqlJs: SqlJsStatic,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.database = new sqlJs.Database();
  }

  /** Makes the tables match the files: new or changed files are parsed and loaded, removed ones dropped. */
  load(files: readonly DataFile[]): { tables: TableSummary[]; loadMs: number } {
    const started = this.now();
    const names = assignTableNames(
      files.map((file) => file.name),
      tableNameOf,
    );
    const wanted = new Map(
      files.map((file, index) => [`${file.key}\u0000${names[index] ?? ''}`, { file, name: names[index] ?? '' }]),
    );
    const database = this.database;
    let created = 0;
    database.run('PRAGMA query_only = 0');
    try {
      for (const [key, summary] of this.loaded) {
        if (wanted.has(key)) continue;
        database.run(`DROP TABLE IF EXISTS ${quoteIdentifier(summary.name)}`);
        this.loaded.delete(key);
      }
      for (const [key, { file, name }] of wanted) {
        if (this.loaded.has(key)) continue;
        this.loaded.set(key, this.createTable(file, name));
        created += 1;
      }
    } finally {
      database.run('PRAGMA query_only = 1');
    }
    const tables = [...wanted.keys()]
      .map((key) => this.loaded.get(key))
      .filter((table): table is TableSummary => table !== undefined);
    return { tables, loadMs: created === 0 ? 0 : this.now() - started };
  }

  private createTable(file: DataFile, name: string): TableSummary {
    let table;
    try {
      table = loadTable(file.name, file.format, file.text);
    } catch (error) {
      throw new QueryFailure(`${file.name} could not be read as a table: ${(error as Error).message}.`);
    }
    const database = this.database;
    const columns = table.columns.map((column) => `${quoteIdentifier(column.name)} ${column.type}`).join(', ');
    database.run(`DROP TABLE IF EXISTS ${quoteIdentifier(name)}`);
    database.run(`CREATE TABLE ${quoteIdentifier(name)} (${columns})`);
    const insert = database.prepare(
      `INSERT INTO ${quoteIdentifier(name)} VALUES (${table.columns.map(() => '?').join(', ')})`,
    );
    database.run('BEGIN');
    try {
      for (const row of table.rows) insert.run(row);
      database.run('COMMIT');
    } catch (error) {
      database.run('ROLLBACK');
      throw error;
    } finally {
      insert.free();
    }
    return {
      name,
      file: file.name,
      rowCount: table.rows.length,
      columns: table.columns.map(({ name: columnName, type }) => ({ name: columnName, type })),
    };
  }

  /** Loads the files, runs one (already checked) read-only query and returns up to `maxRows` rows with the total. */
  query(files: readonly DataFile[], sql: string, maxRows: number): QueryResult {
    const { tables, loadMs } = this.load(files);
    const started = this.now();
    let statement;
    try {
      statement = this.database.prepare(sql);
    } catch (error) {
      throw new QueryFailure(`SQLite refused the query: ${(error as Error).message}.`);
    }
    try {
      const columns = statement.getColumnNames();
      const rows: Cell[][] = [];
      let rowCount = 0;
      while (statement.step()) {
        rowCount += 1;
        if (rows.length < maxRows) rows.push(statement.get().map(cellOf));
      }
      return {
        columns,
        rows,
        rowCount,
        truncated: rowCount > rows.length,
        tables,
        loadMs,
        queryMs: this.now() - started,
      };
    } catch (error) {
      throw new QueryFailure(`SQLite failed while running the query: ${(error as Error).message}.`);
    } finally {
      statement.free();
    }
  }
}
