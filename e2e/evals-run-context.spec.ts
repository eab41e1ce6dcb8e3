import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint, userMessages } from './fixtures.ts';
import { startMockLlmServer, type MockBehaviour, type MockLlmServer } from './mock-llm/server.ts';

const REPORT = '# Q1\nRevenue grew 12% against the last quarter.';

/**
 * A model that looks things up: asked about the attached report, it calls `read_file`; asked about the secret blend,
 * `search_knowledge`. Given the tool's result, it answers with what the result says (so the answer holds the fact
 * only when the run could read it).
 */
function looksItUp(body: unknown): MockBehaviour | undefined {
  const messages = (body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  const last = messages.at(-1);
  if (last?.role === 'tool') return { kind: 'reply', content: `The tool says: ${JSON.stringify(last.content)}` };
  const asked = last?.role === 'user' ? JSON.stringify(last.content) : '';
  if (asked.includes('attached report'))
    return { kind: 'reply', toolCalls: [{ name: 'read_file', arguments: { name: 'report.md' } }] };
  if (asked.includes('secret blend'))
    return { kind: 'reply', toolCalls: [{ name: 'search_knowledge', arguments: { query: 'secret blend' } }] };
  return undefined;
}

/** Runs the dataset `name` as a one-variant experiment of model `model`; resolves with its first cell. */
async function runOneVariant(page: Page, name: string, model: string) {
  await page.getByRole('button', { name: 'Evals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Evals' });
  await dialog.getByRole('button', { name: 'New experiment' }).click();
  await dialog.getByRole('combobox', { name: 'Dataset' }).selectOption({ label: name });
  await dialog.getByRole('group', { name: 'Variant 2' }).getByRole('button', { name: 'Remove variant' }).click();
  await dialog.getByRole('group', { name: 'Variant 1' }).getByRole('textbox', { name: 'Model' }).fill(model);
  await dialog.getByRole('button', { name: 'Run experiment' }).click();
  const rate = dialog.locator('[data-testid="pass-rate"][data-variant="Variant 1"]');
  await expect(rate).toContainText(/\(\d\/1/, { timeout: 60_000 });
  return dialog.getByRole('table', { name: 'Experiment results' }).locator('td[data-pass]').first();
}

async function attach(page: Page, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('main', { name: 'Chat' }).getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([{ name, mimeType: 'text/markdown', buffer: Buffer.from(text) }]);
  await expect(
    page.getByRole('main', { name: 'Chat' }).getByRole('list', { name: 'Attached files' }).getByRole('listitem'),
  ).toContainText([name]);
}

let server: MockLlmServer;
test.beforeEach(async () => {
  server = await startMockLlmServer({ route: looksItUp });
});
test.afterEach(async () => {
  await server.close();
});

test('Add to dataset keeps the session’s attached file with the item, and the experiment’s run reads it', async ({
  page,
}) => {
  await openApp(page);
  await useEndpoint(page, server.url, { model: 'reader' });
  await attach(page, 'report.md', REPORT);
  await send(page, 'What does the attached report say?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('12%');

  const question = userMessages(page).last();
  await question.hover();
  await question.getByRole('button', { name: 'Add to dataset' }).click();
  const add = page.getByRole('dialog', { name: 'Add to dataset' });
  const include = add.getByRole('checkbox', { name: 'Include attached files' });
  await expect(include).toBeChecked();
  await expect(add).toContainText('report.md');
  await add.getByRole('textbox', { name: 'Expected output' }).fill('12%');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toBeHidden();

  await page.getByRole('button', { name: 'Evals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Evals' });
  await expect(dialog.getByRole('table', { name: 'Dataset items' })).toContainText('Files: report.md');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const cell = await runOneVariant(page, 'From the chat', 'reader');
  await expect(cell).toHaveAttribute('data-pass', 'true');
  await expect(cell).toHaveAttribute('title', /contains “12%”/);
});

test('an experiment’s run searches the Knowledge library, as a chat run does', async ({ page }) => {
  await openApp(page);
  await useEndpoint(page, server.url, { model: 'reader' });
  await page.getByRole('button', { name: 'Knowledge', exact: true }).click();
  const library = page.getByRole('dialog', { name: 'Knowledge' });
  await library.getByLabel('Add documents').setInputFiles({
    name: 'tea.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Tea\n\nThe secret blend is oolong with bergamot.\n'),
  });
  await expect(library.getByRole('list', { name: 'Documents' }).getByRole('listitem')).toContainText(
    /tea\.md.*passage/,
    {
      timeout: 30_000,
    },
  );
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Evals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Evals' });
  await dialog.getByRole('button', { name: 'New dataset' }).click();
  await dialog.getByRole('textbox', { name: 'Dataset name' }).fill('Tea');
  await dialog.getByRole('textbox', { name: 'Dataset name' }).press('Enter');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByRole('textbox', { name: 'Input' }).fill('Which is the secret blend?');
  await dialog.getByRole('textbox', { name: 'Expected output' }).fill('oolong');
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog.getByRole('table', { name: 'Dataset items' })).toContainText('Which is the secret blend?');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const cell = await runOneVariant(page, 'Tea', 'reader');
  await expect(cell).toHaveAttribute('data-pass', 'true');
  await expect(cell).toHaveAttribute('title', /contains “oolong”/);
});
