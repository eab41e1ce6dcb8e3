import type { Page } from '@playwright/test';
import { configureEndpoint, loadUntilUsable, send, waitForRunStatus, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { idleFrameP95, waitForStorageQuiet } from './measure-stream.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { frameGaps, median, quantile } from './stats.ts';

/** Issue 38's experiment: 200 item runs per variant (the 5 demo items × 40 repetitions), 2 variants, 4 at once. */
const REPETITIONS = 40;
const ITEMS = 5;
const VARIANTS = 2;
const CONCURRENCY = 4;
/** Every run is one streamed answer of this many tokens (chat runs and experiment runs alike). */
const REPLY = { kind: 'reply', tokens: 40, chunksPerSecond: 200 } as const;
const CHAT_RUNS = 8;
/** The grid opened: 5,000 items × 2 variants. */
const GRID_ITEMS = 5000;

/** Durations of the active session's runs (their root spans), from storage. */
async function runDurations(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    type StoredSpan = { spanId: string; runId: string; startTime: number; endTime?: number };
    const spans = (await (window as unknown as BenchWindow).__bench.storedSpans()) as StoredSpan[];
    return spans
      .filter((span) => span.spanId === span.runId && span.endTime !== undefined)
      .map((span) => (span.endTime as number) - span.startTime);
  });
}

/** Writes an experiment of `items` × 2 scored cells straight into IndexedDB (as a finished experiment is stored). */
async function storeBigExperiment(page: Page, items: number): Promise<void> {
  await page.evaluate(async (count) => {
    const request = indexedDB.open('glassbox');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const datasetItems = Array.from({ length: count }, (_, index) => ({
      id: `grid_item_${index}`,
      datasetId: 'grid',
      input: `grid item ${index + 1}: what is ${index} + ${index}?`,
      expected: String(index * 2),
      createdAt: 0,
    }));
    const cells = datasetItems.flatMap((_, itemIndex) =>
      [0, 1].map((variant) => {
        const pass = (itemIndex + variant) % 3 !== 0;
        return {
          key: `${itemIndex}:${variant}:0`,
          itemIndex,
          variant,
          repetition: 0,
          status: 'done',
          runId: `run_grid_${itemIndex}_${variant}`,
          sessionId: `sess_grid_${itemIndex}_${variant}`,
          answer: pass ? String(itemIndex * 2) : 'not sure',
          scores: [
            {
              scorer: 'contains',
              name: 'Contains expected',
              value: pass ? 1 : 0,
              pass,
              reason: pass ? 'Contains it' : 'Does not contain it',
            },
          ],
          pass,
          score: pass ? 1 : 0,
          costUsd: 0.0001,
          tokens: 120,
          latencyMs: 800,
          steps: 1,
        };
      }),
    );
    const record = {
      id: 'exp_bench_grid',
      name: 'Bench grid',
      createdAt: Date.now() + 1e9,
      updatedAt: Date.now(),
      status: 'done',
      config: {
        datasetId: 'grid',
        datasetName: 'Bench grid',
        items: datasetItems,
        scorers: [{ kind: 'contains', enabled: true }],
        variants: [0, 1].map(() => ({
          model: '',
          protocol: 'tools',
          systemPrompt: '',
          delegation: false,
          answerCheck: false,
          temperature: null,
        })),
        repetitions: 1,
        concurrency: 4,
        costCap: null,
      },
      cells,
    };
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('experiments', 'readwrite');
      tx.objectStore('experiments').put(record);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, items);
}

/** Click `Evals` → the results grid of the 10,000-cell experiment painted with its pass rates. */
async function openGrid(page: Page): Promise<number> {
  const painted = page.evaluate(() =>
    (window as unknown as BenchWindow).__bench.whenPainted(() => {
      const table = document.querySelector('table[aria-label="Experiment results"]');
      return Boolean(
        table?.textContent?.includes('grid item 1:') && document.querySelector('[data-testid="pass-rate"]'),
      );
    }, 30_000),
  );
  await page.getByRole('button', { name: 'Evals' }).click();
  const paintedAt = await painted;
  const clickedAt = await page.evaluate(() => (window as unknown as BenchWindow).__bench.lastInput?.at ?? 0);
  return paintedAt - clickedAt;
}

async function runExperiment(page: Page, context: BenchContext): Promise<{ gaps: number[]; wallMs: number }> {
  const dialog = page.getByRole('dialog', { name: 'Evals' });
  await dialog.getByRole('button', { name: 'New experiment' }).click();
  for (const n of [1, 2])
    await dialog
      .getByRole('group', { name: `Variant ${n}` })
      .getByRole('combobox', { name: 'Protocol' })
      .selectOption('tools');
  await dialog.getByRole('spinbutton', { name: 'Repetitions' }).fill(String(REPETITIONS));
  await dialog.getByRole('spinbutton', { name: 'Concurrency' }).fill(String(CONCURRENCY));
  context.mock.enqueue(...Array.from({ length: ITEMS * REPETITIONS * VARIANTS }, () => REPLY));
  await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Run experiment' }).click();
  await dialog.getByRole('button', { name: 'Stop experiment' }).waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: 'Stop experiment' }).waitFor({ state: 'hidden', timeout: 600_000 });
  const wallMs = Date.now() - started;
  const times = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
  return { gaps: frameGaps(times), wallMs };
}

/** The latencies of the experiment's cells (each cell's run, options built to run ended), from storage. */
async function cellLatencies(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const request = indexedDB.open('glassbox');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const records = await new Promise<Array<{ id: string; cells: Array<{ status: string; latencyMs: number }> }>>(
      (resolve, reject) => {
        const all = db.transaction('experiments').objectStore('experiments').getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      },
    );
    db.close();
    const run = records.find((record) => record.id !== 'exp_bench_grid');
    return (run?.cells ?? []).filter((cell) => cell.status === 'done').map((cell) => cell.latencyMs);
  });
}

/**
 * Issue 38's speed: plain chat runs of one streamed answer give the baseline; an experiment of 200 items × 2 variants
 * at concurrency 4 runs the same exchange per cell (frame gaps recorded while it runs); per-item overhead is the
 * median cell run time over the median chat run time, minus one. Then a stored 10,000-cell experiment is opened.
 */
export async function evalsScale(context: BenchContext): Promise<Sample> {
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    await configureEndpoint(page, context.mock.url);
    const idleP95 = await idleFrameP95(page);
    for (let run = 0; run < CHAT_RUNS; run += 1) {
      context.mock.enqueue(REPLY);
      await send(page, 'What is (128+374)*2?');
      await waitForRunStatus(page, 'done');
    }
    await waitForStorageQuiet(page);
    const chat = await runDurations(page);
    await storeBigExperiment(page, GRID_ITEMS);
    const gridOpenMs = await openGrid(page);
    const { gaps, wallMs } = await runExperiment(page, context);
    const cells = await cellLatencies(page);
    const overhead = median(cells) / median(chat) - 1;
    context.log(
      `    evals: chat run median ${median(chat).toFixed(0)} ms (${chat.length}), experiment cell median ${median(cells).toFixed(0)} ms (${cells.length} cells, ${wallMs} ms wall), idle p95 ${idleP95.toFixed(1)} ms`,
    );
    return {
      evalsItemOverheadRatio: Math.max(0, overhead),
      evalsRunFrameP95: quantile(gaps, 0.95),
      evalsGrid10kOpenMs: gridOpenMs,
      evalsIdleFrameP95: idleP95,
    };
  } finally {
    await browser.close();
  }
}
