import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, lastAnswer, openApp, test } from './fixtures.ts';
import { activeSession, sessionList } from './persistence-helpers.ts';
import {
  chatGptExportChunks,
  conversationMessages,
  lastAnswerMarker,
  type ChatGptExportOptions,
} from '../src/testing/chatgpt-export-fixture.ts';

/** A generated ChatGPT export in the real shape, plus (optionally) one conversation with no mapping. */
function exportFile(options: ChatGptExportOptions, broken = false): Buffer {
  const text = [...chatGptExportChunks(options)].join('');
  return Buffer.from(broken ? `${text.slice(0, -1)}, {"title": "Lost conversation", "mapping": null}]` : text);
}

/** Chooses the file in Import, written to this test's output folder first (a path is handed over faster than bytes). */
async function upload(page: Page, name: string, buffer: Buffer): Promise<void> {
  const path = test.info().outputPath(name);
  await writeFile(path, buffer);
  await page.getByLabel('Import sessions').setInputFiles(path);
}

// Files of tens of MB are generated, written and read on a shared machine.
test.describe.configure({ timeout: 120_000 });

test('a large ChatGPT export is streamed in a worker: every conversation imported, the skipped one reported', async ({
  page,
}) => {
  const options = { conversations: 60, messagesPerConversation: 40, messageLength: 200 };
  const file = exportFile(options, true);
  expect(file.byteLength).toBeGreaterThan(1024 * 1024);
  await openApp(page);
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
  await upload(page, 'conversations.json', file);

  await expect(page.getByRole('status').filter({ hasText: 'Imported 60 sessions.' })).toBeVisible();
  const report = page.getByRole('status', { name: 'Import report' });
  await expect(report.getByRole('listitem')).toHaveText([
    'conversations.json: "Lost conversation" — the export holds no messages for it (no mapping)',
  ]);
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveCount(0);
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(61);
  // The first conversation is open at its last answer; the hidden system message is not shown.
  await expect(activeSession(page)).toContainText('Conversation 0');
  await expect(lastAnswer(page)).toContainText(lastAnswerMarker(0, conversationMessages(options, 0)));
  // A conversation in Chinese came through whole.
  await sessionList(page).getByRole('button', { name: '对话 3', exact: true }).click();
  await expect(lastAnswer(page)).toContainText(lastAnswerMarker(3, conversationMessages(options, 3)));
  await expect(lastAnswer(page)).toContainText(/[浏览器会话消息模型工具追踪存储索引搜索导入对话回答]{4}/);
});

test('Cancel while a ChatGPT export is written keeps the conversations imported before it, each one whole', async ({
  page,
}) => {
  const options = { conversations: 400, messagesPerConversation: 60, messageLength: 120 };
  await openApp(page);
  await upload(page, 'big.json', exportFile(options));
  // Writing has begun (the bar counts conversations): cancel.
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toHaveAttribute('data-phase', 'write', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel import' }).click();

  const toast = page.getByRole('status').filter({ hasText: /^Import cancelled: \d+ sessions? kept/ });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  const kept = Number(/(\d+) session/.exec((await toast.textContent()) ?? '')?.[1]);
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(options.conversations);
  await expect(bar).toHaveCount(0);
  // A list this long is virtualised: it says how many sessions it holds.
  await expect(sessionList(page)).toHaveAttribute('data-count', String(kept + 1));
  // The last conversation kept (the newest, at the top) is whole: it ends at its own last answer.
  const last = kept - 1;
  await sessionList(page)
    .getByRole('button', { name: `${last % 7 === 3 ? '对话' : 'Conversation'} ${last}`, exact: true })
    .click();
  await expect(lastAnswer(page)).toContainText(lastAnswerMarker(last, conversationMessages(options, last)));

  // After a reload the same sessions are there: nothing was half-written or written later.
  await page.reload();
  await expect(sessionList(page)).toHaveAttribute('data-count', String(kept + 1));
});

test('Cancel while a ChatGPT export is still being checked imports nothing', async ({ page }) => {
  await openApp(page);
  // Cancel is pressed in the page the moment the check shows: a click from the test process could arrive after the
  // check had ended on a loaded machine (the import then keeps what it wrote before Cancel, another case).
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const bar = document.querySelector('progress[aria-label="Import progress"]');
      const cancel = document.querySelector<HTMLButtonElement>('button[aria-label="Cancel import"]');
      if (!cancel || bar?.getAttribute('data-phase') !== 'read') return;
      observer.disconnect();
      (window as { cancelledWhile?: string }).cancelledWhile = 'read';
      cancel.click();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await upload(page, 'big.json', exportFile({ conversations: 800, messagesPerConversation: 60, messageLength: 120 }));
  await expect(page.getByRole('status').filter({ hasText: 'Import cancelled: nothing was imported.' })).toBeVisible();
  expect(await page.evaluate(() => (window as { cancelledWhile?: string }).cancelledWhile)).toBe('read');
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
});

test('a file larger than the free storage is refused before any work, with the numbers', async ({ page }) => {
  // This browser reports 5 MB of quota with 4 MB used.
  await page.addInitScript(() => {
    Object.defineProperty(navigator.storage, 'estimate', {
      value: () => Promise.resolve({ usage: 4_000_000, quota: 5_000_000 }),
    });
  });
  await openApp(page);
  await upload(
    page,
    'conversations.json',
    exportFile({ conversations: 40, messagesPerConversation: 40, messageLength: 200 }),
  );
  await expect(page.getByRole('alert')).toContainText(
    /conversations\.json: the file is \d\.\d MB, more than the 1\.0 MB of storage this browser has free \(4\.0 MB used of 5\.0 MB\)/,
  );
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveCount(0);
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
});

test('hundreds of sessions: the sidebar renders the rows in view, and scrolling reaches and opens the oldest', async ({
  page,
}) => {
  const options = { conversations: 300, messagesPerConversation: 20, messageLength: 100 };
  await openApp(page);
  await upload(page, 'many.json', exportFile(options));
  await expect(page.getByRole('status').filter({ hasText: 'Imported 300 sessions.' })).toBeVisible();
  const list = sessionList(page);
  await expect(list).toHaveAttribute('data-virtualized', 'true');
  await expect(list).toHaveAttribute('data-count', '301');
  expect(await list.getByRole('listitem').count()).toBeLessThan(60);
  // Newest first: the session the app opened with, then the newest conversation; the oldest is at the very end.
  await expect(list.getByRole('listitem').nth(1)).toContainText('Conversation 299');
  const oldest = list.getByRole('button', { name: 'Conversation 0', exact: true });
  await expect(oldest).toHaveCount(0);
  await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await oldest.click();
  await expect(activeSession(page)).toContainText('Conversation 0');
  await expect(lastAnswer(page)).toContainText(lastAnswerMarker(0, conversationMessages(options, 0)));
});
