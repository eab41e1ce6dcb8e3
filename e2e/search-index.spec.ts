import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, lastAnswer, openApp, send, test } from './fixtures.ts';
import { expectReady, sessionList } from './persistence-helpers.ts';
import { chatGptExportChunks, type ChatGptExportOptions } from '../src/testing/chatgpt-export-fixture.ts';
import { SEARCH_INDEX_VERSION } from '../src/db/search-index-state.ts';

// The sidebar search reads the full-text index the app keeps in IndexedDB (store `searchIndex`).

/**
 * The sessions the stored index lists for a term (read from the page's real IndexedDB), whether it is complete, and
 * the version its state row names.
 */
async function storedIndex(
  page: Page,
  term: string,
): Promise<{ complete: boolean; sessions: string[]; version?: number }> {
  return page.evaluate(
    (wanted) =>
      new Promise<{ complete: boolean; sessions: string[]; version?: number }>((resolve, reject) => {
        const request = indexedDB.open('glassbox');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const store = db.transaction('searchIndex').objectStore('searchIndex');
          const rows = store.getAll(IDBKeyRange.bound([wanted], [wanted, []]));
          const state = store.get(['', 'state']);
          rows.onsuccess = () => {
            const sessions = [
              ...new Set((rows.result as Array<{ sessions: string[] }>).flatMap((row) => row.sessions)),
            ];
            state.onsuccess = () => {
              const value = state.result as { version?: number; building?: string } | undefined;
              db.close();
              resolve({
                complete: value !== undefined && value.building === undefined,
                sessions,
                ...(value?.version === undefined ? {} : { version: value.version }),
              });
            };
          };
        };
      }),
    term,
  );
}

function searchBox(page: Page) {
  return page.getByRole('complementary', { name: 'Sessions' }).getByRole('searchbox', { name: 'Search sessions' });
}

function snippets(page: Page) {
  return page.getByRole('complementary', { name: 'Sessions' }).getByTestId('search-snippet');
}

/** Opens the app and imports a generated ChatGPT export of these sizes through Import. */
async function importExport(page: Page, options: ChatGptExportOptions): Promise<void> {
  const path = test.info().outputPath('conversations.json');
  await writeFile(path, [...chatGptExportChunks(options)].join(''));
  await openApp(page);
  await page.getByLabel('Import sessions').setInputFiles(path);
  await expect(page.getByRole('status').filter({ hasText: `Imported ${options.conversations} sessions.` })).toBeVisible(
    { timeout: 60_000 },
  );
}

test('a run just finished is in the index and found as it is typed, in English and Chinese, also after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openApp(page);
  // A loaded machine can take longer than the default 10 s for a demo run: wait on the answer itself.
  await send(page, 'The okapi question: what is 6*7?');
  await expect(lastAnswer(page)).toContainText('42', { timeout: 60_000 });
  await page.getByRole('button', { name: 'New session' }).click();
  await send(page, '我在杭州学编程：(1+2)*3 等于多少？');
  await expect(lastAnswer(page)).toContainText('9', { timeout: 60_000 });

  // Written with the step: the index lists the session under the word, and is complete.
  await expect.poll(async () => (await storedIndex(page, 'okapi')).sessions.length).toBe(1);
  expect((await storedIndex(page, 'okapi')).complete).toBe(true);
  // The second run's last step may still be committing when its answer shows.
  await expect.poll(async () => (await storedIndex(page, '杭州')).sessions.length).toBe(1);

  await page.reload();
  await expectReady(page);
  // Each keystroke narrows the list; a prefix finds the word being typed.
  for (const typed of ['oka', 'okap', 'okapi']) {
    await searchBox(page).fill(typed);
    await expect(sessionList(page)).toHaveAttribute('data-count', '1');
    await expect(snippets(page).first()).toContainText('The okapi question');
    await expect(snippets(page).first().locator('mark').first()).toHaveText(typed);
  }
  await searchBox(page).fill('okapix');
  await expect(sessionList(page)).toHaveAttribute('data-count', '0');
  await searchBox(page).fill('杭州');
  await expect(snippets(page)).toHaveCount(1);
  await expect(snippets(page).first().locator('mark')).toHaveText('杭州');
  await snippets(page).first().click();
  await expect(page.locator('[data-highlighted="true"]').getByRole('article', { name: 'user message' })).toContainText(
    '我在杭州学编程',
  );
});

