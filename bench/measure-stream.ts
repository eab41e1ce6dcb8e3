import type { Page } from '@playwright/test';
import type { MockLlmServer } from '../e2e/mock-llm/server.ts';
import { fillerPieces } from '../e2e/mock-llm/behaviours.ts';
import { armed, longWork, send, waitForRunStatus, type BenchWindow } from './app-driver.ts';
import type { ProbeTransaction } from './page-probe.ts';
import { droppedFrames, frameGaps, quantile } from './stats.ts';

/** Tokens streamed per answer and their rate (issue 9: 4,000 tokens at 200 chunks/s). */
export const STREAM_TOKENS = 4000;
export const STREAM_CHUNKS_PER_SECOND = 200;

/** What one streamed answer measured. */
export interface StreamSample {
  p50: number;
  p95: number;
  max: number;
  dropped: number;
  /** Frames recorded between the first and the last token painted. */
  frames: number;
  lastByteToScreenMs: number;
  /** Bytes handed to IndexedDB put/add from the send until everything was saved. */
  writtenBytes: number;
  longTaskMs: number;
}

/** Waits until IndexedDB has had no transaction in flight for `quietMs`. */
export async function waitForStorageQuiet(page: Page, quietMs = 300, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const quiet = await page.evaluate((quietFor) => {
      const txs = (window as unknown as BenchWindow).__bench.txs;
      const last = txs.reduce((latest, tx) => Math.max(latest, tx.end ?? Number.POSITIVE_INFINITY, tx.start), 0);
      return performance.now() - last >= quietFor;
    }, quietMs);
    if (quiet) return;
    if (Date.now() - started > timeoutMs) throw new Error('IndexedDB did not go quiet');
    await page.waitForTimeout(100);
  }
}

/**
 * Sends a message that the scripted server answers with 4,000 tokens at 200 chunks/s, and measures the frame gaps
 * while the answer streams in (first token painted → last token painted), the time from the server's last byte to
 * the last token painted, and what the app wrote to IndexedDB for the answer.
 */
export async function measureStreamedAnswer(page: Page, mock: MockLlmServer, prompt: string): Promise<StreamSample> {
  const expected = fillerPieces(STREAM_TOKENS).join('').trimEnd().length;
  mock.enqueue({ kind: 'reply', tokens: STREAM_TOKENS, chunksPerSecond: STREAM_CHUNKS_PER_SECOND });
  const timingsBefore = mock.timings.length;
  const txsBefore = await page.evaluate(() => {
    const probe = (window as unknown as BenchWindow).__bench;
    probe.countBytes = true;
    probe.startFrames();
    return probe.txs.length;
  });
  const painted = armed(
    page.evaluate((length) => {
      const probe = (window as unknown as BenchWindow).__bench;
      const lastText = () => {
        const articles = document.querySelectorAll(
          '[role="log"][aria-label="Messages"] article[data-message-role="assistant"]',
        );
        return articles[articles.length - 1]?.querySelector('[data-testid="message-text"]')?.textContent ?? '';
      };
      const first = probe.whenPainted(() => {
        const streamingText =
          document.querySelector('article[data-streaming="true"] [data-testid="message-text"]')?.textContent ?? '';
        return streamingText.trim().length > 0;
      }, 120_000);
      const last = probe.whenPainted(() => lastText().trimEnd().length >= length, 180_000);
      return Promise.all([first, last]).then(([firstAt, lastAt]) => ({
        firstAt,
        lastAt,
        origin: performance.timeOrigin,
      }));
    }, expected),
  );
  await send(page, prompt);
  const { firstAt, lastAt, origin } = await painted;
  const times = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
  const gaps = frameGaps(times.filter((time) => time >= firstAt && time <= lastAt));
  await waitForRunStatus(page, 'done');
  await waitForStorageQuiet(page);
  const answer = mock.timings
    .slice(timingsBefore)
    .filter((timing) => !timing.routed)
    .at(-1);
  if (answer?.lastByteAt === undefined) throw new Error('The scripted server did not finish the answer');
  const txs: ProbeTransaction[] = await page.evaluate((from) => {
    const probe = (window as unknown as BenchWindow).__bench;
    probe.countBytes = false;
    return probe.txs.slice(from).map((tx) => ({ ...tx }));
  }, txsBefore);
  const work = await longWork(page, firstAt, lastAt);
  return {
    p50: quantile(gaps, 0.5),
    p95: quantile(gaps, 0.95),
    max: gaps.length ? Math.max(...gaps) : Number.NaN,
    dropped: droppedFrames(gaps),
    frames: gaps.length + 1,
    lastByteToScreenMs: lastAt - (answer.lastByteAt - origin),
    writtenBytes: txs.filter((tx) => tx.mode === 'readwrite').reduce((total, tx) => total + tx.bytes, 0),
    longTaskMs: work.longTaskMs,
  };
}

/** Frame gaps on the idle app for `durationMs`: how noisy the machine is right now. */
export async function idleFrameP95(page: Page, durationMs = 1500): Promise<number> {
  const times = await page.evaluate(async (duration) => {
    const probe = (window as unknown as BenchWindow).__bench;
    probe.startFrames();
    await new Promise((resolve) => setTimeout(resolve, duration));
    return probe.stopFrames();
  }, durationMs);
  return quantile(frameGaps(times), 0.95);
}
