// A file attached to a session, or removed from it, reaches the other device by itself: no message is sent after it.
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, send } from './fixtures.ts';
import { sessionTitles } from './persistence-helpers.ts';
import { device, syncNow, syncState, turnOnSync, syncTest } from './sync-device-helpers.ts';

const test = syncTest;

// Two apps and PBKDF2 at 600,000 iterations each, on a shared machine.
test.beforeEach(() => test.setTimeout(150_000));

const chat = (page: Page) => page.getByRole('main', { name: 'Chat' });
const chips = (page: Page) => chat(page).getByRole('list', { name: 'Attached files' }).getByRole('listitem');

test('a file attached on one device appears on the other, and its removal follows', async ({ browser, couch }) => {
  const laptop = await device(browser);
  await send(laptop, 'What is 12*12?');
  await expectRunStatus(laptop, 'done');
  await turnOnSync(laptop, couch.url);
  const phone = await device(browser);
  await turnOnSync(phone, couch.url);
  await expect(syncState(phone)).toHaveAttribute('data-sync-state', 'idle', { timeout: 30_000 });
  await expect.poll(() => sessionTitles(phone), { timeout: 20_000 }).toContain('What is 12*12?');

  const chooser = laptop.waitForEvent('filechooser');
  await chat(laptop).getByRole('button', { name: 'Attach files' }).click();
  await (
    await chooser
  ).setFiles({ name: 'sales.csv', mimeType: 'text/csv', buffer: Buffer.from('month,revenue\nJan,120\n') });
  await expect(chips(laptop)).toHaveText([/sales\.csv/]);
  await syncNow(laptop);
  await syncNow(phone);
  await phone.getByRole('list', { name: 'Session list' }).getByRole('button', { name: 'What is 12*12?' }).click();
  await expect(chips(phone)).toHaveText([/sales\.csv/]);

  await chat(laptop).getByRole('button', { name: 'Remove sales.csv' }).click();
  await expect(chips(laptop)).toHaveCount(0);
  await syncNow(laptop);
  await syncNow(phone);
  // The phone's open session is reloaded with what came.
  await expect(chips(phone)).toHaveCount(0);
});

test('a 9 MB data file, over CouchDB’s 8 MB document limit, reaches the other device whole', async ({
  browser,
  couch,
}) => {
  const laptop = await device(browser);
  await send(laptop, 'What is 12*12?');
  await expectRunStatus(laptop, 'done');
  const row = 'day,station,reading\n2026-01-01,north,12.5\n';
  const text = row.repeat(Math.ceil(9_000_000 / row.length));
  const chooser = laptop.waitForEvent('filechooser');
  await chat(laptop).getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: 'readings.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await expect(chips(laptop)).toHaveText([/readings\.csv/]);
  await turnOnSync(laptop, couch.url);
  await expect(syncState(laptop)).toHaveAttribute('data-sync-state', 'idle', { timeout: 60_000 });

  const phone = await device(browser);
  await turnOnSync(phone, couch.url);
  await expect(syncState(phone)).toHaveAttribute('data-sync-state', 'idle', { timeout: 60_000 });
  await expect.poll(() => sessionTitles(phone), { timeout: 30_000 }).toContain('What is 12*12?');
  await phone.getByRole('list', { name: 'Session list' }).getByRole('button', { name: 'What is 12*12?' }).click();
  await expect(chips(phone)).toHaveText([/readings\.csv/]);
  const stored = await phone.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const request = indexedDB.open('glassbox');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const all = request.result.transaction('attachments').objectStore('attachments').getAll();
          all.onsuccess = () => resolve((all.result as Array<{ text: string }>).map((file) => file.text.length));
          all.onerror = () => reject(all.error);
        };
      }),
  );
  expect(stored).toEqual([text.length]);
});
