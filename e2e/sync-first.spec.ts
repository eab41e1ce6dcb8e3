// A first sync of a large history in the built app: the receiving device shows a progress bar with Cancel; cancelled,
// it pauses with part of the history, and Sync now resumes and brings the rest, each session once and whole.
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { chatGptExportChunks, conversationMessages } from '../src/testing/chatgpt-export-fixture.ts';
import { expect } from './fixtures.ts';
import { openSettings } from './settings-helpers.ts';
import { device, storedSession, syncState, syncTest, turnOnSync } from './sync-device-helpers.ts';

const test = syncTest;
const OPTIONS = { conversations: 1500, messagesPerConversation: 4, messageLength: 60 };

// 1,500 sessions imported, sent and received by two apps with PBKDF2 at 600,000 iterations, on a shared machine.
test.describe.configure({ timeout: 240_000 });

/** The sessions the page has stored, and how many messages the one with this title holds. */
async function stored(page: Page, title: string): Promise<{ sessions: number; messages: number }> {
  const { sessions, messages } = await storedSession(page, title);
  return { sessions, messages: messages.length };
}

test('a first sync of a large history shows progress, can be cancelled, and resumes with Sync now', async ({
  browser,
  couch,
}) => {
  const laptop = await device(browser);
  const path = test.info().outputPath('history.json');
  await writeFile(path, [...chatGptExportChunks(OPTIONS)].join(''));
  await laptop.getByLabel('Import sessions').setInputFiles(path);
  await expect(laptop.getByRole('status').filter({ hasText: 'Imported 1500 sessions.' })).toBeVisible({
    timeout: 60_000,
  });
  await turnOnSync(laptop, couch.url);
  await expect(syncState(laptop)).toHaveAttribute('data-sync-state', 'idle', { timeout: 120_000 });
  // The last conversation: its session holds every message of it once the rest has come.
  const last = OPTIONS.conversations - 1;
  const title = `Conversation ${last}`;
  const expected = await stored(laptop, title);
  expect(expected.messages).toBeGreaterThanOrEqual(conversationMessages(OPTIONS, last));

  const phone = await device(browser);
  await turnOnSync(phone, couch.url);
  const bar = phone.getByRole('progressbar', { name: 'Sync progress' });
  await expect(bar).toBeVisible({ timeout: 60_000 });
  await phone.getByRole('button', { name: 'Cancel sync' }).click();
  await expect(syncState(phone)).toHaveAttribute('data-sync-state', 'paused');
  await expect(bar).toBeHidden();
  // What was pulled before Cancel is kept and shown (part of the history, not all of it).
  await expect.poll(async () => (await stored(phone, title)).sessions, { timeout: 30_000 }).toBeGreaterThan(1);
  expect((await stored(phone, title)).sessions).toBeLessThan(expected.sessions);

  const dialog = await openSettings(phone, 'Sync');
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByTestId('sync-status')).toHaveAttribute('data-sync-state', 'idle', { timeout: 120_000 });
  // Every session once (each device also has its own empty one) and the last one whole.
  expect(await stored(phone, title)).toEqual(expected);
});
