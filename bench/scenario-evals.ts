import type { Page } from '@playwright/test';
import { configureEndpoint, loadUntilUsable, send, waitForRunStatus, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { idleFrameP95, waitForStorageQuiet } from './measure-stream.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { frameGaps, median, quantile } from './stats.ts';

/** Issue 38's experiment: 204 item runs per variant (the 6 demo items × 34 repetitions), 2 variants, 4 at once. */
/** `EVALS_REPS` runs a smaller experiment (a quick look; the figures are for 34). */
const REPETITIONS = Number(process.env.EVALS_REPS ?? 34);
const ITEMS = 6;
const VARIANTS = 2;
const CONCURRENCY = 4;
/** Every run is one streamed answer of this many tokens (chat runs and experiment runs alike). */
const REPLY = { kind: 'reply', tokens: 40, chunksPerSecond: 200 } as const;
const CHAT_RUNS = 8;
/** The grid opened: 5,000 items × 2 variants. */
const GRID_ITEMS = 5000;

/** A run's wall time and the part of it spent in model calls (which the endpoint decides). */
interface RunTime {
  totalMs: number;
  modelMs: number;
}

/** The active session's runs: duration of each root span, and its llm spans' time. */
async function chatRunTimes(page: Page): Promise<RunTime[]> {
  return page.evaluate(async () => {
    type StoredSpan = { spanId: string; runId: string; kind: string; startTime: number; endTime?: number };
    const spans = (await (window as unknown as BenchWindow).__bench.storedSpans()) as StoredSpan[];
    return spans
      .filter((span) => span.spanId === span.runId && span.endTime !== undefined)
      .map((root) => ({
        totalMs: (root.endTime as number) - root.startTime,
        modelMs: spans
          .filter((span) => span.runId === root.runId && span.kind === 'llm')
          .reduce((sum, span) => sum + ((span.endTime ?? span.startTime) - span.startTime), 0),
      }));
  });
}

/** The stored experiment: its items, and each cell in full (as `experimentCells` keeps it: not read on open). */
function bigExperiment(count: number) {
  const items = Array.from({ length: count }, (_, index) => ({
    id: `grid_item_${index}`,
    datasetId: 'grid',
    input: `grid item ${index + 1}: what is ${index} + ${index}?`,
    expected: String(index * 2),
    createdAt: 0,
  }));
  const cells = items.flatMap((_, itemIndex) =>
    [0, 1].map((variant) => {
      const pass = (itemIndex + variant) % 3 !== 0;
      const reason = pass ? 'Contains it' : 'Does not contain it';
      return {
        experimentId: 'exp_bench_grid',
        key: `${itemIndex}:${variant}:0`,
        itemIndex,
        variant,
        repetition: 0,
        status: 'done',
        runId: `run_grid_${itemIndex}_${variant}`,
        sessionId: `sess_grid_${itemIndex}_${variant}`,
        answer: pass ? String(itemIndex * 2) : 'not sure',
        scores: [{ scorer: 'contains', name: 'Contains expected', value: pass ? 1 : 0, pass, reason }],
        pass,
        score: pass ? 1 : 0,
        costUsd: 0.0001,
        tokens: 120,
        latencyMs: 800,
        steps: 1,
      };
    }),
  );
  const variant = { model: '', protocol: 'tools', systemPrompt: '', delegation: false, answerCheck: false };
  const config = {
    datasetId: 'grid',
    datasetName: 'Bench grid',
    items,
    scorers: [{ kind: 'contains', enabled: true }],
    variants: [0, 1].map(() => ({ ...variant, temperature: null })),
    repetitions: 1,
    concurrency: 4,
    costCap: null,
  };
  return { config, cells };
}

/**
 * Writes an experiment of `items` × 2 scored cells straight into IndexedDB as a finished experiment is stored: the
 * record with what the grid shows of each cell as columns (src/evals/cell-summary.ts), and the cells in full.
 */
async function storeBigExperiment(page: Page, items: number): Promise<void> {
  await page.evaluate(async ({ config, cells }) => {
    const request = indexedDB.open('glassbox');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const size = cells.length;
    const grid = {
      status: new Uint8Array(size).fill(2),
      pass: Uint8Array.from(cells, (cell) => Number(cell.pass)),
      score: Float64Array.from(cells, (cell) => cell.score),
      costUsd: new Float64Array(size).fill(0.0001),
      tokens: new Float64Array(size).fill(120),
      latencyMs: new Float64Array(size).fill(800),
      steps: new Float64Array(size).fill(1),
      ran: new Uint8Array(size).fill(1),
      reasons: cells.map(
        (cell) => `Contains expected: ${cell.scores[0]?.value.toFixed(2)} — ${cell.scores[0]?.reason}`,
      ),
    };
    const now = Date.now();
    const record = { id: 'exp_bench_grid', name: 'Bench grid', createdAt: now + 1e9, updatedAt: now, status: 'done' };
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(['experiments', 'experimentCells'], 'readwrite');
      tx.objectStore('experiments').put({ ...record, config, grid });
      for (const cell of cells) tx.objectStore('experimentCells').put(cell);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, bigExperiment(items));
}

/** Click `Evals` → the results grid of the 10,000-cell experiment painted with its pass rates. */
async function openGrid(page: Page): Promise<{ openMs: number; chunksMs: number; readMs: number }> {
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
  return { openMs: paintedAt - clickedAt, ...(await gridOpenParts(page, clickedAt)) };
}

/** Where the open's time goes: the dialog's chunks arriving (after the click), and one more read of the stored record. */
async function gridOpenParts(page: Page, clickedAt: number): Promise<{ chunksMs: number; readMs: number }> {
  return page.evaluate(async (since) => {
    const chunks = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => entry.startTime >= since && entry.name.endsWith('.js'),
    );
    const chunksMs = Math.max(0, ...chunks.map((entry) => entry.responseEnd - since));
    const started = performance.now();
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('glassbox');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const request = db.transaction('experiments').objectStore('experiments').getAll();
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    db.close();
    return { chunksMs, readMs: performance.now() - started };
  }, clickedAt);
}

async function runExperiment(page: Page, context: BenchContext): Promise<{ gaps: number[]; wallMs: number }> {
  const dialog = page.getByRole('dialog', { name: 'Evals' });
  await dialog.getByRole('button', { name: 'New experiment' }).click();
  // The same exchange as the chat runs: native tool calls, no delegation (the chat's settings).
  for (const n of [1, 2]) {
    const group = dialog.getByRole('group', { name: `Variant ${n}` });
    await group.getByRole('combobox', { name: 'Protocol' }).selectOption('tools');
    await group.getByRole('checkbox', { name: 'Delegate to agents' }).uncheck();
  }
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

/** The experiment's cells: each cell's latency (options built → run ended) and its llm spans' time, from storage. */
async function cellRunTimes(page: Page): Promise<RunTime[]> {
  return page.evaluate(async () => {
    const request = indexedDB.open('glassbox');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const read = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const all = db.transaction(store).objectStore(store).getAll();
        all.onsuccess = () => resolve(all.result as T[]);
        all.onerror = () => reject(all.error);
      });
    type Cell = { experimentId: string; key: string; status: string; latencyMs: number };
    type Run = { experimentId: string; key: string; spans: { kind: string; startTime: number; endTime?: number }[] };
    const records = await read<{ id: string }>('experiments');
    const cells = await read<Cell>('experimentCells');
    const runs = await read<Run>('experimentRuns');
    db.close();
    const experiment = records.find((record) => record.id !== 'exp_bench_grid');
    const byKey = new Map(runs.filter((run) => run.experimentId === experiment?.id).map((run) => [run.key, run]));
    return cells
      .filter((cell) => cell.experimentId === experiment?.id && cell.status === 'done')
      .map((cell) => ({
        totalMs: cell.latencyMs,
        modelMs: (byKey.get(cell.key)?.spans ?? [])
          .filter((span) => span.kind === 'llm')
          .reduce((sum, span) => sum + ((span.endTime ?? span.startTime) - span.startTime), 0),
      }));
  });
}

