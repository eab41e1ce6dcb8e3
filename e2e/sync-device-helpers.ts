// Two browser contexts as two devices of one sync server: open, turn sync on, sync now.
import { test as base, type Browser, type Page } from '@playwright/test';
import { startCouchServer, type CouchServer } from './couch-server/server.ts';
import { expect, openApp } from './fixtures.ts';
import { openSettings } from './settings-helpers.ts';

export const DATABASE = 'glassbox';
export const PASSPHRASE = 'correct horse battery staple';

/** Playwright's test with `couch`: a fresh CouchDB-protocol server on a loopback port, its database created. */
export const syncTest = base.extend<{ couch: CouchServer }>({
  couch: async ({}, use) => {
    const server = await startCouchServer();
    await fetch(`${server.url}/${DATABASE}`, { method: 'PUT' });
    await use(server);
    await server.close();
  },
});

export async function device(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openApp(page);
  return page;
}

export async function turnOnSync(page: Page, url: string, passphrase = PASSPHRASE): Promise<void> {
  const dialog = await openSettings(page, 'Sync');
  await dialog.getByRole('textbox', { name: 'Sync server URL' }).fill(url);
  await dialog.getByRole('textbox', { name: 'Sync database' }).fill(DATABASE);
  await dialog.getByRole('textbox', { name: 'Sync passphrase' }).fill(passphrase);
  await dialog.getByRole('checkbox', { name: 'Live sync' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

export function syncState(page: Page) {
  return page.getByTestId('sync-status').first();
}

/** Presses Sync now and waits until that sync has finished (idle with a newer last-synced time). */
export async function syncNow(page: Page): Promise<void> {
  const dialog = await openSettings(page, 'Sync');
  const status = dialog.getByTestId('sync-status');
  const before = Number((await status.getAttribute('data-last-synced')) || 0);
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect
    .poll(async () => Number((await status.getAttribute('data-last-synced')) || 0) > before, { timeout: 30_000 })
    .toBe(true);
  await expect(status).toHaveAttribute('data-sync-state', 'idle', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
