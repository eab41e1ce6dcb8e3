// Datasets and Knowledge documents between two devices (two browser contexts) through the loopback CouchDB server.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { DATABASE, device, syncNow, turnOnSync, syncTest } from './sync-device-helpers.ts';

const test = syncTest;

// Two apps and PBKDF2 at 600,000 iterations each, on a shared machine.
test.beforeEach(() => test.setTimeout(150_000));

const MARKDOWN = '# Tea cellar\n\nThe house blend is smoky lapsang with candied ginger.\n';

async function openEvals(page: Page) {
  await page.getByRole('button', { name: 'Evals' }).click();
  return page.getByRole('dialog', { name: 'Evals' });
}

async function openKnowledge(page: Page) {
  await page.getByRole('button', { name: 'Knowledge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Knowledge' });
  return { dialog, documents: dialog.getByRole('list', { name: 'Documents' }) };
}

async function addLibrary(page: Page): Promise<void> {
  const evals = await openEvals(page);
  await evals.getByRole('button', { name: 'New dataset' }).click();
  await evals.getByRole('textbox', { name: 'Dataset name' }).fill('Cellar questions');
  await evals.getByRole('textbox', { name: 'Dataset name' }).press('Enter');
  await evals.getByRole('button', { name: 'Add item' }).click();
  await evals.getByRole('textbox', { name: 'Input' }).fill('Which blend does the house pour?');
  await evals.getByRole('textbox', { name: 'Expected output' }).fill('lapsang');
  await evals.getByRole('button', { name: 'Save item' }).click();
  await expect(evals.getByRole('table', { name: 'Dataset items' }).getByRole('row')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(evals).toBeHidden();

  const { dialog, documents } = await openKnowledge(page);
  await dialog
    .getByLabel('Add documents')
    .setInputFiles({ name: 'cellar-notes.md', mimeType: 'text/markdown', buffer: Buffer.from(MARKDOWN) });
  await expect(documents.getByRole('listitem').filter({ hasText: 'cellar-notes.md' })).toContainText(/passage/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('a dataset with its item and a Knowledge document reach the other device as ciphertext; a delete follows', async ({
  browser,
  couch,
}) => {
  const a = await device(browser);
  await addLibrary(a);
  await turnOnSync(a, couch.url);
  await syncNow(a);

  const dump = await couch.rawDump(DATABASE);
  expect(dump).toContain('dataset:');
  expect(dump).toContain('kdoc:');
  for (const plain of ['Cellar questions', 'house pour', 'lapsang', 'candied ginger', 'cellar-notes', 'Tea cellar'])
    expect(dump).not.toContain(plain);

  const b = await device(browser);
  await turnOnSync(b, couch.url);
  await syncNow(b);
  const evals = await openEvals(b);
  await expect(
    evals.getByRole('list', { name: 'Datasets' }).getByRole('listitem', { name: 'Cellar questions' }),
  ).toBeVisible();
  const items = evals.getByRole('table', { name: 'Dataset items' }).getByRole('row');
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText('Which blend does the house pour?');
  await expect(items.nth(1)).toContainText('lapsang');

  // An item added on A appears in B's open Evals dialog (live sync), without reopening it.
  const onA = await openEvals(a);
  await onA.getByRole('list', { name: 'Datasets' }).getByRole('listitem', { name: 'Cellar questions' }).click();
  await onA.getByRole('button', { name: 'Add item' }).click();
  await onA.getByRole('textbox', { name: 'Input' }).fill('What goes with the lapsang?');
  await onA.getByRole('button', { name: 'Save item' }).click();
  await expect(onA.getByRole('table', { name: 'Dataset items' }).getByRole('row')).toHaveCount(3);
  await a.keyboard.press('Escape');
  await syncNow(a);
  await expect(items).toHaveCount(3, { timeout: 30_000 });
  await expect(items.nth(2)).toContainText('What goes with the lapsang?');
  await b.keyboard.press('Escape');
  await expect(evals).toBeHidden();
  const library = await openKnowledge(b);
  await expect(library.documents.getByRole('listitem').filter({ hasText: 'cellar-notes.md' })).toContainText(/passage/);
  await b.keyboard.press('Escape');

  // Deleted on A, gone on B.
  const knowledgeOnA = await openKnowledge(a);
  await knowledgeOnA.dialog.getByRole('button', { name: 'Delete document cellar-notes.md' }).click();
  await expect(knowledgeOnA.documents.getByRole('listitem')).toHaveCount(0);
  await a.keyboard.press('Escape');
  await syncNow(a);
  await syncNow(b);
  const again = await openKnowledge(b);
  await expect(again.dialog.getByText('No documents yet.')).toBeVisible();
  await expect(again.documents).toHaveCount(0);
});
