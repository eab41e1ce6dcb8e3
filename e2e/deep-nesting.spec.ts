import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEEP_SESSION, deepSessionFileText } from '../src/testing/deep-session.ts';
import { expect, openApp, test } from './fixtures.ts';
import { activeSession, expectReady } from './persistence-helpers.ts';

// Issue 35 item 1: a valid session file whose tool result is JSON nested 100,000 levels deep.
const DEPTH = 100_000;

async function download(page: Page, button: string): Promise<string> {
  const [event] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return readFile(await event.path(), 'utf8');
}

async function importFile(page: Page, name: string, text: string): Promise<void> {
  await page
    .getByLabel('Import sessions')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** Opens the tool call's card and checks its arguments and result show, each with the cut note. */
async function expectToolCardShowsCut(page: Page): Promise<void> {
  const card = page.getByTestId('tool-call').first();
  await card.getByRole('button', { expanded: false }).first().click();
  const result = card.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('[');
  await expect(result).toContainText('nested too deep to show: 100,000 levels');
  await expect(card.getByRole('region', { name: 'Arguments' })).toContainText(
    'nested too deep to show: 100,000 levels',
  );
}

test('a session whose tool result is nested 100,000 levels deep imports, shows, exports, re-imports and reloads', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openApp(page);
  await importFile(page, 'deep.json', deepSessionFileText(DEPTH));
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 session' })).toBeVisible();
  await expect(activeSession(page)).toContainText(DEEP_SESSION.title);
  await expect(page.getByRole('article', { name: 'assistant message' }).last()).toContainText('nested very deeply');
  await expectToolCardShowsCut(page);

  // Span details of the tool span show the arguments and result, cut with the same note.
  await page
    .getByRole('tree', { name: 'Span tree' })
    .getByRole('treeitem', { name: /^tool: fetch_json/ })
    .click();
  const details = page.getByRole('region', { name: 'Span details' });
  await expect(details).toContainText('nested too deep to show: 100,000 levels');

  // Every export works and keeps the data (the session file exactly, the readable ones cut with a note).
  const markdown = await download(page, 'Export Markdown');
  expect(markdown).toContain('nested too deep to show: 100,000 levels');
  const report = await download(page, 'Export HTML report');
  expect(report).toContain('nested too deep to show: 100,000 levels');
  const otlp = await download(page, 'Export OTLP');
  expect(otlp).toContain('resourceSpans');
  expect(otlp).toContain('[[[[[[[[');
  const exported = await download(page, 'Export session');
  const file = JSON.parse(exported) as {
    sessions: Array<{ messages: Array<{ message: { content: string | null } }> }>;
  };
  expect(file.sessions[0]?.messages[2]?.message.content).toBe(`${'['.repeat(DEPTH)}1${']'.repeat(DEPTH)}`);

  // The exported file imports again (as a copy) and shows the same.
  await importFile(page, 'deep-again.json', exported);
  await expect(page.getByRole('status').filter({ hasText: 'imported as a copy' })).toBeVisible();
  await expectToolCardShowsCut(page);

  // The app reopens the session on load: it shows again.
  await page.reload();
  await expectReady(page);
  await expect(activeSession(page)).toContainText(DEEP_SESSION.title);
  await expectToolCardShowsCut(page);
  expect(errors).toEqual([]);
});
