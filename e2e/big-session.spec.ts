import type { Page } from '@playwright/test';
import { generateSessionFile, lastMessageMarker } from '../bench/session-files.ts';
import { chooseChinese, expect, openApp, test } from './fixtures.ts';
import { spanTree } from './agent-helpers.ts';

/** A session long enough to open from its end (issue 20): 400 messages, 200 runs, 10,500+ spans. */
function longSession() {
  const file = generateSessionFile({
    id: 'sess_e2e_long',
    title: 'Long session',
    messages: 400,
    spans: 10_500,
    seed: 11,
  });
  const session = file.sessions[0];
  if (!session) throw new Error('no session generated');
  const latestRun = session.messages.at(-1)?.runId;
  const latestRunSpans = session.spans.filter((span) => span.runId === latestRun).length;
  return {
    buffer: Buffer.from(JSON.stringify(file)),
    lastMarker: lastMessageMarker(file),
    firstWords: String(session.messages[0]?.message.content ?? '').slice(0, 40),
    olderSpans: session.spans.length - latestRunSpans,
  };
}

const traceStatus = (page: Page) => page.getByRole('complementary', { name: 'Trace' }).getByTestId('trace-older-runs');

async function importAndReopen(page: Page, session: ReturnType<typeof longSession>): Promise<void> {
  await page
    .getByLabel('Import sessions')
    .setInputFiles({ name: 'long.json', mimeType: 'application/json', buffer: session.buffer });
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText(session.lastMarker, { timeout: 30_000 });
  // Shown as an open shows it: the earlier runs are left out of memory until asked for.
  await expect(traceStatus(page)).toBeVisible();
  // The import shows what it wrote; a reload reads the session back from storage, the way it opens from now on.
  await page.reload();
  await expect(log).toContainText(session.lastMarker);
}

interface BarHeightsWindow {
  barHeights?: WeakMap<Element, { entered: number; withButtons?: number }>;
}

/**
 * Runs in the page: notes each message row's height when it enters the list without its buttons, and again when they
 * arrive (a MutationObserver reads the layout right after each change, before anything else moves).
 */
function recordBarHeights(list: Element): void {
  const heights = new WeakMap<Element, { entered: number; withButtons?: number }>();
  (window as unknown as BarHeightsWindow).barHeights = heights;
  const hasButtons = (row: Element) => row.querySelector('button[aria-label="Copy message"]') !== null;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const rows = node.matches('article') ? [node] : [...node.querySelectorAll('article')];
        for (const row of rows) if (!hasButtons(row)) heights.set(row, { entered: row.getBoundingClientRect().height });
        const row = node.closest('article');
        const seen = row ? heights.get(row) : undefined;
        if (row && seen && seen.withButtons === undefined && hasButtons(row)) {
          seen.withButtons = row.getBoundingClientRect().height;
        }
      }
    }
  }).observe(list, { childList: true, subtree: true });
}

// Each test imports a 7 MB session and reads it back: more than the default 30 s on a loaded machine.
test.slow();

test('a long session opens at its latest messages and run; the earlier messages follow and the earlier runs load on request', async ({
  page,
}) => {
  const session = longSession();
  await openApp(page);
  await importAndReopen(page, session);
  const tree = spanTree(page);
  await expect(traceStatus(page)).toHaveText(
    `Showing the latest run. ${session.olderSpans.toLocaleString('en')} earlier spans are not loaded yet; the totals above leave them out.Load earlier runs`,
  );
  await expect(tree.getByRole('treeitem', { name: 'run: Question 200', exact: true })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: 'run: Question 199', exact: true })).toHaveCount(0);

  // Every message is read after the latest ones: the chat scrolls up to the very first.
  const log = page.getByRole('log', { name: 'Messages' });
  await log.evaluate(recordBarHeights);
  await expect
    .poll(async () => {
      await log.evaluate((element) => element.scrollTo({ top: 0 }));
      return log.locator('article').first().textContent();
    })
    .toContain(session.firstWords);
  // The rows that entered during that scroll get their buttons once it settles, in place: the bar kept its height,
  // so the row measures the same before and after (its height read as it entered and as its buttons arrived; the
  // rows' positions are not compared, as the list may still correct them from measurements meanwhile).
  const first = log.locator('article').first();
  await expect(first.getByRole('button', { name: 'Copy message' })).toHaveCount(1);
  await expect(first.getByRole('button', { name: 'Delete turn' })).toHaveCount(1);
  const heights = await first.evaluate((element) => (window as unknown as BarHeightsWindow).barHeights?.get(element));
  expect(heights?.entered).toBeGreaterThan(0);
  expect(heights?.withButtons).toBe(heights?.entered);
  expect(await log.evaluate((element) => element.scrollTop)).toBe(0);

  await traceStatus(page).getByRole('button', { name: 'Load earlier runs' }).click();
  await expect(traceStatus(page)).toHaveCount(0);
  // The view stays at the latest run, now below every earlier one.
  await expect(tree.getByRole('treeitem', { name: 'run: Question 200', exact: true })).toBeVisible();
  await expect(tree).toHaveAttribute('data-virtualized', 'true');
  await tree.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(tree.getByRole('treeitem', { name: 'run: Question 1', exact: true })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: 'run: Question 1', exact: true })).toHaveAttribute(
    'aria-posinset',
    '1',
  );
});

test('in Chinese the long session trace says what is not loaded and loads it', async ({ page }) => {
  const session = longSession();
  await openApp(page);
  await chooseChinese(page);
  await importAndReopen(page, session);
  await expect(traceStatus(page)).toContainText(
    `还有 ${session.olderSpans.toLocaleString('zh-CN')} 个更早的 span 尚未加载`,
  );
  await traceStatus(page).getByRole('button', { name: '加载更早的运行' }).click();
  await expect(traceStatus(page)).toHaveCount(0);
  await spanTree(page).evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(spanTree(page).getByRole('treeitem', { name: 'run: Question 1', exact: true })).toBeVisible();
});
