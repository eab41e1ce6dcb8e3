import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';
import { activeSession, sessionList, sessionTitles } from './persistence-helpers.ts';
import { chatGptExportChunks } from '../src/testing/chatgpt-export-fixture.ts';

// An active search follows the data: the results change when sessions are added (an import), renamed or deleted
// (here or in another tab), without the query being typed again.

const CONVERSATIONS = 300;

function searchBox(page: Page) {
  return page.getByRole('complementary', { name: 'Sessions' }).getByRole('searchbox', { name: 'Search sessions' });
}

function noMatch(page: Page) {
  return sessionList(page).getByText('No sessions match.');
}

test('a query typed before an import shows the imported session, and another tab’s rename and delete update it', async ({
  context,
}) => {
  test.slow();
  // About 2 MB: parsed and written by the import worker, as a large export is.
  const path = test.info().outputPath('conversations.json');
  await writeFile(
    path,
    [...chatGptExportChunks({ conversations: CONVERSATIONS, messagesPerConversation: 8, messageLength: 120 })].join(''),
  );
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await openApp(tabA);
  await openApp(tabB);

  // Typed before the import: nothing matches yet, in either tab.
  await searchBox(tabA).fill('Conversation 123');
  await searchBox(tabB).fill('Conversation 124');
  await expect(noMatch(tabA)).toBeVisible();
  await expect(noMatch(tabB)).toBeVisible();

  await tabA.getByLabel('Import sessions').setInputFiles(path);
  await expect(tabA.getByRole('status').filter({ hasText: `Imported ${CONVERSATIONS} sessions.` })).toBeVisible({
    timeout: 60_000,
  });
  // The sessions landed: each tab's search shows its session first, the query untouched.
  await expect.poll(async () => (await sessionTitles(tabA))[0], { timeout: 30_000 }).toBe('Conversation 123');
  await expect.poll(async () => (await sessionTitles(tabB))[0], { timeout: 30_000 }).toBe('Conversation 124');
  await expect(searchBox(tabA)).toHaveValue('Conversation 123');
  await expect(searchBox(tabB)).toHaveValue('Conversation 124');

  // Tab B renames its session away from the query: its own results and tab A's (after B's notice) follow.
  await searchBox(tabB).fill('Conversation 123');
  await expect.poll(async () => (await sessionTitles(tabB))[0]).toBe('Conversation 123');
  await sessionList(tabB).getByRole('button', { name: 'Conversation 123', exact: true }).click();
  await activeSession(tabB).getByRole('button', { name: 'Rename session' }).click();
  await tabB.getByRole('textbox', { name: 'Session title' }).fill('Okapi notes');
  await tabB.getByRole('textbox', { name: 'Session title' }).press('Enter');
  await expect.poll(async () => (await sessionTitles(tabA)).includes('Conversation 123')).toBe(false);
  await expect.poll(async () => (await sessionTitles(tabB)).includes('Conversation 123')).toBe(false);
  await expect(searchBox(tabA)).toHaveValue('Conversation 123');

  // Tab B deletes a session tab A's query matches: it leaves tab A's results.
  await searchBox(tabA).fill('Conversation 12');
  await expect.poll(async () => (await sessionTitles(tabA))[0]).toBe('Conversation 12');
  await searchBox(tabB).fill('Conversation 12');
  await expect.poll(async () => (await sessionTitles(tabB))[0]).toBe('Conversation 12');
  await sessionList(tabB).getByRole('button', { name: 'Conversation 12', exact: true }).click();
  await activeSession(tabB).getByRole('button', { name: 'Delete session' }).click();
  await tabB.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => (await sessionTitles(tabA)).includes('Conversation 12')).toBe(false);
  await expect(searchBox(tabA)).toHaveValue('Conversation 12');
  expect((await sessionTitles(tabA)).length).toBeGreaterThan(5);
});
