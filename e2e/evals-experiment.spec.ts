import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, openApp, test, useEndpoint } from './fixtures.ts';
import { startMockLlmServer, type MockBehaviour, type MockLlmServer } from './mock-llm/server.ts';

/** The right answer to each demo dataset item (English), as a model that knows them would give it. */
const RIGHT: [RegExp, string][] = [
  [/128/, 'The answer is 1004.'],
  [/150 days/, 'It is a Thursday (2024-10-17).'],
  [/milk/, 'Added “buy milk” to your todos.'],
  [/Beijing/, 'Beijing is 3 °C warmer than Shanghai.'],
  [/boiling/, 'About 90 °C at 3,000 m.'],
];

function lastUserText(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  const last = messages.findLast((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
}

/**
 * `good-model` answers every item right; `weak-model` only the arithmetic; `slow-model` answers the first item and
 * hangs on the others (until the client goes away).
 */
function answerPerModel(body: unknown): MockBehaviour | undefined {
  const model = (body as { model?: string }).model;
  const text = lastUserText(body);
  const right = RIGHT.find(([pattern]) => pattern.test(text))?.[1] ?? 'I do not know.';
  if (model === 'weak-model') return { kind: 'reply', content: /128/.test(text) ? right : 'I do not know.' };
  if (model === 'slow-model') return /128/.test(text) ? { kind: 'reply', content: right } : { kind: 'hang' };
  return { kind: 'reply', content: right };
}

async function openNewExperiment(page: Page) {
  await page.getByRole('button', { name: 'Evals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Evals' });
  await dialog.getByRole('button', { name: 'New experiment' }).click();
  return dialog;
}

async function variant(dialog: ReturnType<Page['getByRole']>, n: number, model: string) {
  const group = dialog.getByRole('group', { name: `Variant ${n}` });
  await group.getByRole('textbox', { name: 'Model' }).fill(model);
  await group.getByRole('combobox', { name: 'Protocol' }).selectOption('tools');
}

test.describe('Evals experiments', () => {
  let server: MockLlmServer;
  test.beforeEach(async () => {
    server = await startMockLlmServer({ route: answerPerModel });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('a two-variant experiment shows each variant’s pass rate, scores and reasons, and exports them', async ({
    page,
  }) => {
    await openApp(page);
    await useEndpoint(page, server.url, { model: 'good-model' });
    const sessions = page.getByRole('list', { name: 'Session list' }).getByRole('listitem');
    const sessionsBefore = await sessions.count();
    const dialog = await openNewExperiment(page);
    await variant(dialog, 1, 'good-model');
    await variant(dialog, 2, 'weak-model');
    await dialog.getByRole('spinbutton', { name: 'Concurrency' }).fill('3');
    await dialog.getByRole('button', { name: 'Run experiment' }).click();
    const v1 = dialog.locator('[data-testid="pass-rate"][data-variant="Variant 1"]');
    const v2 = dialog.locator('[data-testid="pass-rate"][data-variant="Variant 2"]');
    await expect(v1).toContainText('100%');
    await expect(v1).toContainText('(5/5');
    await expect(v2).toContainText('20%');
    await expect(v2).toContainText('(1/5');
    const table = dialog.getByRole('table', { name: 'Experiment results' });
    await expect(table.locator('td[data-pass="true"]')).toHaveCount(6);
    const failed = table.locator('td[data-pass="false"]');
    await expect(failed).toHaveCount(4);
    await expect(failed.first()).toHaveAttribute('title', /Contains expected: 0\.00 — Does not contain “Thursday”/);
    // Each regression links to both runs: the trace viewer, and Compare runs.
    await expect(dialog.getByTestId('regression')).toHaveCount(4);
    await dialog.getByTestId('regression').first().getByRole('button', { name: 'Open run' }).click();
    await expect(dialog.getByRole('tree', { name: 'Span tree' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Back to results' }).click();
    await dialog.getByTestId('regression').first().getByRole('button', { name: 'Compare with baseline' }).click();
    await expect(dialog.getByRole('region', { name: 'Run comparison' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Back to results' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export results' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toContain('item,input,expected,variant');
    expect(csv).toContain('Does not contain “Thursday”');
    // Experiment runs stay out of the session list.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(sessions).toHaveCount(sessionsBefore);
  });

  test('Stop mid-experiment: no new run starts, the rest are shown as not run', async ({ page }) => {
    await openApp(page);
    await useEndpoint(page, server.url, { model: 'slow-model' });
    const dialog = await openNewExperiment(page);
    await variant(dialog, 1, 'slow-model');
    await variant(dialog, 2, 'slow-model');
    await dialog.getByRole('spinbutton', { name: 'Concurrency' }).fill('1');
    await dialog.getByRole('button', { name: 'Run experiment' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Experiment progress' })).toBeVisible();
    await expect.poll(() => server.inFlight).toBe(1);
    await expect(dialog.locator('td[data-pass="true"]')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Stop experiment' }).click();
    const table = dialog.getByRole('table', { name: 'Experiment results' });
    await expect(table.locator('td[data-status="not-run"]')).toHaveCount(7);
    await expect(table.locator('td[data-status="stopped"]')).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Stop experiment' })).toBeHidden();
    await expect(dialog.locator('[data-testid="pass-rate"][data-variant="Variant 1"]')).toContainText('4 not run');
  });
});
