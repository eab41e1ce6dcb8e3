import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, settingsTab } from './fixtures.ts';

export function settingsDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Settings' });
}

export async function openSettings(page: Page, tab?: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(settingsDialog(page)).toBeVisible();
  if (tab) await settingsTab(page, tab);
  return settingsDialog(page);
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The settings record as stored in IndexedDB. */
export async function storedSettings(page: Page): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
        const open = indexedDB.open('glassbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('settings', 'readonly').objectStore('settings').get('settings');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            db.close();
            resolve((request.result as { value?: Record<string, unknown> } | undefined)?.value);
          };
        };
      }),
  );
}
