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

/** A message record as the page stores it (a few per `messageChunks` record). */
export interface StoredMessage {
  seq: number;
  message: { role: string; content: string };
}

/** How many sessions the page has stored, and the messages of the one with this title (read from its IndexedDB). */
export function storedSession(page: Page, title: string): Promise<{ sessions: number; messages: StoredMessage[] }> {
  return page.evaluate(
    (wanted) =>
      new Promise<{ sessions: number; messages: StoredMessage[] }>((resolve, reject) => {
        const open = indexedDB.open('glassbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['sessions', 'messageChunks'], 'readonly');
          const all = tx.objectStore('sessions').getAll();
          all.onsuccess = () => {
            const sessions = all.result as Array<{ id: string; title: string }>;
            const session = sessions.find((each) => each.title === wanted);
            if (!session) return resolve({ sessions: sessions.length, messages: [] });
            const range = IDBKeyRange.bound([session.id, -Infinity], [session.id, Infinity]);
            const chunks = tx.objectStore('messageChunks').getAll(range);
            chunks.onsuccess = () => {
              db.close();
              const messages = (chunks.result as Array<{ messages: StoredMessage[] }>).flatMap(
                (chunk) => chunk.messages,
              );
              resolve({ sessions: sessions.length, messages: messages.sort((a, b) => a.seq - b.seq) });
            };
          };
        };
      }),
    title,
  );
}
