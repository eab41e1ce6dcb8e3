import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, openApp, send, test } from './fixtures.ts';
import { expectReady, sessionList } from './persistence-helpers.ts';

/**
 * How the stored messages are damaged: `tool-call` drops the `function` of the assistant's tool calls (its card
 * cannot render: one message fails), `null-message` empties the user's message (the chat cannot build its rows:
 * the whole session fails to render).
 */
type Damage = 'tool-call' | 'null-message';

/** Rewrites the stored messages of every session as `damage` says, straight in IndexedDB (as a bad file or bug would). */
async function damageStoredMessages(page: Page, damage: Damage): Promise<void> {
  await page.evaluate(
    (kind) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('glassbox');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction('messageChunks', 'readwrite');
          const store = transaction.objectStore('messageChunks');
          const all = store.getAll();
          all.onsuccess = () => {
            type Stored = { message: { role: string; tool_calls?: Array<Record<string, unknown>> } | null };
            for (const chunk of all.result as Array<{ messages: Stored[] }>) {
              for (const stored of chunk.messages) {
                const message = stored.message;
                if (kind === 'tool-call' && message?.role === 'assistant') {
                  for (const call of message.tool_calls ?? []) delete call.function;
                }
                if (kind === 'null-message' && message?.role === 'user') stored.message = null;
              }
              store.put(chunk);
            }
          };
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    damage,
  );
}

/** A session with a question, a calculator call and an answer (the offline demo model). */
async function sessionWithToolCall(page: Page): Promise<void> {
  await openApp(page);
  await send(page, 'What is 2+2?');
  await expectRunStatus(page, 'done');
  await expect(page.getByRole('article', { name: 'assistant message' }).last()).toContainText('4');
}

const chat = (page: Page) => page.getByRole('main', { name: 'Chat' });
const crashNotice = (page: Page, part: string) =>
  page.locator(`[data-testid="crash-notice"][data-crash-part="${part}"]`);

test.describe('a crash never locks the user out', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  // Each test runs the model, damages the data and reloads once or twice.
  test.slow();

  test('a message that throws shows what failed in its place; the other messages and the app keep working', async ({
    page,
  }) => {
    await sessionWithToolCall(page);
    await damageStoredMessages(page, 'tool-call');
    await page.reload();
    await expectReady(page);

    const notice = page.getByRole('alert', { name: 'This message could not be shown' });
    await expect(notice).toHaveCount(1);
    await expect(crashNotice(page, 'message')).toHaveCount(1);
    await expect(notice).toContainText('This message could not be shown:');
    await expect(notice).toContainText("reading 'name'");
    // Only that message: the question and the final answer are still there.
    await expect(chat(page).getByRole('article', { name: 'user message' })).toHaveText(/What is 2\+2\?/);
    await expect(chat(page).getByRole('article', { name: 'assistant message' }).last()).toContainText('2+2 = 4');
    await expect(page.getByRole('alert', { name: 'Session that failed to open' })).toHaveCount(0);

    await notice.getByRole('button', { name: 'Copy details' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('TypeError');
    const details = await page.evaluate(() => navigator.clipboard.readText());
    expect(details).toContain("Cannot read properties of undefined (reading 'name')");
    expect(details).toContain('Stack:');
    expect(details).toContain('Component stack:');

    // The app goes on: the trace shows the run, and a new session answers.
    await expect(page.getByRole('tree', { name: 'Span tree' }).locator('[data-span-kind="run"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'New session' }).click();
    await send(page, 'What is 3*3?');
    await expectRunStatus(page, 'done');
    await expect(chat(page).getByRole('article', { name: 'assistant message' }).last()).toContainText('9');
  });

  test('a session that fails to render is not reopened: the next load offers to open, export or delete it', async ({
    page,
  }) => {
    await sessionWithToolCall(page);
    await damageStoredMessages(page, 'null-message');

    // The load that meets it: the chat says what failed, the rest of the app works.
    await page.reload();
    const notice = crashNotice(page, 'chat');
    await expect(notice).toContainText('This session could not be shown');
    await expect(notice.getByRole('button', { name: 'Copy details' })).toBeVisible();
    await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('tree', { name: 'Span tree' })).toBeVisible();

    // The next load opens a new session and offers the one that failed.
    await page.reload();
    await expectReady(page);
    const banner = page.getByRole('alert', { name: 'Session that failed to open' });
    await expect(banner).toContainText('What is 2+2?');
    await expect(crashNotice(page, 'chat')).toHaveCount(0);
    await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      banner.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      sessions: Array<{ title: string }>;
    };
    expect(exported.sessions.map((session) => session.title)).toEqual(['What is 2+2?']);

    await banner.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(banner).toBeHidden();
    await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
    await expect(sessionList(page)).not.toContainText('What is 2+2?');

    // Deleted for good: the next load neither offers it nor fails.
    await page.reload();
    await expectReady(page);
    await expect(page.getByRole('alert', { name: 'Session that failed to open' })).toHaveCount(0);
    await expect(crashNotice(page, 'chat')).toHaveCount(0);
  });

  test('a session that fails when switched to takes only the chat down; switching away brings it back', async ({
    page,
  }) => {
    await sessionWithToolCall(page);
    await page.getByRole('button', { name: 'New session' }).click();
    await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
    await damageStoredMessages(page, 'null-message');

    await sessionList(page).getByRole('button', { name: 'What is 2+2?' }).click();
    await expect(crashNotice(page, 'chat')).toContainText('This session could not be shown');
    await expect(page.getByRole('tree', { name: 'Span tree' })).toBeVisible();

    await sessionList(page).getByRole('button', { name: 'Untitled' }).click();
    await expect(crashNotice(page, 'chat')).toHaveCount(0);
    await expectReady(page);
  });

  test('a second tab does not open the session another tab failed on, and Open anyway still can', async ({ page }) => {
    await sessionWithToolCall(page);
    await damageStoredMessages(page, 'null-message');
    await page.reload();
    await expect(crashNotice(page, 'chat')).toBeVisible();

    const second = await page.context().newPage();
    await second.goto('/');
    await expectReady(second);
    const banner = second.getByRole('alert', { name: 'Session that failed to open' });
    await expect(banner).toContainText('What is 2+2?');

    await banner.getByRole('button', { name: 'Open anyway' }).click();
    await expect(banner).toBeHidden();
    await expect(crashNotice(second, 'chat')).toContainText('This session could not be shown');
  });
});
