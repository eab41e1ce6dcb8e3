import initSqlJs from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryFailure, SqlEngine, assignTableNames, type DataFile } from './sql-engine.ts';

let engine: SqlEngine;
beforeAll(async () => {
  engine = new SqlEngine(await initSqlJs());
});

const sales: DataFile = {
  key: 'file_1:1',
  name: 'sales.csv',
  format: 'csv',
  text: 'Region,Product,Units,Amount\nNorth,Tea,3,12.5\nSouth,Tea,1,4\nNorth,Coffee,2,9\nEast,Tea,,\n',
};

describe('SqlEngine', () => {
  it('answers a grouped question over a CSV file, typed and named after the file', () => {
    const result = engine.query(
      [sales],
      'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY total DESC',
      200,
    );
    expect(result.columns).toEqual(['region', 'total']);
    expect(result.rows).toEqual([
      ['North', 21.5],
      ['South', 4],
      ['East', null],
    ]);
    expect(result.rowCount).toBe(3);
    expect(result.truncated).toBe(false);
    expect(result.tables).toEqual([
      {
        name: 'sales',
        file: 'sales.csv',
        rowCount: 4,
        columns: [
          { name: 'region', type: 'TEXT' },
          { name: 'product', type: 'TEXT' },
          { name: 'units', type: 'INTEGER' },
          { name: 'amount', type: 'REAL' },
        ],
      },
    ]);
  });

  it('caps the rows returned and counts them all', () => {
    const numbers: DataFile = {
      key: 'n:1',
      name: 'numbers.csv',
      format: 'csv',
      text: `n\n${Array.from({ length: 500 }, (_, index) => index).join('\n')}\n`,
    };
    const result = engine.query([numbers], 'SELECT n FROM numbers ORDER BY n', 200);
    expect(result.rows).toHaveLength(200);
    expect(result.rows.at(-1)).toEqual([199]);
    expect(result.rowCount).toBe(500);
    expect(result.truncated).toBe(true);
  });

  it('loads a file once and reuses the table until its content changes; removed files are dropped', () => {
    engine.load([sales]);
    expect(engine.load([sales]).loadMs).toBe(0);
    const changed = { ...sales, key: 'file_1:2', text: 'region,amount\nWest,1\n' };
    expect(engine.query([changed], 'SELECT region FROM sales', 10).rows).toEqual([['West']]);
    expect(() => engine.query([], 'SELECT * FROM sales', 10)).toThrow(/no such table: sales/u);
  });

  it('joins two files and names clashing tables apart', () => {
    const json: DataFile = {
      key: 'j:1',
      name: 'sales.json',
      format: 'json',
      text: '[{"region":"North","manager":"Ann"}]',
    };
    const result = engine.query(
      [sales, json],
      'SELECT s.region, m.manager, COUNT(*) FROM sales s JOIN sales_2 m USING (region) GROUP BY 1, 2',
      10,
    );
    expect(result.rows).toEqual([['North', 'Ann', 2]]);
    expect(assignTableNames(['a.csv', 'a.json', 'a.tsv'], (name) => name.replace(/\..*$/u, ''))).toEqual([
      'a',
      'a_2',
      'a_3',
    ]);
  });

  it('refuses writes in the engine itself (query_only), whatever got past the guard', () => {
    expect(() => engine.query([sales], 'DELETE FROM sales', 10)).toThrow(QueryFailure);
    expect(engine.query([sales], 'SELECT COUNT(*) FROM sales', 10).rows).toEqual([[4]]);
  });

  it('explains SQL errors and files that are not tables', () => {
    expect(() => engine.query([sales], 'SELECT nope FROM sales', 10)).toThrow(
      /SQLite refused the query: no such column: nope/u,
    );
    const broken: DataFile = { key: 'b:1', name: 'broken.json', format: 'json', text: '{"a":' };
    expect(() => engine.query([broken], 'SELECT 1', 10)).toThrow(
      /broken.json could not be read as a table: it is not valid JSON/u,
    );
  });
});
