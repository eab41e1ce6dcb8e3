import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { armed, configureEndpoint, lastInputAt, loadUntilUsable, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { waitForStorageQuiet } from './measure-stream.ts';
import type { BenchContext, Sample, SessionFixture } from './scenario-context.ts';
import { importAndPaint, openFromSidebar, scrollTopToBottom } from './scenario-long-session.ts';
import { generateSessionFile, lastMessageMarker } from './session-files.ts';
import { medianSave, stepSaveRounds } from './scenario-spans-session.ts';
import { median } from './stats.ts';

/** Issue 20's big session: 10,000 messages and 50,000 spans, in our own export format. */
export async function writeBigSession(directory: string): Promise<SessionFixture & { spans: number }> {
  const file = generateSessionFile({
    id: 'sess_bench_big',
    title: 'Bench 10,000 messages',
    messages: 10_000,
    spans: 50_000,
    seed: 60_000,
  });
  const path = join(directory, 'sess_bench_big.json');
  await writeFile(path, JSON.stringify(file));
  return {
    path,
    title: 'Bench 10,000 messages',
    lastMarker: lastMessageMarker(file),
    messages: 10_000,
    spans: file.sessions[0]?.spans.length ?? 0,
  };
}

/** Starts counting the bytes handed to IndexedDB `put`/`add` (the probe's UTF-8 JSON size of each value). */
const countFrom = (page: Page) =>
  page.evaluate(() => {
    const probe = (window as unknown as BenchWindow).__bench;
    probe.countBytes = true;
    return probe.txs.length;
  });

/** The bytes written by the read-write transactions since `from`. */
const bytesSince = (page: Page, from: number) =>
  page.evaluate(
    (start) =>
      (window as unknown as BenchWindow).__bench.txs
        .slice(start)
        .reduce((total, tx) => total + (tx.mode === 'readwrite' ? tx.bytes : 0), 0),
    from,
  );

/**
 * The trace of a session this long opens at its latest run: Load earlier runs reads the others. Resolves with click →
 * the tree holding every run painted (the notice gone, the first run's row rendered at the top once scrolled there).
 */
async function loadEarlierRuns(page: Page, spans: number): Promise<number> {
  const painted = armed(
    page.evaluate(
      (total) =>
        (window as unknown as BenchWindow).__bench.whenPainted(() => {
          const tree = document.querySelector('[role="tree"][aria-label="Span tree"]');
          const trace = document.querySelector('aside[aria-label="Trace"]');
          if (!(tree instanceof HTMLElement) || !trace || trace.querySelector('[data-testid="trace-older-runs"]'))
            return false;
          // Every run is a root row: the tree is now far taller than the latest run's dozen rows.
          return tree.scrollHeight > Math.min(total, 2000) * 4;
        }),
      spans,
    ),
  );
  await page.getByRole('button', { name: 'Load earlier runs' }).click();
  const paintedAt = await painted;
  return paintedAt - (await lastInputAt(page));
}

/**
 * A fresh browser: bytes written per message (importing the 1,000-message session, no spans), then the 10,000-message
 * / 50,000-span session imported (bytes per span: what it wrote beyond its messages), opened from another session
 * (latest messages and run spans painted), its chat scrolled top to bottom, its earlier runs loaded (Load earlier
 * runs) and its span tree scrolled; then opened once more after a reload, read from storage.
 */
export async function bigSession(context: BenchContext): Promise<Sample> {
  const big = context.fixtures.bigSession;
  if (!big) throw new Error('The 10,000-message session was not written');
  const { long1000, small20 } = context.fixtures;
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    await configureEndpoint(page, context.mock.url);
    const sample: Sample = {};
    let from = await countFrom(page);
    await importAndPaint(page, long1000.path, long1000.lastMarker);
    await waitForStorageQuiet(page);
    sample.bytesPerMessage = (await bytesSince(page, from)) / long1000.messages;
    from = await countFrom(page);
    sample.import10kMs = await importAndPaint(page, big.path, big.lastMarker);
    await waitForStorageQuiet(page);
    sample.bytesPerSpan = ((await bytesSince(page, from)) - sample.bytesPerMessage * big.messages) / big.spans;
    await page.evaluate(() => {
      (window as unknown as BenchWindow).__bench.countBytes = false;
    });
    sample.open10kMs = await openFromSidebar(page, big, `Question ${big.messages / 2}`);
    sample.scroll10kChatP95 = await scrollTopToBottom(page, '[role="log"][aria-label="Messages"]', 5000);
    sample.olderRuns10kMs = await loadEarlierRuns(page, big.spans);
    sample.scroll10kSpanP95 = await scrollTopToBottom(page, '[role="tree"][aria-label="Span tree"]', 3000);
    // The open above finds the session still in memory from its import; after a reload it is read from storage.
    await page.getByRole('button', { name: 'New session' }).click();
    await waitForStorageQuiet(page, 200);
    await loadUntilUsable(page, context.appUrl, true);
    sample.open10kAfterReloadMs = await openFromSidebar(page, big, `Question ${big.messages / 2}`);
    // A step's save in this session against one at 20 messages (issue 20 item 3), as the spans-session scenario
    // measures it at 2,000.
    await importAndPaint(page, small20.path, small20.lastMarker);
    await waitForStorageQuiet(page);
    await openFromSidebar(page, big);
    const saves = await stepSaveRounds(context, page, big, small20);
    sample.stepSaveRatio10k = median(saves.ratios);
    sample.stepSave10kMs = medianSave(saves.big, 'syncMs');
    sample.stepSaveWall10kMs = medianSave(saves.big, 'wallMs');
    context.log(
      `    10,000/${big.spans}: import ${sample.import10kMs.toFixed(0)} ms, open ${sample.open10kMs.toFixed(0)} ms (after a reload ${sample.open10kAfterReloadMs.toFixed(0)} ms), chat scroll p95 ${sample.scroll10kChatP95.toFixed(1)} ms, earlier runs loaded ${sample.olderRuns10kMs.toFixed(0)} ms, span scroll p95 ${sample.scroll10kSpanP95.toFixed(1)} ms; ${sample.bytesPerMessage.toFixed(0)} B per message, ${sample.bytesPerSpan.toFixed(0)} B per span`,
    );
    return sample;
  } finally {
    await browser.close();
  }
}
