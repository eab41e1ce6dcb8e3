// Two browser contexts are two devices syncing through one CouchDB-protocol server on a loopback port.
import type { Page } from '@playwright/test';
import type { CouchServer } from './couch-server/server.ts';
import { expect, expectRunStatus, send } from './fixtures.ts';
import { activeSession, sessionTitles } from './persistence-helpers.ts';
import { DATABASE, device, storedSession, syncNow, syncState, turnOnSync, syncTest } from './sync-device-helpers.ts';

const test = syncTest;

// Two apps, runs of the demo model and PBKDF2 at 600,000 iterations each, on a shared machine.
test.beforeEach(() => test.setTimeout(150_000));

async function serverDocCount(couch: CouchServer): Promise<number> {
  const info = (await (await fetch(`${couch.url}/${DATABASE}`)).json()) as { doc_count: number };
  return info.doc_count;
}

/** The user messages of the session with this title, in order, as stored in the page's IndexedDB. */
async function storedQuestions(page: Page, title: string): Promise<string[]> {
  const { messages } = await storedSession(page, title);
  return messages.filter((record) => record.message.role === 'user').map((record) => record.message.content);
}

async function addNote(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Memory' }).click();
  const memory = page.getByRole('region', { name: 'Memory' });
  await memory.getByRole('textbox', { name: 'New note' }).fill(text);
  await memory.getByRole('button', { name: 'Add note' }).click();
  await expect(memory.getByRole('list', { name: 'Notes' }).getByText(text)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(memory).toBeHidden();
}

async function notesOf(page: Page) {
  await page.getByRole('button', { name: 'Memory' }).click();
  const memory = page.getByRole('region', { name: 'Memory' });
  return memory.getByRole('list', { name: 'Notes' });
}

test('two devices see the same sessions and notes; the server holds ciphertext only', async ({ browser, couch }) => {
  const laptop = await device(browser);
  await send(laptop, 'What is 12*12?');
  await expectRunStatus(laptop, 'done');
  await addNote(laptop, 'The spare key is under the blue flowerpot');
  await turnOnSync(laptop, couch.url);
  await expect(syncState(laptop)).toHaveAttribute('data-sync-state', 'idle', { timeout: 30_000 });

  const phone = await device(browser);
  await turnOnSync(phone, couch.url);
  await expect(syncState(phone)).toHaveAttribute('data-sync-state', 'idle', { timeout: 30_000 });
  await expect.poll(() => sessionTitles(phone), { timeout: 20_000 }).toContain('What is 12*12?');
  await phone.getByRole('list', { name: 'Session list' }).getByRole('button', { name: 'What is 12*12?' }).click();
  await expect(phone.getByRole('article', { name: 'assistant message' }).last()).toContainText('144');
  await expect((await notesOf(phone)).getByText('The spare key is under the blue flowerpot')).toBeVisible();

  const dump = await couch.rawDump(DATABASE);
  // Base64 ciphertext can hold short digit runs by chance: only distinctive plaintext is looked for.
  const found = ['12*12', 'What is', 'flowerpot', 'spare key', 'calculator'].filter((plain) => dump.includes(plain));
  expect(found).toEqual([]);
});

test('a wrong passphrase is refused before anything is written on either side', async ({ browser, couch }) => {
  const laptop = await device(browser);
  await send(laptop, 'What is 7*6?');
  await expectRunStatus(laptop, 'done');
  await turnOnSync(laptop, couch.url);
  await expect(syncState(laptop)).toHaveAttribute('data-sync-state', 'idle', { timeout: 30_000 });
  const docs = await serverDocCount(couch);

  const phone = await device(browser);
  await send(phone, 'What is 5+5?');
  await expectRunStatus(phone, 'done');
  await turnOnSync(phone, couch.url, 'not the passphrase');
  await expect(syncState(phone)).toHaveAttribute('data-sync-state', 'error', { timeout: 30_000 });
  await expect(phone.getByRole('alert').filter({ hasText: 'passphrase' })).toBeVisible();
  expect(await serverDocCount(couch)).toBe(docs);
  expect(await sessionTitles(phone)).toEqual(['What is 5+5?']);
  // No local sync database was made either.
  const local = await phone.evaluate(async () => (await indexedDB.databases()).map((entry) => entry.name ?? ''));
  expect(local.filter((name) => name.includes('glassbox-sync'))).toEqual([]);
});

test('offline runs on both devices in one session are all kept, in order, none duplicated', async ({
  browser,
  couch,
}) => {
  const laptop = await device(browser);
  await send(laptop, 'What is 1+1?');
  await expectRunStatus(laptop, 'done');
  await turnOnSync(laptop, couch.url);
  await expect(syncState(laptop)).toHaveAttribute('data-sync-state', 'idle', { timeout: 30_000 });
  const phone = await device(browser);
  await turnOnSync(phone, couch.url);
  await expect.poll(() => sessionTitles(phone), { timeout: 30_000 }).toContain('What is 1+1?');
  await phone.getByRole('list', { name: 'Session list' }).getByRole('button', { name: 'What is 1+1?' }).click();
  await expect(activeSession(phone)).toContainText('What is 1+1?');

  await couch.stop();
  await send(phone, 'What is 2+2?');
  await expectRunStatus(phone, 'done');
  await send(laptop, 'What is 3+3?');
  await expectRunStatus(laptop, 'done');
  await couch.start();
  await syncNow(phone);
  await syncNow(laptop);
  await syncNow(phone);

  for (const page of [laptop, phone])
    await expect
      .poll(() => storedQuestions(page, 'What is 1+1?'), { timeout: 20_000 })
      .toEqual(['What is 1+1?', 'What is 2+2?', 'What is 3+3?']);
  // The open session shows what arrived: the newest question of the other device.
  await expect(laptop.getByRole('article', { name: 'user message' }).getByTestId('user-text')).toContainText([
    'What is 2+2?',
    'What is 3+3?',
  ]);
});

test('a title renamed on both devices keeps one and says conflict', async ({ browser, couch }) => {
  const laptop = await device(browser);
  await send(laptop, 'What is 9*9?');
  await expectRunStatus(laptop, 'done');
  await turnOnSync(laptop, couch.url);
  await expect(syncState(laptop)).toHaveAttribute('data-sync-state', 'idle', { timeout: 30_000 });
  const phone = await device(browser);
  await turnOnSync(phone, couch.url);
  await expect.poll(() => sessionTitles(phone), { timeout: 30_000 }).toContain('What is 9*9?');
  await phone.getByRole('list', { name: 'Session list' }).getByRole('button', { name: 'What is 9*9?' }).click();

  await couch.stop();
  for (const [page, title] of [
    [laptop, 'Squares on the laptop'],
    [phone, 'Squares on the phone'],
  ] as const) {
    await activeSession(page).getByRole('button', { name: 'Rename session' }).click();
    const box = page.getByRole('textbox', { name: 'Session title' });
    await box.fill(title);
    await box.press('Enter');
  }
  await couch.start();
  await syncNow(laptop);
  await syncNow(phone);
  await syncNow(laptop);
  // Each device also has the empty session it opened with (not synced: nothing in it).
  const synced = async (page: Page) => (await sessionTitles(page)).filter((title) => title !== 'Untitled');
  const titles = await Promise.all([synced(laptop), synced(phone)]);
  expect(titles[0]).toEqual(titles[1]);
  expect(titles[0]).toHaveLength(1);
  const notice = (page: Page) => page.getByRole('alert').filter({ hasText: 'conflict' });
  // Both devices see the conflict (each resolves it when it pulls the other's revision).
  await expect.poll(async () => (await notice(laptop).count()) + (await notice(phone).count())).toBeGreaterThan(0);
  const shown = (await notice(laptop).count()) > 0 ? notice(laptop) : notice(phone);
  await expect(shown.first()).toContainText(/Squares on the (laptop|phone)/);
});

test('with the server down, changes queue (paused) and go out once it is back; each run is written once', async ({
  browser,
  couch,
}) => {
  const laptop = await device(browser);
  await send(laptop, 'What is 4*4?');
  await expectRunStatus(laptop, 'done');
  await turnOnSync(laptop, couch.url);
  await expect(syncState(laptop)).toHaveAttribute('data-sync-state', 'idle', { timeout: 30_000 });
  const phone = await device(browser);
  await turnOnSync(phone, couch.url);
  await expect.poll(() => sessionTitles(phone), { timeout: 30_000 }).toContain('What is 4*4?');

  await couch.stop();
  await laptop.getByRole('button', { name: 'New session' }).click();
  await send(laptop, 'What is 8*8?');
  await expectRunStatus(laptop, 'done');
  await expect(syncState(laptop)).toHaveAttribute('data-sync-state', 'paused', { timeout: 30_000 });
  await couch.start();
  await syncNow(laptop);
  await expect.poll(() => sessionTitles(phone), { timeout: 30_000 }).toContain('What is 8*8?');
  expect(await storedQuestions(phone, 'What is 8*8?')).toEqual(['What is 8*8?']);

  // Every run on the server is at its first revision: written once, never again.
  const rows = (JSON.parse(await couch.rawDump(DATABASE)) as { rows: Array<{ id: string; value: { rev: string } }> })
    .rows;
  const runs = rows.filter((row) => row.id.startsWith('run:'));
  expect(runs).toHaveLength(2);
  expect(runs.map((row) => row.value.rev.split('-')[0])).toEqual(['1', '1']);
});
