import { beforeAll, describe, expect, it } from 'vitest';
import type { QueryFile, QueryRunner } from '../data/run-query.ts';
import { createInProcessQueryRunner } from '../testing/in-process-query-runner.ts';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import type { SpanHandle } from '../../trace/span.ts';
import { enabledTools, builtinTools, withAttachedData } from '../registry.ts';
import { describeDataTables, outlineDataTables } from '../data/query-data-run.ts';
import { queryDataTool, withDataTables } from './query-data.ts';

let queryData: QueryRunner;
beforeAll(async () => {
  queryData = await createInProcessQueryRunner();
});

const SALES = 'region,product,amount\nNorth,Tea,120\nSouth,Tea,80\nNorth,Coffee,60\nWest,Tea,150\n';

async function contextWithSales() {
  const attributes: Record<string, unknown> = {};
  const span = {
    span: {} as SpanHandle['span'],
    setAttributes: (values: Record<string, unknown>) => Object.assign(attributes, values),
    end: () => undefined,
  } satisfies SpanHandle;
  const context = createTestToolContext({ sessionId: 'sess_a', queryData, span });
  await context.stores.attachments.add({ sessionId: 'sess_a', name: 'sales.csv', text: SALES, mimeType: 'text/csv' });
  await context.stores.attachments.add({ sessionId: 'sess_a', name: 'notes.md', text: '# not data' });
  return { context, attributes };
}

const run = (sql: string, context: Awaited<ReturnType<typeof contextWithSales>>['context']) =>
  queryDataTool.execute(queryDataTool.schema.parse({ sql }), context);

describe('query_data', () => {
  it('answers a grouped question with SQL over the attached CSV and records the SQL and row count on its span', async () => {
    const { context, attributes } = await contextWithSales();
    const sql = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY total DESC';
    expect(await run(sql, context)).toEqual({
      columns: ['region', 'total'],
      rows: [
        ['North', 180],
        ['West', 150],
        ['South', 80],
      ],
      row_count: 3,
    });
    expect(attributes).toMatchObject({
      'db.system.name': 'sqlite',
      'db.query.text': sql,
      'db.response.returned_rows': 3,
      'glassbox.query.row_count': 3,
    });
  });

  it('refuses a write with a reason the model can act on, before touching the engine', async () => {
    const { context } = await contextWithSales();
    await expect(run('DELETE FROM sales', context)).rejects.toThrow(
      /Only read-only queries are allowed.*"DELETE" is refused/u,
    );
    expect(await run('SELECT COUNT(*) AS n FROM sales', context)).toMatchObject({ rows: [[4]] });
  });

  it('lists the tables when the SQL names a column that does not exist', async () => {
    const { context } = await contextWithSales();
    await expect(run('SELECT revenue FROM sales', context)).rejects.toThrow(
      /no such column: revenue[\s\S]*- sales \(from sales.csv\): region TEXT, product TEXT, amount INTEGER/u,
    );
  });

  it('says when no data file is attached', async () => {
    const context = createTestToolContext({ queryData });
    await expect(run('SELECT 1', context)).rejects.toThrow(/No CSV, TSV or JSON file is attached/u);
  });

  it('lists the tables and columns in its description, and is offered only when a data file is attached', async () => {
    const { context } = await contextWithSales();
    const tables = outlineDataTables(await context.attachments.list('sess_a'));
    expect(tables).toEqual([
      {
        name: 'sales',
        file: 'sales.csv',
        columns: [
          { name: 'region', type: 'TEXT' },
          { name: 'product', type: 'TEXT' },
          { name: 'amount', type: 'INTEGER' },
        ],
      },
    ]);
    expect(withDataTables(queryDataTool, tables).description).toMatch(
      /Tables:\n- sales \(from sales.csv\): region TEXT, product TEXT, amount INTEGER$/u,
    );
    const offered = (list: typeof tables) =>
      withAttachedData(enabledTools(builtinTools, {}), list).map((tool) => tool.name);
    expect(offered([])).not.toContain('query_data');
    expect(offered(tables)).toContain('query_data');
  });

  it('reads stored files only in the worker: the description asks the worker for columns once, the query sends no text', async () => {
    const infos = [
      {
        id: 'file_9',
        sessionId: 'sess_a',
        name: 'big.csv',
        mimeType: 'text/csv',
        size: 30,
        createdAt: 9,
        database: 'glassbox',
      },
    ];
    const attachments = {
      list: () => Promise.reject(new Error('the text must not be read')),
      listInfo: async () => infos,
    };
    const outlineCalls: QueryFile[][] = [];
    const queried: QueryFile[][] = [];
    const runner: QueryRunner = Object.assign(
      async (request: Parameters<QueryRunner>[0]) => {
        queried.push(request.files);
        return {
          columns: ['n'],
          rows: [[2]],
          rowCount: 1,
          truncated: false,
          tables: [],
          loadMs: 0,
          queryMs: 0,
          engineMs: 0,
        };
      },
      {
        outline: async (files: QueryFile[]) => {
          outlineCalls.push(files);
          return [[{ name: 'region', type: 'TEXT' as const }]];
        },
      },
    );
    const signal = new AbortController().signal;
    const expected = [{ name: 'big', file: 'big.csv', columns: [{ name: 'region', type: 'TEXT' }] }];
    expect(await describeDataTables(attachments, 'sess_a', runner, signal)).toEqual(expected);
    expect(await describeDataTables(attachments, 'sess_a', runner, signal)).toEqual(expected);
    expect(outlineCalls).toEqual([
      [{ key: 'file_9:9:30', name: 'big.csv', format: 'csv', stored: { database: 'glassbox', id: 'file_9' } }],
    ]);
    const context = createTestToolContext({ sessionId: 'sess_a', queryData: runner, attachments });
    expect(await run('SELECT COUNT(*) AS n FROM big', context)).toEqual({ columns: ['n'], rows: [[2]], row_count: 1 });
    expect(queried).toEqual(outlineCalls);
  });
});
