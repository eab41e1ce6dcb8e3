import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, settingsTab, test } from './fixtures.ts';
import { activeSession, expectReady, sessionList } from './persistence-helpers.ts';

test('when IndexedDB cannot be opened the app runs in memory and says nothing is saved', async ({ page }) => {
  await page.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    };
  });
  await openApp(page);
  const alert = page.getByRole('alert').filter({ hasText: 'nothing is being saved' });
  await expect(alert).toContainText('IndexedDB');
  await expect(alert).toContainText('allow site data');

  await send(page, 'What is 21*2?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('42');
  await page.getByRole('button', { name: 'New session' }).click();
  await send(page, 'Remind me to call the plumber');
  await expectRunStatus(page, 'done');
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
  await sessionList(page).getByRole('button', { name: 'What is 21*2?' }).click();
  await expect(lastAnswer(page)).toContainText('42');

  // Export still works, so the user can keep what they did.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export all' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^glassbox-all-sessions-/);
});

test("a database blocked by another tab's older version is explained, and the app works in memory", async ({
  page,
}) => {
  // An "old tab": holds version 1 of the database open and ignores requests to close it.
  await page.addInitScript(() => {
    indexedDB.open('glassbox', 1);
  });
  await openApp(page);
  const alert = page.getByRole('alert').filter({ hasText: 'nothing is being saved' });
  await expect(alert).toContainText('older version');
  await expect(alert).toContainText('Close the other Glassbox tabs');
  await send(page, 'What is 4*4?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('16');
});

test('a full disk is reported with what to do, and the chat goes on', async ({ page }) => {
  await page.addInitScript(() => {
    const failing = (original: (...args: never[]) => IDBRequest) =>
      function (this: IDBObjectStore, ...args: never[]) {
        if ((globalThis as { storageFull?: boolean }).storageFull)
          throw new DOMException('Quota exceeded', 'QuotaExceededError');
        return original.apply(this, args);
      };
    IDBObjectStore.prototype.put = failing(IDBObjectStore.prototype.put);
    IDBObjectStore.prototype.add = failing(IDBObjectStore.prototype.add);
  });
  await openApp(page);
  await send(page, 'What is 3*7?');
  await expectRunStatus(page, 'done');

  await page.evaluate(() => {
    (globalThis as { storageFull?: boolean }).storageFull = true;
  });
  await send(page, 'What is 8*8?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('64');
  const alert = page.getByRole('alert').filter({ hasText: 'storage is full' });
  await expect(alert).toContainText('kept in memory');
  await expect(alert).toContainText('Export or delete old sessions');

  // What could not be written is gone after a reload; what was saved before is intact.
  await page.reload();
  await expectReady(page);
  await expect(page.getByRole('article', { name: 'user message' })).toHaveCount(1);
  await expect(lastAnswer(page)).toContainText('21');
});

/** Makes every put and add fail with QuotaExceededError while `globalThis.storageFull` is true. */
async function fakeFullDisk(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const failing = (original: (...args: never[]) => IDBRequest) =>
      function (this: IDBObjectStore, ...args: never[]) {
        if ((globalThis as { storageFull?: boolean }).storageFull)
          throw new DOMException('Quota exceeded', 'QuotaExceededError');
        return original.apply(this, args);
      };
    IDBObjectStore.prototype.put = failing(IDBObjectStore.prototype.put);
    IDBObjectStore.prototype.add = failing(IDBObjectStore.prototype.add);
  });
}

test('what a full disk refused is kept in memory and saved once deleting an old session frees space', async ({
  page,
}) => {
  await fakeFullDisk(page);
  await openApp(page);
  await send(page, 'What is 3*7?');
  await expectRunStatus(page, 'done');
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);

  await page.evaluate(() => {
    (globalThis as { storageFull?: boolean }).storageFull = true;
  });
  await send(page, 'What is 8*8?');
  await expect(lastAnswer(page)).toContainText('64');
  const alert = page.getByRole('alert').filter({ hasText: 'storage is full' });
  await expect(alert).toContainText('they will be saved when space is free');

  // Space comes back when an old session is deleted: what was kept is written, and the alert goes away.
  await page.evaluate(() => {
    (globalThis as { storageFull?: boolean }).storageFull = false;
  });
  await sessionList(page).getByRole('button', { name: 'What is 3*7?' }).click();
  await expect(lastAnswer(page)).toContainText('21');
  await activeSession(page).getByRole('button', { name: 'Delete session' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
  await expect(alert).toBeHidden();
  await expect(page.getByText('the changes kept in memory are saved')).toBeVisible();

  await page.reload();
  await expectReady(page);
  await expect(page.getByRole('article', { name: 'user message' })).toHaveCount(1);
  await expect(lastAnswer(page)).toContainText('64');
  await expect
    .poll(() => sessionList(page).getByRole('listitem').allInnerTexts())
    .toEqual([expect.stringContaining('What is 8*8?')]);
});

test('Settings shows the storage used, the quota and whether it is persistent', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const storage = (await settingsTab(page, 'Data')).getByRole('region', { name: 'Storage' });
  await expect(storage).toContainText(/\d+(\.\d)? (B|KB|MB|GB) of \d+(\.\d)? (MB|GB|TB) · (persistent|not persistent)/);
  await expect(storage.getByRole('status')).toHaveCount(0);
});

test('past 80% of the quota the user is warned with what to do', async ({ page }) => {
  await page.addInitScript(() => {
    StorageManager.prototype.estimate = async () => ({ usage: 1_700_000_000, quota: 2_000_000_000 });
  });
  await openApp(page);
  await expect(page.getByRole('alert').filter({ hasText: '85% full' })).toContainText('delete old sessions');
  await page.getByRole('button', { name: 'Settings' }).click();
  await settingsTab(page, 'Data');
  const region = page.getByRole('region', { name: 'Storage' });
  await expect(region).toContainText('1.7 GB of 2.0 GB');
  await expect(region.getByRole('status')).toContainText('Export the sessions you want to keep');
});

test('without the storage API the storage line says unknown', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'storage', { get: () => undefined });
  });
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await settingsTab(page, 'Data');
  await expect(page.getByRole('region', { name: 'Storage' })).toContainText(
    'unknown (this browser does not report storage use) · persistence unknown',
  );
});

test('a newer version opened in another tab takes the database: this tab goes on in memory and says so', async ({
  context,
}) => {
  const tab = await context.newPage();
  await openApp(tab);
  await send(tab, 'What is 5+6?');
  await expectRunStatus(tab, 'done');

  const newer = await context.newPage();
  await newer.goto('/favicon.svg');
  await newer.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('glassbox', 99);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      }),
  );

  const alert = tab.getByRole('alert').filter({ hasText: 'newer version' });
  await expect(alert).toContainText('Reload this tab');
  await expect(alert).toContainText('nothing is being saved');
  // What was loaded stays usable: the session is still there, and chatting goes on.
  await expect(lastAnswer(tab)).toContainText('11');
  await send(tab, 'What is 6+7?');
  await expectRunStatus(tab, 'done');
  await expect(lastAnswer(tab)).toContainText('13');
  await expect(tab.getByRole('article', { name: 'user message' })).toHaveCount(2);
});
