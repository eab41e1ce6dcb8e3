import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolSpec } from '../model/model.ts';
import { queryDataTool, withDataTables } from '../tools/builtin/query-data.ts';
import { outlineDataTables } from '../tools/data/query-data-run.ts';
import { toToolSpec } from '../tools/define-tool.ts';
import { SqlEngine } from '../tools/data/sql-engine.ts';
import { SAMPLE_SALES_CSV, SAMPLE_SALES_FILE_NAME } from './sample-data.ts';
import { scriptReply } from './scripted-model.ts';

const attachment = {
  id: 'file_1',
  sessionId: 's',
  name: SAMPLE_SALES_FILE_NAME,
  mimeType: 'text/csv',
  size: SAMPLE_SALES_CSV.length,
  text: SAMPLE_SALES_CSV,
  createdAt: 1,
};
const queryData = toToolSpec(withDataTables(queryDataTool, outlineDataTables([attachment])));
const calculator: ToolSpec = {
  type: 'function',
  function: { name: 'calculator', description: 'calculator', parameters: { type: 'object', properties: {} } },
};

/** Asks the scripted model, runs the SQL it writes against the sample file, and returns the call and the answer. */
async function ask(
  question: string,
  tools: ToolSpec[] = [queryData, calculator],
): Promise<{ sql?: unknown; answer: string }> {
  const messages: ChatMessage[] = [{ role: 'user', content: question }];
  const call = scriptReply({ messages, tools });
  const sql = call.toolCalls?.[0]?.arguments.sql;
  if (typeof sql !== 'string') return { answer: call.content ?? '' };
  const engine = new SqlEngine(await initSqlJs());
  const result = engine.query(
    [{ key: 'k', name: SAMPLE_SALES_FILE_NAME, format: 'csv', text: SAMPLE_SALES_CSV }],
    sql,
    200,
  );
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

describe('scripted demo: questions about an attached table', () => {
  it('answers "Which region sold the most?" with grouped SQL over the sample sales.csv, labelled as scripted', async () => {
    const { sql, answer } = await ask('Which region sold the most?');
    expect(sql).toBe('SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY total DESC');
    expect(answer).toContain('**West** sold the most: 7,200 in total');
    expect(answer).toContain('Next is **East** with 4,800.');
    expect(answer).toContain('not from an LLM');
  });

  it('answers the same question in Chinese', async () => {
    const { sql, answer } = await ask('哪个地区卖得最多？');
    expect(sql).toBe('SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY total DESC');
    expect(answer).toContain('**West** 卖得最多：合计 7,200');
    expect(answer).toContain('不是大语言模型');
  });

  it('sorts the other way for "least", and says so when no file is attached or no column matches', async () => {
    expect((await ask('Which product sold the least?')).sql).toBe(
      'SELECT product, SUM(amount) AS total FROM sales GROUP BY product ORDER BY total ASC',
    );
    expect((await ask('Which region sold the most?', [calculator])).answer).toContain(
      'No CSV, TSV or JSON file is attached',
    );
    expect((await ask('Which colour sold the most?')).answer).toContain('no column for “colour”');
  });
});
