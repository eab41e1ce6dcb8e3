import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { loadUntilUsable, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { frameGaps, quantile } from './stats.ts';
import { writeTextPdf } from './text-pdf.ts';

/** Pages of the generated text PDF (issue 40: "a 1,000-page text PDF"). */
export const KNOWLEDGE_PDF_PAGES = 1_000;
/** Rounds of (pdf.js loop, ingest), alternated: on a shared machine the fastest of each is the least disturbed. */
const ROUNDS = 3;

/** The built ingest worker's file, to run pdf.js's own text loop in the same worker code as the ingest. */
async function ingestWorkerUrl(distDir: string): Promise<string> {
  const name = (await readdir(join(distDir, 'assets'))).find((file) => /^ingest-worker-.*\.js$/.test(file));
  if (!name) throw new Error('No ingest worker in the build');
  return `/assets/${name}`;
}

/**
 * pdf.js's own loop (`getTextContent` on every page) over the bytes, in a fresh ingest worker: milliseconds. The
 * page records its frames meanwhile, as it does during an ingest, so both sides carry the same frame loop on the
 * main thread (recorded during the ingest only, it cost the ingest side up to a sixth of its pages per second).
 */
function textLoopMs(page: Page, url: string, base64: string): Promise<number> {
  return page.evaluate(
    async ({ workerUrl, data }) => {
      const binary = atob(data);
      const buffer = new Uint8Array(binary.length);
      for (let index = 0; index < binary.length; index += 1) buffer[index] = binary.charCodeAt(index);
      const probe = (window as unknown as BenchWindow).__bench;
      probe.startFrames();
      const started = performance.now();
      const worker = new Worker(workerUrl, { name: 'bench-text-loop' });
      await new Promise<void>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<{ type: string }>) => {
          if (event.data.type === 'text-loop-done') resolve();
        };
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage({ type: 'text-loop', data: buffer.buffer }, [buffer.buffer]);
      });
      worker.terminate();
      const ms = performance.now() - started;
      probe.stopFrames();
      return ms;
    },
    { workerUrl: url, data: base64 },
  );
}

/**
 * Adds the PDF in the open Knowledge dialog: from the file chosen in the page (the input's change, not Playwright's
 * upload of it) to the first frame painted with its `round`th copy listed (timed in the page: Playwright's own
 * polling checks only every 500 ms after the first), with the frame gaps and main-thread long tasks meanwhile.
 */
async function ingestOnce(page: Page, path: string, round: number) {
  const input = page.getByRole('dialog', { name: 'Knowledge' }).getByLabel('Add documents');
  await page.evaluate(
    ({ copies, label }) => {
      const scope = window as unknown as BenchWindow & { ingestListed?: Promise<number> };
      scope.__bench.startFrames();
      const listed = () =>
        Array.from(document.querySelectorAll('li')).filter((item) => item.textContent?.includes(label)).length >=
        copies;
      scope.ingestListed = scope.__bench.whenPainted(listed, 300_000);
    },
    { copies: round + 1, label: `${KNOWLEDGE_PDF_PAGES} pages` },
  );
  await input.evaluate((element) =>
    element.addEventListener('change', () => ((window as { ingestStart?: number }).ingestStart = performance.now()), {
      once: true,
    }),
  );
  await input.setInputFiles(path);
  const done = await page.evaluate(() => (window as unknown as { ingestListed: Promise<number> }).ingestListed);
  const started = await page.evaluate(() => (window as { ingestStart?: number }).ingestStart ?? Number.NaN);
  const times = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
  const longTasks = (await page.evaluate(() => (window as unknown as BenchWindow).__bench.longTasks)).filter(
    (task) => task.start >= started && task.start <= done,
  );
  return { ms: done - started, gaps: frameGaps(times.filter((time) => time >= started && time <= done)), longTasks };
}

/**
 * The app reloads itself once when its service worker first takes the page (cross-origin isolation for the local
 * model, src/store/actions/app-update.ts): wait for that reload to be over, or it ends the measurement midway.
 */
async function afterIsolationReload(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => crossOriginIsolated && (window as unknown as BenchWindow).__bench?.marks.inputUsable !== undefined,
      null,
      { timeout: 60_000, polling: 100 },
    )
    .catch(() => undefined);
}

/**
 * Issue 40, ingest: a fresh browser adds a generated 1,000-page text PDF in the Knowledge dialog (read, parsed in the
 * worker, split, stored) and runs pdf.js's own `getTextContent` loop over the same bytes in the same worker code,
 * alternately, ROUNDS times each; the fastest of each gives the pages per second compared. The page's frame gaps are
 * recorded while documents are parsed (all rounds), and for 2 s of the idle page first (the machine's own noise).
 */
export async function knowledgeIngest(context: BenchContext): Promise<Sample> {
  const path = join(context.scratchDir, 'bench-1000-pages.pdf');
  const bytes = await writeTextPdf(path, KNOWLEDGE_PDF_PAGES);
  const workerUrl = await ingestWorkerUrl(context.distDir);
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    await afterIsolationReload(page);
    const base64 = (await readFile(path)).toString('base64');
    await page.getByRole('button', { name: 'Knowledge' }).click();
    await page.getByRole('dialog', { name: 'Knowledge' }).getByLabel('Add documents').waitFor();
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
    await page.waitForTimeout(2_000);
    const idle = frameGaps(await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames()));
    const loops: number[] = [];
    const ingests: Array<Awaited<ReturnType<typeof ingestOnce>>> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      loops.push(await textLoopMs(page, workerUrl, base64));
      ingests.push(await ingestOnce(page, path, round));
    }
    const loopMs = Math.min(...loops);
    const ingestMs = Math.min(...ingests.map((ingest) => ingest.ms));
    const gaps = ingests.flatMap((ingest) => ingest.gaps);
    const knowledgeIngestPagesPerSec = KNOWLEDGE_PDF_PAGES / (ingestMs / 1000);
    const knowledgeTextLoopPagesPerSec = KNOWLEDGE_PDF_PAGES / (loopMs / 1000);
    const knowledgeIngestFrameP95 = quantile(gaps, 0.95);
    const knowledgeIdleFrameP95 = quantile(idle, 0.95);
    const rounds = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
    context.log(
      `    ${KNOWLEDGE_PDF_PAGES} pages (${(bytes / 2 ** 20).toFixed(1)} MB): ingest ${rounds(ingests.map((ingest) => ingest.ms))} ms (best ${knowledgeIngestPagesPerSec.toFixed(0)} pages/s); pdf.js text loop ${rounds(loops)} ms (best ${knowledgeTextLoopPagesPerSec.toFixed(0)} pages/s); ratio ${((knowledgeIngestPagesPerSec / knowledgeTextLoopPagesPerSec) * 100).toFixed(0)}%`,
    );
    context.log(
      `    frame gap p95 while ingesting ${knowledgeIngestFrameP95.toFixed(1)} ms, max ${Math.max(...gaps).toFixed(0)} ms (idle page just before: p95 ${knowledgeIdleFrameP95.toFixed(1)} ms); main-thread long tasks per ingest: ${ingests.map((ingest) => ingest.longTasks.length).join(', ')}`,
    );
    return {
      knowledgeIngestPagesPerSec,
      knowledgeTextLoopPagesPerSec,
      knowledgeIngestSlowdown: ingestMs / loopMs,
      knowledgeIngestFrameP95,
      knowledgeIdleFrameP95,
    };
  } finally {
    await browser.close();
  }
}
