import { expect, expectRunStatus, lastAnswer, openApp, send, test } from './fixtures.ts';
import { expectReady, sessionList } from './persistence-helpers.ts';

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
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export all' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^glassbox-all-sessions-/);
});

test('a database blocked by another tab\'s older version is explained, and the app works in memory', async ({ page }) => {
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
        if ((globalThis as { storageFull?: boolean }).storageFull) throw new DOMException('Quota exceeded', 'QuotaExceededError');
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
  await expect(alert).toContainText('Export and delete old sessions');

  // What could not be written is gone after a reload; what was saved before is intact.
  await page.reload();
  await expectReady(page);
  await expect(page.getByRole('article', { name: 'user message' })).toHaveCount(1);
  await expect(lastAnswer(page)).toContainText('21');
});

test('a newer version opened in another tab takes the database: this tab goes on in memory and says so', async ({ context }) => {
  const tab = await context.newPage();
  await openApp(tab);
  await send(tab, 'What is 5+6?');
  await expectRunStatus(tab, 'done');

  const newer = await context.newPage();
  await newer.goto('/favicon.svg');
  await newer.evaluate(() => new Promise<void>((resolve, reject) => {
    const request = indexedDB.open('glassbox', 99);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  }));

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
