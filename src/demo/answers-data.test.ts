import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolSpec } from '../model/model.ts';
import { queryDataTool, withDataTables } from '../tools/builtin/query-data.ts';
import { outlineDataTables } from '../tools/data/query-data-run.ts';
import { toToolSpec } from '../tools/define-tool.ts';
import { SqlEngine } from '../tools/data/sql-engine.ts';
import { SAMPLE_SALES_CSV, SAMPLE_SALES_FILE_NAME } from './sample-data.ts';
import { scriptReply } from './scripted-model.ts';

/** Products with cheap best-sellers: summing the price column would name the product that sold the fewest units. */
const SHOP_CSV = [
  'product,region,units,price',
  'Pencil,North,500,1.5',
  'Pencil,South,420,1.5',
  'Notebook,North,120,4',
  'Notebook,South,150,4',
  'Laptop,North,3,999',
  'Laptop,South,2,1099',
  'Backpack,North,40,45',
  'Backpack,South,35,49',
].join('\n');

const calculator: ToolSpec = {
  type: 'function',
  function: { name: 'calculator', description: 'calculator', parameters: { type: 'object', properties: {} } },
};

function queryDataFor(name: string, text: string): ToolSpec {
  const attachment = {
    id: 'file_1',
    sessionId: 's',
    name,
    mimeType: 'text/csv',
    size: text.length,
    text,
    createdAt: 1,
  };
  return toToolSpec(withDataTables(queryDataTool, outlineDataTables([attachment])));
}

/** Asks the scripted model, runs the SQL it writes against the file, and returns the SQL and the answer. */
async function ask(
  question: string,
  file: { name: string; text: string } = { name: SAMPLE_SALES_FILE_NAME, text: SAMPLE_SALES_CSV },
  tools: ToolSpec[] = [queryDataFor(file.name, file.text), calculator],
): Promise<{ sql?: unknown; answer: string }> {
  const messages: ChatMessage[] = [{ role: 'user', content: question }];
  const call = scriptReply({ messages, tools });
  const sql = call.toolCalls?.[0]?.arguments.sql;
  if (typeof sql !== 'string') return { answer: call.content ?? '' };
  const engine = new SqlEngine(await initSqlJs());
  const result = engine.query([{ key: 'k', name: file.name, format: 'csv', text: file.text }], sql, 200);
  messages.push(
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'query_data', arguments: JSON.stringify({ sql }) } },
      ],
    },
    {
      role: 'tool',
      tool_call_id: 'call_1',
      content: JSON.stringify({ columns: result.columns, rows: result.rows, row_count: result.rowCount }),
    },
  );
  return { sql, answer: scriptReply({ messages, tools }).content ?? '' };
}

const SHOP = { name: 'shop.csv', text: SHOP_CSV };

describe('scripted demo: questions about an attached table', () => {
  it('answers "Which region sold the most?" with the units sold, over the sample sales.csv, labelled as scripted', async () => {
    const { sql, answer } = await ask('Which region sold the most?');
    expect(sql).toBe('SELECT region, SUM(units) AS total FROM sales GROUP BY region ORDER BY total DESC');
    expect(answer).toContain('**West** sold the most: 450 in total (units summed by region over **sales**, 4 groups)');
    expect(answer).toContain('Next is **North** with 330.');
    expect(answer).toContain('not from an LLM');
  });

  it('answers the same question in Chinese', async () => {
    const { sql, answer } = await ask('哪个地区卖得最多？');
    expect(sql).toBe('SELECT region, SUM(units) AS total FROM sales GROUP BY region ORDER BY total DESC');
    expect(answer).toContain('**West** 卖得最多：合计 450');
    expect(answer).toContain('不是大语言模型');
  });

  it('names the product that sold the most units, not the one with the highest prices', async () => {
    const english = await ask('Which product sold the most?', SHOP);
    expect(english.sql).toBe('SELECT product, SUM(units) AS total FROM shop GROUP BY product ORDER BY total DESC');
    expect(english.answer).toContain('**Pencil** sold the most: 920 in total');
    expect((await ask('哪个产品卖得最多？', SHOP)).answer).toContain('**Pencil** 卖得最多：合计 920');
    expect((await ask('Which product sold the fewest?', SHOP)).answer).toContain('**Laptop** sold the fewest: 5');
    expect((await ask('哪个产品卖得最少', SHOP)).answer).toContain('**Laptop** 卖得最少：合计 5');
  });

  it('ranks by the column the question names, summed or averaged', async () => {
    expect((await ask('Which product has the highest price?', SHOP)).answer).toContain(
      '**Laptop** has the highest total price: 2,098',
    );
    expect((await ask('Which product has the lowest average price?', SHOP)).answer).toContain(
      '**Pencil** has the lowest average price: 1.5',
    );
    expect((await ask('Which region has the most units?', SHOP)).answer).toContain(
      '**North** has the highest total units: 663',
    );
    expect((await ask('哪个地区的平均价格最高？', SHOP)).answer).toContain('**South** 的平均 price 最高：288.38');
    expect((await ask('哪个月的销售额最低？')).answer).toContain('**2025-02** 的合计 amount 最低：6,180');
  });

  it('counts money taken as units × price when the file has no amount column', async () => {
    const { sql, answer } = await ask('Which product earned the most?', SHOP);
    expect(sql).toBe('SELECT product, SUM(units * price) AS total FROM shop GROUP BY product ORDER BY total DESC');
    expect(answer).toContain('**Laptop** has the highest total units × price: 5,195');
    expect((await ask('Which region made the most?')).answer).toContain('**West** has the highest total amount: 7,200');
  });

  it('gives totals and averages, overall or by a column, in English and Chinese', async () => {
    expect((await ask('What is the total units?', SHOP)).answer).toContain('The total units is **1,270**');
    expect((await ask('What is the average price?', SHOP)).answer).toContain('The average price is **275.38**');
    const byRegion = await ask('average price by region', SHOP);
    expect(byRegion.sql).toBe('SELECT region, AVG(price) AS average FROM shop GROUP BY region ORDER BY region');
    expect(byRegion.answer).toContain('- North: **262.38**\n- South: **288.38**');
    expect((await ask('Total amount per month')).answer).toContain(
      '- 2025-01: **6,630**\n- 2025-02: **6,180**\n- 2025-03: **6,690**',
    );
    expect((await ask('销量总和是多少？', SHOP)).answer).toContain('units 的总和是 **1,270**');
    expect((await ask('平均单价是多少？', SHOP)).answer).toContain('price 的平均值是 **275.38**');
    expect((await ask('按地区的平均价格', SHOP)).answer).toContain('- North: **262.38**');
  });

  it('says so when no file is attached, or no column matches, and queries nothing', async () => {
    expect((await ask('Which region sold the most?', undefined, [calculator])).answer).toContain(
      'No CSV, TSV or JSON file is attached',
    );
    const colour = await ask('Which colour sold the most?');
    expect(colour.sql).toBeUndefined();
    expect(colour.answer).toContain('I found no column for “colour”');
    expect(colour.answer).toContain("The offline demo can't answer that question about the table.");
    const weight = await ask('What is the average weight?', SHOP);
    expect(weight.sql).toBeUndefined();
    expect(weight.answer).toContain('“weight”');
    expect((await ask('哪个颜色卖得最多？', SHOP)).answer).toContain('离线演示回答不了这个关于表格的问题');
  });
});
