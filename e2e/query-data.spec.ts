import type { Page } from '@playwright/test';
import { chat, chatBodies, spanTree } from './agent-helpers.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';

const SALES = [
  'Region,Product,Units,Amount',
  'North,"Tea, green",12,1440',
  'North,Coffee,9,1620',
  'South,Tea,8,960',
  'East,Coffee,11,1980',
  'West,Coffee,14,2520',
  'West,Tea,15,1800',
  'East,Tea,,',
].join('\n');

/** Attaches a CSV the way a user does: the Attach files button opens the file chooser. */
async function attachCsv(page: Page, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await chat(page).getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([{ name, mimeType: 'text/csv', buffer: Buffer.from(text) }]);
  await expect(chat(page).getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toContainText([name]);
}

function toolCard(page: Page) {
  return chat(page).getByRole('group', { name: 'Tool call query_data' });
}

test.describe('query_data: SQL over attached files', () => {
  // A run loads SQLite into a worker on first use; generous for a loaded machine, never a fixed wait.
  test.describe.configure({ timeout: 60_000 });

  test('answers a grouped question with SQL over an attached CSV, shows a sortable table and records the SQL', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await attachCsv(page, 'sales.csv', SALES);
    // The scripted server reads the tables from the tool description and writes the SQL itself: "sold" is units.
    await send(page, 'Which region sold the most?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('West sold the most: 29 in total');

    const bodies = chatBodies(mockLlm);
    const tools = (bodies[0]?.tools ?? []) as { function: { name: string; description: string } }[];
    const offered = tools.find((tool) => tool.function.name === 'query_data');
    expect(offered?.function.description).toContain(
      'Tables:\n- sales (from sales.csv): region TEXT, product TEXT, units INTEGER, amount INTEGER',
    );
    const result = bodies[1]?.messages.find((message) => message.role === 'tool');
    expect(JSON.parse(String(result?.content))).toEqual({
      columns: ['region', 'total'],
      rows: [
        ['West', 29],
        ['North', 21],
        ['East', 11],
        ['South', 8],
      ],
      row_count: 4,
    });

    const table = toolCard(page).getByRole('table', { name: 'Query result' });
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(table.getByRole('row').nth(1)).toContainText('West');
    await expect(table).toContainText('4 rows');
    await table.getByRole('button', { name: 'total' }).click();
    await expect(table.getByRole('columnheader', { name: /total/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('row').nth(1)).toContainText('South');
    await table.getByRole('button', { name: 'total' }).click();
    await expect(table.getByRole('row').nth(1)).toContainText('West');

    const span = spanTree(page).getByRole('treeitem', { name: /^tool: query_data/ });
    await expect(span).toHaveAttribute('data-span-status', 'ok');
    await span.click();
    const details = page.getByRole('region', { name: 'Span details' });
    await expect(details).toContainText(
      'SELECT region, SUM(units) AS total FROM sales GROUP BY region ORDER BY total DESC',
    );
    await expect(details.getByRole('definition').filter({ hasText: /^SELECT region/ })).toHaveText(
      'SELECT region, SUM(units) AS total FROM sales GROUP BY region ORDER BY total DESC',
    );
    await expect(details).toContainText('Rows4 rows');
  });

  test('refuses a write as an error observation and leaves the table as it was', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await attachCsv(page, 'sales.csv', SALES);
    mockLlm.enqueue(
      {
        kind: 'reply',
        content: 'Removing the rows.',
        toolCalls: [{ id: 'call_delete', name: 'query_data', arguments: { sql: 'DELETE FROM sales' } }],
      },
      {
        kind: 'reply',
        content: 'Counting instead.',
        toolCalls: [{ id: 'call_count', name: 'query_data', arguments: { sql: 'SELECT COUNT(*) AS n FROM sales' } }],
      },
      { kind: 'reply', content: 'The file is read-only; it still has 7 rows.' },
    );
    await send(page, 'Delete every row of sales');
    await expectRunStatus(page, 'done');
    await expect(chat(page).locator('[data-tool-call-id="call_delete"]')).toHaveAttribute('data-tool-status', 'error');
    await expect(chat(page).locator('[data-tool-call-id="call_count"]')).toHaveAttribute('data-tool-status', 'ok');

    const messages = chatBodies(mockLlm)[2]?.messages ?? [];
    const results = messages.filter((message) => message.role === 'tool');
    expect(String(results[0]?.content)).toContain(
      'Only read-only queries are allowed (SELECT or WITH … SELECT); "DELETE" is refused',
    );
    expect(JSON.parse(String(results[1]?.content))).toEqual({ columns: ['n'], rows: [[7]], row_count: 1 });
  });

  test('the demo attaches the sample sales.csv from the first-run screen and answers with SQL, offline', async ({
    page,
  }) => {
    await openApp(page);
    await chat(page)
      .getByRole('button', { name: /Attach sample sales\.csv/ })
      .click();
    await expectRunStatus(page, 'done');
    await expect(chat(page).getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toContainText([
      'sales.csv',
    ]);
    await expect(lastAnswer(page)).toContainText('West sold the most: 450 in total');
    await expect(lastAnswer(page)).toContainText('not from an LLM');
    await expect(toolCard(page).getByRole('table', { name: 'Query result' }).getByRole('row')).toHaveCount(5);
  });
});
