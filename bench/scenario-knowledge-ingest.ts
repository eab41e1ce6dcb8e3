import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadUntilUsable, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { frameGaps, quantile } from './stats.ts';
import { writeTextPdf } from './text-pdf.ts';

/** Pages of the generated text PDF (issue 40: "a 1,000-page text PDF"). */
export const KNOWLEDGE_PDF_PAGES = 1_000;

/** The built ingest worker's file, to run pdf.js's own text loop in the same worker code as the ingest. */
async function ingestWorkerUrl(distDir: string): Promise<string> {
  const name = (await readdir(join(distDir, 'assets'))).find((file) => /^ingest-worker-.*\.js$/.test(file));
  if (!name) throw new Error('No ingest worker in the build');
  return `/assets/${name}`;
}

/**
 * Issue 40, ingest: a fresh browser adds a generated 1,000-page text PDF in the Knowledge dialog; the time from the
 * file chosen to the document listed (read, parsed in the worker, split, stored) gives pages per second, compared
 * with pdf.js's own `getTextContent` loop over the same bytes in the same worker code, in the same page and run.
 * The page's frame gaps are recorded while the document is parsed.
 */
export async function knowledgeIngest(context: BenchContext): Promise<Sample> {
  const path = join(context.scratchDir, 'bench-1000-pages.pdf');
  const bytes = await writeTextPdf(path, KNOWLEDGE_PDF_PAGES);
  const workerUrl = await ingestWorkerUrl(context.distDir);
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    const base64 = (await readFile(path)).toString('base64');
    const loopMs = await page.evaluate(
      async ({ url, data }) => {
        const binary = atob(data);
        const buffer = new Uint8Array(binary.length);
        for (let index = 0; index < binary.length; index += 1) buffer[index] = binary.charCodeAt(index);
        const started = performance.now();
        const worker = new Worker(url, { name: 'bench-text-loop' });
        await new Promise<void>((resolve, reject) => {
          worker.onmessage = (event: MessageEvent<{ type: string }>) => {
            if (event.data.type === 'text-loop-done') resolve();
          };
          worker.onerror = (event) => reject(new Error(event.message));
          worker.postMessage({ type: 'text-loop', data: buffer.buffer }, [buffer.buffer]);
        });
        worker.terminate();
        return performance.now() - started;
      },
      { url: workerUrl, data: base64 },
    );

    await page.getByRole('button', { name: 'Knowledge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Knowledge' });
    const input = dialog.getByLabel('Add documents');
    await input.waitFor();
    // The machine's own noise: the idle page's frame gaps for 2 s just before (the machine is shared).
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
    await page.waitForTimeout(2_000);
    const idle = frameGaps(await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames()));
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
    const started = await page.evaluate(() => performance.now());
    await input.setInputFiles(path);
    const listed = dialog
      .getByRole('list', { name: 'Documents' })
      .getByRole('listitem')
      .filter({ hasText: `${KNOWLEDGE_PDF_PAGES} pages` });
    await listed.waitFor({ timeout: 300_000 });
    const done = await page.evaluate(() => performance.now());
    const times = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
    const gaps = frameGaps(times.filter((time) => time >= started && time <= done));
    const longTasks = (await page.evaluate(() => (window as unknown as BenchWindow).__bench.longTasks)).filter(
      (task) => task.start >= started && task.start <= done,
    );
    context.log(
      `    main-thread long tasks while ingesting: ${longTasks.map((task) => `${task.duration.toFixed(0)}@${(task.start - started).toFixed(0)}`).join(', ') || 'none'}`,
    );
    const ingestMs = done - started;
    const knowledgeIngestPagesPerSec = KNOWLEDGE_PDF_PAGES / (ingestMs / 1000);
    const knowledgeTextLoopPagesPerSec = KNOWLEDGE_PDF_PAGES / (loopMs / 1000);
    const knowledgeIngestRatio = knowledgeIngestPagesPerSec / knowledgeTextLoopPagesPerSec;
    const knowledgeIngestFrameP95 = quantile(gaps, 0.95);
    const knowledgeIdleFrameP95 = quantile(idle, 0.95);
    context.log(
      `    ${KNOWLEDGE_PDF_PAGES} pages (${(bytes / 2 ** 20).toFixed(1)} MB): ingest ${ingestMs.toFixed(0)} ms = ${knowledgeIngestPagesPerSec.toFixed(0)} pages/s; pdf.js text loop ${loopMs.toFixed(0)} ms = ${knowledgeTextLoopPagesPerSec.toFixed(0)} pages/s; ratio ${(knowledgeIngestRatio * 100).toFixed(0)}%; frame gap p95 ${knowledgeIngestFrameP95.toFixed(1)} ms, max ${Math.max(...gaps).toFixed(0)} ms (idle page just before: p95 ${knowledgeIdleFrameP95.toFixed(1)} ms)`,
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