test('an imported ChatGPT export is indexed as it is written and found after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await importExport(page, { conversations: 40, messagesPerConversation: 20, messageLength: 60 });
  // The import's batches wrote the index rows (the word of the first answer of conversation 27 only).
  expect((await storedIndex(page, '27')).sessions.length).toBeGreaterThan(0);
  expect((await storedIndex(page, 'question')).sessions).toHaveLength(40);

  await page.reload();
  await expectReady(page);
  await searchBox(page).fill('answer 27.2');
  await expect(sessionList(page)).toHaveAttribute('data-count', '1');
  await expect(sessionList(page).getByRole('listitem').first()).toContainText('Conversation 27');
  await expect(
    snippets(page)
      .filter({ hasText: /Answer 27\.2\b/u })
      .first(),
  ).toBeVisible();
  await expect(snippets(page).first().locator('mark').first()).toBeVisible();
  // A Chinese conversation (every seventh) came through to the index too.
  await searchBox(page).fill('question 24.1');
  await expect(sessionList(page).getByRole('listitem').first()).toContainText('对话 24');
  await expect(snippets(page).first()).toContainText(/[浏览器会话消息模型工具追踪存储索引搜索导入对话回答]/u);
});

test('an index stored by an older build is rebuilt when the app starts, before anything is searched', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await importExport(page, { conversations: 12, messagesPerConversation: 10, messageLength: 40 });
  expect((await storedIndex(page, 'question')).sessions).toHaveLength(12);
  // As an older build left it: its own version on the state row, none of the rows this build writes.
  await page.evaluate(
    (olderVersion) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('glassbox');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('searchIndex', 'readwrite');
          tx.objectStore('searchIndex').clear();
          tx.objectStore('searchIndex').put({ term: '', bucket: 'state', sessions: [], version: olderVersion });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    SEARCH_INDEX_VERSION - 1,
  );
  expect((await storedIndex(page, 'question')).sessions).toHaveLength(0);

  await page.reload();
  await expectReady(page);
  // Nothing typed: the app rebuilt it once idle.
  await expect.poll(async () => (await storedIndex(page, 'question')).sessions.length, { timeout: 30_000 }).toBe(12);
  await expect
    .poll(async () => {
      const stored = await storedIndex(page, 'question');
      return stored.complete ? stored.version : undefined;
    })
    .toBe(SEARCH_INDEX_VERSION);
  await expect(searchBox(page)).toHaveValue('');
});

test('a long result reads the snippets of the rows on screen first, and of the others as they are scrolled to', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await importExport(page, { conversations: 130, messagesPerConversation: 4, messageLength: 30 });

  await searchBox(page).fill('questio');
  await expect(sessionList(page)).toHaveAttribute('data-count', '130');
  await expect(sessionList(page)).toHaveAttribute('data-virtualized', 'true');
  await expect(sessionList(page)).not.toHaveAttribute('aria-busy');
  // The newest conversation is on top, with its snippets; the oldest is not rendered yet.
  const row = (title: string) =>
    sessionList(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: title, exact: true }) });
  await expect(row('对话 129').getByTestId('search-snippet').first()).toContainText('Question 129.1');
  await expect(row('Conversation 0')).toHaveCount(0);

  // Scrolled to the end: the oldest rows get their snippets, highlighted, and open at the message. Rows grow as their
  // snippets arrive, which moves the end: scroll to it until the last row is there, as a reader dragging down would.
  // Until every row above has its snippets, the last one can be pushed out of the rendered window again: each check
  // scrolls to the end first.
  const snippet = row('Conversation 0').getByTestId('search-snippet').filter({ hasText: 'Question 0.1' });
  const toEnd = () => sessionList(page).evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
  await expect(async () => {
    await toEnd();
    await expect(snippet).toBeVisible({ timeout: 1_000 });
    await expect(snippet.locator('mark').first()).toHaveText('Questio', { timeout: 1_000 });
    await snippet.click({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('[data-highlighted="true"]').getByRole('article', { name: 'user message' })).toContainText(
    'Question 0.1',
  );
});
