import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, userMessages } from './fixtures.ts';

interface ExportedDataset {
  name: string;
  items: { input: string; expected?: string; tags?: string[] }[];
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
