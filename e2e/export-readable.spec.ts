import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';

/** Clicks an export button and returns the downloaded file's name, path and text. */
async function download(
  page: Page,
  button: 'Export Markdown' | 'Export HTML report',
): Promise<{ name: string; path: string; text: string }> {
  const [event] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await event.path();
  return { name: event.suggestedFilename(), path, text: await readFile(path, 'utf8') };
}

const XSS = '<img src=x onerror="window.__pwned=1"> [x](javascript:alert(1))';

test('a session with a tool call exports as Markdown and as a self-contained HTML report that opens offline', async ({
  page,
  mockLlm,
  context,
}) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  mockLlm.enqueue(
    { kind: 'reply', toolCalls: [{ id: 'call_calc_1', name: 'calculator', arguments: { expression: '17 * 23' } }] },
    {
      kind: 'reply',
      content: `The product is **391**, and the mean of \\( U(0,1) \\) is \\( \\frac{1}{2} \\). ${XSS}`,
    },
  );
  await send(page, 'What is 17 * 23?');
  await expect(lastAnswer(page)).toContainText('The product is 391');
  // The answer's math renders with KaTeX (its lazily loaded chunk and stylesheet).
  await expect(lastAnswer(page).locator('.katex').first()).toBeVisible();

  const markdown = await download(page, 'Export Markdown');
  expect(markdown.name).toMatch(/^glassbox-what-is-17-23-\d{4}-\d{2}-\d{2}\.md$/);
  expect(markdown.text).toMatch(/^# What is 17 \* 23\?\n/);
  expect(markdown.text).toContain('## User\n\nWhat is 17 * 23?');
  expect(markdown.text).toContain('**Tool call:** `calculator`\n\n```json\n{\n  "expression": "17 * 23"\n}\n```');
  expect(markdown.text).toMatch(/### Tool result: `calculator` \(ok\)\n\n```(json|text)\n[^`]*391/);
  expect(markdown.text).toContain('The product is **391**');
  expect(markdown.text).toContain('## Totals');

  const report = await download(page, 'Export HTML report');
  expect(report.name).toMatch(/^glassbox-what-is-17-23-\d{4}-\d{2}-\d{2}\.html$/);
  expect(report.text).not.toMatch(/<script/i);

  // Opened as a file with the network blocked: everything it shows is in the one file. (Only the reader's
  // requests count: the app's page may still fetch its own lazy chunks meanwhile.)
  const requests: string[] = [];
  const reader = await context.newPage();
  await reader.route(/^(?!file:)/, async (route) => {
    requests.push(route.request().url());
    await route.abort();
  });
  // (The download itself has no extension; a browser opens a `.html` file as a page.)
  const reportFile = test.info().outputPath(report.name);
  await writeFile(reportFile, report.text);
  await reader.goto(`file://${reportFile}`);
  await expect(reader).toHaveTitle('What is 17 * 23?');
  const chat = reader.getByRole('region', { name: 'Chat' });
  await expect(chat.getByRole('article', { name: 'User' })).toContainText('What is 17 * 23?');
  await expect(chat.getByRole('article', { name: 'Tool result' })).toContainText('391');
  await expect(chat.getByRole('article', { name: 'Assistant' }).last()).toContainText(XSS);
  const trace = reader.getByRole('region', { name: 'Trace' });
  await expect(trace.locator('ul.tree > li.k-run')).toBeVisible();
  await expect(trace.locator('li.k-llm').first()).toBeVisible();
  await expect(trace.locator('li.k-tool')).toContainText('calculator');
  await expect(trace.locator('li.k-tool .bar')).toBeVisible();
  // Span details open on a click, without script.
  await trace.locator('li.k-tool > details > summary').click();
  await expect(trace.locator('li.k-tool > details dl')).toContainText('tool.arguments');
  await expect(trace.locator('dl.totals')).toContainText('Tool calls');
  expect(await reader.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(reader.locator('img, a, script')).toHaveCount(0);
  expect(requests).toEqual([]);
});