/**
 * Issue 38's speed: plain chat runs of one streamed answer give the baseline; an experiment of 200 items × 2 variants
 * at concurrency 4 runs the same exchange per cell (frame gaps recorded while it runs); per-item overhead is the
 * median time a cell spends outside its model calls minus a chat run's, over the median chat run. A stored
 * 10,000-cell experiment is opened before.
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
    const chat = await chatRunTimes(page);
    await storeBigExperiment(page, GRID_ITEMS);
    const grid = await openGrid(page);
    const gridOpenMs = grid.openMs;
    const { gaps, wallMs } = await runExperiment(page, context);
    const cells = await cellRunTimes(page);
    const chatMs = median(chat.map((run) => run.totalMs));
    const chatOwnMs = median(chat.map((run) => run.totalMs - run.modelMs));
    const cellOwnMs = median(cells.map((cell) => cell.totalMs - cell.modelMs));
    // The time an item spends outside its model calls beyond what a chat run of the same exchange spends there, as
    // a share of that chat run (the model calls' time is the endpoint's: four at once stream slower on this machine).
    const overhead = (cellOwnMs - chatOwnMs) / chatMs;
    context.log(
      `    evals: chat run median ${chatMs.toFixed(0)} ms (outside model calls ${chatOwnMs.toFixed(1)} ms, ${chat.length} runs); ` +
        `experiment cell median ${median(cells.map((cell) => cell.totalMs)).toFixed(0)} ms (outside model calls ` +
        `${cellOwnMs.toFixed(1)} ms, ${cells.length} cells, ${wallMs} ms wall at concurrency ${CONCURRENCY}); idle p95 ${idleP95.toFixed(1)} ms; grid open ${gridOpenMs.toFixed(0)} ms ` +
        `(dialog chunks in by ${grid.chunksMs.toFixed(0)} ms; the experiments store read again: ${grid.readMs.toFixed(0)} ms)`,
    );
    return {
      evalsItemOverheadRatio: overhead,
      evalsRunFrameP95: quantile(gaps, 0.95),
      evalsGrid10kOpenMs: gridOpenMs,
      evalsIdleFrameP95: idleP95,
    };
  } finally {
    await browser.close();
  }
}
