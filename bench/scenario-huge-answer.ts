import type { Page } from '@playwright/test';
import { contentSse, HUGE_ANSWER_END, hugeMarkdownAnswer } from '../e2e/mock-llm/huge-answer.ts';
import { armed, configureEndpoint, lastInputAt, loadUntilUsable, send, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { waitForStorageQuiet } from './measure-stream.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { frameGaps } from './stats.ts';

/** Characters of the huge answer (issue 35: a 2 MB answer). */
export const HUGE_ANSWER_CHARS = 2_000_000;
/** Tool calls in the flooding response (issue 35: 10,000). */
export const FLOOD_TOOL_CALLS = 10_000;
/** How long frames are watched after a run ended. */
const AFTER_END_MS = 1500;

const longest = (times: readonly number[]) => Math.max(0, ...frameGaps(times));

/** The page's clock now. */
const pageNow = (page: Page) => page.evaluate(() => performance.now());

/**
 * Sends a message whose answer arrives as `enqueue` scripts it and records every frame from the send until
 * AFTER_END_MS after the run ended: the longest frame gap before the end (while it streams and runs) and after it.
 */
async function framesAround(page: Page, prompt: string, done: () => Promise<void>) {
  await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
  const sentAt = await pageNow(page);
  await send(page, prompt);
  await done();
  const endedAt = await pageNow(page);
  await page.waitForTimeout(AFTER_END_MS);
  const times = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
  return {
    during: longest(times.filter((time) => time >= sentAt && time <= endedAt)),
    after: longest(times.filter((time) => time >= endedAt)),
    ms: endedAt - sentAt,
  };
}

/** The run's status shows `status` and the predicate holds on the page, both painted. */
function painted(page: Page, marker: string) {
  return armed(
    page.evaluate(
      (text) =>
        (window as unknown as BenchWindow).__bench.whenPainted(() => {
          const status = document.querySelector('main[aria-label="Chat"] [data-testid="run-status"]');
          if (status?.getAttribute('data-status') !== 'done') return false;
          const articles = document.querySelectorAll('[role="log"][aria-label="Messages"] article');
          return articles[articles.length - 1]?.textContent?.includes(text) ?? false;
        }, 600_000),
      marker,
    ),
  );
}

/**
 * A fresh browser: a 2 MB Markdown answer streamed in (as fast as the server writes it) until its last words are on
 * screen; then a response of 10,000 tool calls (the scripted demo model answers the step after); then the session of
 * that response opened again from the sidebar, from another session.
 */
export async function hugeAnswer(context: BenchContext): Promise<Sample> {
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    await configureEndpoint(page, context.mock.url);

    context.mock.enqueue({ kind: 'sse', body: contentSse(hugeMarkdownAnswer(HUGE_ANSWER_CHARS)) });
    const huge = await framesAround(page, 'Write the longest answer you can.', () =>
      painted(page, HUGE_ANSWER_END).then(() => undefined),
    );
    context.log(
      `    2 MB answer: on screen after ${huge.ms.toFixed(0)} ms; longest frame ${huge.during.toFixed(0)} ms while it streamed, ${huge.after.toFixed(0)} ms after`,
    );
    await waitForStorageQuiet(page);

    await page.getByRole('button', { name: 'New session' }).click();
    const calls = Array.from({ length: FLOOD_TOOL_CALLS }, (_, index) => ({
      name: 'calculator',
      arguments: { expression: `${index}+1` },
    }));
    context.mock.enqueue({ kind: 'reply', toolCalls: calls });
    const requestsBefore = context.mock.requests.length;
    const flood = await framesAround(page, 'Flood of tool calls', async () => {
      // The run is over once the flooding response was asked for and the run shows how it ended (its tool-call
      // budget stops it, or the step after answers).
      while (context.mock.requests.length <= requestsBefore) await page.waitForTimeout(100);
      await page
        .getByRole('main', { name: 'Chat' })
        .getByTestId('run-status')
        .and(page.locator('[data-status="done"], [data-status="stopped"], [data-status="error"]'))
        .waitFor({ timeout: 600_000 });
    });
    context.log(
      `    10,000 tool calls: run over after ${flood.ms.toFixed(0)} ms; longest frame ${flood.during.toFixed(0)} ms during, ${flood.after.toFixed(0)} ms after`,
    );
    await waitForStorageQuiet(page);
    const reopen = await reopenFromSidebar(page, 'Flood of tool calls');
    context.log(`    reopening that session: ${reopen.toFixed(0)} ms`);
    return {
      hugeAnswerStreamMaxFrameMs: huge.during,
      hugeAnswerAfterMaxFrameMs: huge.after,
      toolFloodMaxFrameMs: Math.max(flood.during, flood.after),
      toolFloodReopenMs: reopen,
    };
  } finally {
    await browser.close();
  }
}

/** From a new session, opens the session titled `title` (the one shown now) in the sidebar: click → its tool cards painted. */
async function reopenFromSidebar(page: Page, title: string): Promise<number> {
  const sessionId = await page.getByRole('main', { name: 'Chat' }).getAttribute('data-session-id');
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('log', { name: 'Messages' }).locator('article').first().waitFor({ state: 'detached' });
  await waitForStorageQuiet(page, 200);
  const shown = armed(
    page.evaluate(
      (id) =>
        (window as unknown as BenchWindow).__bench.whenPainted(() => {
          if (document.querySelector('main[aria-label="Chat"]')?.getAttribute('data-session-id') !== id) return false;
          // Its latest rows: the flood's tool cards (the last rows may be tool results).
          return document.querySelector('[role="log"][aria-label="Messages"] [data-tool-status]') !== null;
        }, 120_000),
      sessionId,
    ),
  );
  await page
    .getByRole('complementary', { name: 'Sessions' })
    .getByRole('button', { name: title, exact: true })
    .first()
    .click();
  const shownAt = await shown;
  return shownAt - (await lastInputAt(page));
}
