import type { Page, Request } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface SavedSync {
  url: string;
  database: string;
  user?: string;
  password?: string;
}

/**
 * Saves the sync server on this page's browser before the app starts. Interim, until Settings → Sync (sync-core)
 * is merged: src/sync/share-settings.ts reads this record; at the join only this helper changes (fill the tab).
 */
export async function saveSyncSettings(page: Page, sync: SavedSync): Promise<void> {
  await page.addInitScript(
    (value) => {
      localStorage.setItem('glassbox-sync-settings', JSON.stringify(value));
    },
    { user: '', password: '', passphrase: '', live: false, ...sync },
  );
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
  await page.getByRole('button', { name: 'Share session' }).click();
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
