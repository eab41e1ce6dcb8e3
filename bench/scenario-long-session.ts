import type { Page } from '@playwright/test';
import {
  armed,
  chooseImportFile,
  lastInputAt,
  lastMessagePainted,
  loadUntilUsable,
  send,
  configureEndpoint,
  waitForRunStatus,
  type BenchWindow,
} from './app-driver.ts';
import { heapAfterGc, launchFresh } from './browser.ts';
import { measureStreamedAnswer, waitForStorageQuiet } from './measure-stream.ts';
import type { BenchContext, Sample, SessionFixture } from './scenario-context.ts';
import { frameGaps, quantile } from './stats.ts';

/** Imports a session file through the sidebar; resolves with file chosen → last message painted (ms). */
export async function importAndPaint(page: Page, path: string, marker: string): Promise<number> {
  const painted = lastMessagePainted(page, marker);
  await chooseImportFile(page, path);
  const paintedAt = await painted;
  const changedAt = await page.evaluate(() => {
    const input = (window as unknown as BenchWindow).__bench.lastInput;
    return input?.type === 'change' ? input.at : Number.NaN;
  });
  return paintedAt - changedAt;
}

/**
 * Opens a session from the sidebar (from another, empty session); resolves with click → last message painted, and
 * when `runName` is given, also that run's root and its child spans painted in the span tree.
 */
export async function openFromSidebar(page: Page, fixture: SessionFixture, runName?: string): Promise<number> {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('log', { name: 'Messages' }).locator('article').first().waitFor({ state: 'detached' });
  await waitForStorageQuiet(page, 200);
  const painted = armed(
    page.evaluate(
      ({ text, run }) =>
        (window as unknown as BenchWindow).__bench.whenPainted(() => {
          const articles = document.querySelectorAll('[role="log"][aria-label="Messages"] article');
          if (!(articles[articles.length - 1]?.textContent?.includes(text) ?? false)) return false;
          if (run === null) return true;
          const items = [...document.querySelectorAll('[role="tree"][aria-label="Span tree"] [role="treeitem"]')];
          const root = items.findIndex((item) => item.getAttribute('aria-label') === `run: ${run}`);
          return root >= 0 && items[root + 1]?.getAttribute('aria-level') === '2';
        }),
      { text: fixture.lastMarker, run: runName ?? null },
    ),
  );
  // A re-imported copy has the same title: the first is the one updated last.
  await page
    .getByRole('complementary', { name: 'Sessions' })
    .getByRole('button', { name: fixture.title, exact: true })
    .first()
    .click();
  const paintedAt = await painted;
  return paintedAt - (await lastInputAt(page));
}

