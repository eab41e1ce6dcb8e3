import { startCouchServer, type CouchServer } from './couch-server/server.ts';
import { expect, openApp, sendAndWait, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { openSettings } from './settings-helpers.ts';
import { createDatabase, openShareDialog, saveSyncSettings, type SavedSync } from './sync-share-helpers.ts';

const AUTH = { user: 'ada', password: 'lovelace' };

let server: CouchServer | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Saves the server in Settings → Sync, shares a fresh demo session and returns the Share session dialog. */
async function share(page: Page, sync: SavedSync) {
  await openApp(page);
  await saveSyncSettings(page, sync);
  await sendAndWait(page, 'What is (128+374)*2?');
  return openShareDialog(page);
}

test('a server without CORS is named, with the CouchDB setting to change for this origin', async ({
  page,
  baseURL,
}) => {
  server = await startCouchServer({ port: 0, cors: false });
  await createDatabase(server.url, 'glassbox');
  const dialog = await share(page, { url: server.url, database: 'glassbox' });
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('CORS');
  await expect(alert).toContainText('[chttpd] enable_cors = true');
  await expect(alert).toContainText(`origins = ${new URL(baseURL ?? '').origin}`);
  await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveCount(0);
});

test('a wrong password is named user or password', async ({ page }) => {
  server = await startCouchServer({ port: 0, auth: AUTH });
  await createDatabase(server.url, 'glassbox', AUTH);
  const dialog = await share(page, { url: server.url, database: 'glassbox', user: AUTH.user, password: 'wrong' });
  await expect(dialog.getByRole('alert')).toContainText('user or password');
});

test('a missing database is named, and Create database creates it so the share goes through', async ({ page }) => {
  server = await startCouchServer({ port: 0, auth: AUTH });
  const dialog = await share(page, { url: server.url, database: 'fresh', ...AUTH });
  await expect(dialog.getByRole('alert')).toContainText('database');
  await dialog.getByRole('button', { name: 'Create database' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(/#share=/);
  expect(await server.rawDump('fresh')).toContain('share:');
});

test('a server that is down is named unreachable', async ({ page }) => {
  server = await startCouchServer({ port: 0 });
  await server.stop();
  const dialog = await share(page, { url: server.url, database: 'glassbox' });
  await expect(dialog.getByRole('alert')).toContainText('unreachable');
});

/** Fills Settings → Sync and presses Sync now (which saves the settings and starts sync); returns the dialog. */
async function syncFromSettings(page: Page, sync: SavedSync) {
  await openApp(page);
  const dialog = await openSettings(page, 'Sync');
  await dialog.getByRole('textbox', { name: 'Sync server URL' }).fill(sync.url);
  await dialog.getByRole('textbox', { name: 'Sync database' }).fill(sync.database);
  await dialog.getByRole('textbox', { name: 'Sync user' }).fill(sync.user ?? '');
  await dialog.getByRole('textbox', { name: 'Sync password' }).fill(sync.password ?? '');
  await dialog.getByRole('textbox', { name: 'Sync passphrase' }).fill('correct horse battery staple');
  await dialog.getByRole('checkbox', { name: 'Live sync' }).uncheck();
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  return dialog;
}

test('Settings → Sync names a wrong password user or password', async ({ page }) => {
  server = await startCouchServer({ port: 0, auth: AUTH });
  await createDatabase(server.url, 'glassbox', AUTH);
  const dialog = await syncFromSettings(page, {
    url: server.url,
    database: 'glassbox',
    user: AUTH.user,
    password: 'x',
  });
  await expect(dialog.getByRole('alert')).toContainText('user or password');
  await expect(dialog.getByTestId('sync-status')).toHaveAttribute('data-sync-state', 'error');
  expect(await server.rawDump('glassbox')).not.toContain('keycheck');
});

test('Settings → Sync offers Create database for a missing one, and sync then works', async ({ page }) => {
  test.setTimeout(90_000);
  server = await startCouchServer({ port: 0, auth: AUTH });
  const dialog = await syncFromSettings(page, { url: server.url, database: 'fresh', ...AUTH });
  await expect(dialog.getByRole('alert')).toContainText('database');
  await dialog.getByRole('button', { name: 'Create database' }).click();
  await expect(dialog.getByTestId('sync-status')).toHaveAttribute('data-sync-state', 'idle', { timeout: 60_000 });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(await server.rawDump('fresh')).toContain('keycheck');
});
