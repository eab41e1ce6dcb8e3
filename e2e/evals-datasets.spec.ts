import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, userMessages } from './fixtures.ts';

interface ExportedDataset {
  name: string;
  items: { input: string; expected?: string; tags?: string[] }[];
}

/** The datasets as IndexedDB holds them (read in the page). */
function storedDatasets(page: Page): Promise<{ name: string; scorers: { kind: string; enabled: boolean }[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('glassbox');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const read = db.transaction('datasets').objectStore('datasets').getAll();
          read.onsuccess = () => {
            db.close();
            resolve(read.result as { name: string; scorers: { kind: string; enabled: boolean }[] }[]);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

async function exportedDatasets(page: Page): Promise<ExportedDataset[]> {
  const [event] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export all' }).click(),
  ]);
  const file = JSON.parse(await readFile((await event.path()) as string, 'utf8')) as { datasets?: ExportedDataset[] };
  return file.datasets ?? [];
}

test('Add to dataset from the chat: the answer that followed becomes the expected output, editable', async ({
  page,
}) => {
  await openApp(page);
  await send(page, 'What is 2+3?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('5');
  // The rendered answer, without its Markdown marks: the expected output is the answer's own text.
  const shown = (await lastAnswer(page).innerText()).trim();

  const question = userMessages(page).last();
  await question.hover();
  await question.getByRole('button', { name: 'Add to dataset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to dataset' });
  await expect(dialog.getByRole('combobox', { name: 'Dataset' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Input' })).toHaveValue('What is 2+3?');
  const expected = dialog.getByRole('textbox', { name: 'Expected output' });
  await expect.poll(async () => (await expected.inputValue()).replaceAll('*', '')).toBe(shown);
  const answer = await expected.inputValue();
  await expected.fill('5');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();

  // A second one goes to the same dataset, now listed in the combobox.
  await question.hover();
  await question.getByRole('button', { name: 'Add to dataset' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Dataset' })).toHaveValue(/dataset_/);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();

  await expect
    .poll(async () => (await exportedDatasets(page)).map((dataset) => dataset.items.map((item) => item.expected)))
    .toEqual([['5', answer]]);
});

test('a bad answer goes to a dataset in one click, without the bad answer as expected output', async ({ page }) => {
  await openApp(page);
  await send(page, 'What is 10*10?');
  await expectRunStatus(page, 'done');
  const article = page.getByRole('article', { name: 'assistant message' }).last();
  await article.getByRole('button', { name: 'Bad answer' }).click();
  await article.getByRole('button', { name: 'Add to dataset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to dataset' });
  await expect(dialog.getByRole('textbox', { name: 'Input' })).toHaveValue('What is 10*10?');
  await expect(dialog.getByRole('textbox', { name: 'Expected output' })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await exportedDatasets(page)).flatMap((dataset) => dataset.items))
    .toEqual([expect.objectContaining({ input: 'What is 10*10?', tags: ['bad-answer'] })]);
});

test('make a dataset, add an item, import a CSV with a bad line; all kept across reload', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Evals' }).click();
  let dialog = page.getByRole('dialog', { name: 'Evals' });
  await dialog.getByRole('button', { name: 'New dataset' }).click();
  await dialog.getByRole('textbox', { name: 'Dataset name' }).fill('Arithmetic');
  await dialog.getByRole('textbox', { name: 'Dataset name' }).press('Enter');
  await expect(
    dialog.getByRole('list', { name: 'Datasets' }).getByRole('listitem', { name: 'Arithmetic' }),
  ).toBeVisible();

  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByRole('textbox', { name: 'Input' }).fill('What is (128+374)*2?');
  await dialog.getByRole('textbox', { name: 'Expected output' }).fill('1004');
  await dialog.getByRole('textbox', { name: 'Expected tools' }).fill('calculator');
  await dialog.getByRole('button', { name: 'Save item' }).click();
  const items = dialog.getByRole('table', { name: 'Dataset items' }).getByRole('row');
  await expect(items).toHaveCount(2);

  const csv = [
    'input,expected,tags,tools',
    '"What is 2+3?",5,math,calculator',
    '"a "bad" line",1,,',
    '"北京和上海的温差, 多少度？","°C",天气;cjk,"get_weather, calculator"',
  ].join('\r\n');
  await dialog
    .getByLabel('Import dataset items')
    .setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
  const report = dialog.getByRole('status').filter({ hasText: 'items.csv' });
  await expect(report).toContainText('items.csv: 2 items added.');
  await expect(report).toContainText('line 3:');
  await expect(items).toHaveCount(4);
  await expect(items.nth(3)).toContainText('北京和上海的温差, 多少度？');
  await expect(items.nth(3)).toContainText('get_weather, calculator');

  // The scorers apply at once and stay.
  const scorers = dialog.getByRole('group', { name: 'Scorers' });
  await scorers.getByRole('checkbox', { name: 'Exact match' }).check();
  await expect
    .poll(async () => (await storedDatasets(page))[0]?.scorers.find((scorer) => scorer.kind === 'exact')?.enabled)
    .toBe(true);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await page.getByRole('button', { name: 'Evals' }).click();
  dialog = page.getByRole('dialog', { name: 'Evals' });
  await expect(dialog.getByRole('table', { name: 'Dataset items' }).getByRole('row')).toHaveCount(4);
  await expect(
    dialog.getByRole('group', { name: 'Scorers' }).getByRole('checkbox', { name: 'Exact match' }),
  ).toBeChecked();
});
