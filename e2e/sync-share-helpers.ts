import type { Page, Request } from '@playwright/test';
import { expect, settingsTab } from './fixtures.ts';

export interface SavedSync {
  url: string;
  database: string;
  user?: string;
  password?: string;
}

/**
 * Saves the sync server in Settings → Sync as a person does (server, database, user, password; no passphrase: a
 * share needs none, and without one sync itself stays refused and writes nothing). The app must be open.
 */
export async function saveSyncSettings(page: Page, sync: SavedSync): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = await settingsTab(page, 'Sync');
  await dialog.getByRole('textbox', { name: 'Sync server URL' }).fill(sync.url);
  await dialog.getByRole('textbox', { name: 'Sync database' }).fill(sync.database);
  await dialog.getByRole('textbox', { name: 'Sync user' }).fill(sync.user ?? '');
  await dialog.getByRole('textbox', { name: 'Sync password' }).fill(sync.password ?? '');
  await dialog.getByRole('checkbox', { name: 'Live sync' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Creates a database on the test server (as an admin would, outside the app). */
export async function createDatabase(serverUrl: string, database: string, auth?: { user: string; password: string }) {
  const headers: Record<string, string> = auth
    ? { Authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}` }
    : {};
  const response = await fetch(`${serverUrl}/${database}`, { method: 'PUT', headers });
  expect(response.ok).toBe(true);
}

/** Opens Share session for the active session and returns its dialog. */
export async function openShareDialog(page: Page) {
  // Dispatched, not clicked: while sync retries a refused server, its header status keeps changing and the page's
  // layout never holds still long enough for Playwright's "stable" check (seen with a wrong password, no CORS).
  await page.getByRole('button', { name: 'Share session' }).dispatchEvent('click');
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Every request the page sends to the server: URL, headers and body, for "the key never leaves" checks. */
export function recordRequests(page: Page, serverUrl: string): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().startsWith(serverUrl)) return;
    seen.push(`${request.method()} ${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`);
  });
  return seen;
}