/** Scrolls an element from top to bottom over `durationMs` (frame by frame) and returns the frame gap p95. */
export async function scrollTopToBottom(page: Page, selector: string, durationMs: number): Promise<number> {
  const times = await page.evaluate(
    async ({ target, duration }) => {
      const element = document.querySelector(target);
      if (!(element instanceof HTMLElement)) throw new Error(`${target} not found`);
      const probe = (window as unknown as BenchWindow).__bench;
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
      element.scrollTop = 0;
      // Let the top settle (virtual rows measured) before timing the scroll.
      for (let settle = 0; settle < 30; settle += 1) {
        await frame();
        element.scrollTop = 0;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      probe.startFrames();
      const started = await frame();
      for (;;) {
        const at = await frame();
        const progress = Math.min(1, (at - started) / duration);
        element.scrollTop = progress * (element.scrollHeight - element.clientHeight);
        if (progress >= 1 && element.scrollTop + element.clientHeight >= element.scrollHeight - 2) break;
        if (at - started > duration * 4) break;
      }
      await frame();
      return probe.stopFrames();
    },
    { target: selector, duration: durationMs },
  );
  return quantile(frameGaps(times), 0.95);
}

/** The saveStep transactions (sessions + messages + spans + the search index, read-write) started after index `from`. */
export async function stepSaves(
  page: Page,
  from: number,
): Promise<Array<{ syncMs: number; wallMs: number; bytes: number }>> {
  return page.evaluate((start) => {
    return (window as unknown as BenchWindow).__bench.txs
      .slice(start)
      .filter(
        (tx) =>
          tx.mode === 'readwrite' &&
          tx.stores === 'messageChunks,searchIndex,sessions,spanChunks' &&
          tx.end !== undefined &&
          !tx.aborted,
      )
      .map((tx) => ({ syncMs: tx.syncMs, wallMs: (tx.end as number) - tx.start, bytes: tx.bytes }));
  }, from);
}

/**
 * A fresh browser: import the 1,000-message session, open it from another session, measure heap and DOM, scroll
 * it top to bottom, reload with it open, add one message, then stream a 4,000-token answer into it.
 */
export async function longSession(context: BenchContext): Promise<Sample> {
  const fixture = context.fixtures.long1000;
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    await configureEndpoint(page, context.mock.url);
    const sample: Sample = {};

    sample.import1000Ms = await importAndPaint(page, fixture.path, fixture.lastMarker);
    await waitForStorageQuiet(page);
    sample.open1000Ms = await openFromSidebar(page, fixture);
    await page.waitForTimeout(500);
    const dom = await page.evaluate(() => (window as unknown as BenchWindow).__bench.domNodes());
    sample.open1000Nodes = dom.nodes;
    sample.open1000Elements = dom.elements;
    sample.open1000HeapMB = (await heapAfterGc(page)) / (1024 * 1024);
    context.log(
      `    import ${sample.import1000Ms.toFixed(0)} ms, open ${sample.open1000Ms.toFixed(0)} ms, ${dom.nodes} nodes, heap ${sample.open1000HeapMB.toFixed(1)} MB`,
    );

    sample.scroll1000P95 = await scrollTopToBottom(page, '[role="log"][aria-label="Messages"]', 5000);
    sample.reload1000Ms = await loadUntilUsable(page, context.appUrl, true);
    await lastMessagePainted(page, fixture.lastMarker);
    context.log(
      `    scroll p95 ${sample.scroll1000P95.toFixed(1)} ms, reload → usable ${sample.reload1000Ms.toFixed(0)} ms`,
    );

    // Add one message: Enter → the message painted, and the main-thread time of the save that stores it.
    await waitForStorageQuiet(page);
    const reply = `Noted ${Date.now()}.`;
    context.mock.enqueue({ kind: 'reply', content: reply, chunksPerSecond: 200 });
    const txsBefore = await page.evaluate(() => {
      const probe = (window as unknown as BenchWindow).__bench;
      probe.timeIdb = true;
      return probe.txs.length;
    });
    const text = `One more message ${Date.now()}`;
    const painted = lastMessagePainted(page, text);
    await send(page, text);
    const paintedAt = await painted;
    sample.addPaintMs = paintedAt - (await lastInputAt(page));
    // The session said `done` before this run too: its answer painted is what says the run is over.
    await lastMessagePainted(page, reply);
    await waitForRunStatus(page, 'done');
    await waitForStorageQuiet(page);
    await page.evaluate(() => {
      (window as unknown as BenchWindow).__bench.timeIdb = false;
    });
    const firstSave = (await stepSaves(page, txsBefore))[0];
    sample.addSaveMs = firstSave?.syncMs ?? Number.NaN;
    sample.addSaveWallMs = firstSave?.wallMs ?? Number.NaN;
    context.log(
      `    add message: painted ${sample.addPaintMs.toFixed(1)} ms, save ${sample.addSaveMs.toFixed(2)} ms main thread (${sample.addSaveWallMs.toFixed(1)} ms wall)`,
    );

    const stream = await measureStreamedAnswer(page, context.mock, 'And now a long answer, please.');
    sample.streamLongP50 = stream.p50;
    sample.streamLongP95 = stream.p95;
    sample.streamLongMax = stream.max;
    sample.streamLongDropped = stream.dropped;
    sample.writtenPerAnswerKB = stream.writtenBytes / 1024;
    context.log(
      `    stream at 1,000: p50/p95/max ${stream.p50.toFixed(1)}/${stream.p95.toFixed(1)}/${stream.max.toFixed(1)} ms, wrote ${sample.writtenPerAnswerKB.toFixed(1)} KB`,
    );
    return sample;
  } finally {
    await browser.close();
  }
}
