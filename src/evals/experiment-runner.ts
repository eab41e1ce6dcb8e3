import type { CellPlan, CellResult } from './experiment-types.ts';

/** What the scheduler needs: the cells, the limits, and how one cell runs. */
export interface ScheduleOptions {
  cells: readonly CellPlan[];
  /** At most this many cells run at once (at least 1). */
  concurrency: number;
  /** USD; once finished cells cost this much, no new cell starts. null: no cap. */
  costCap: number | null;
  /** Stop: no new cell starts, and the running ones see the signal. */
  signal: AbortSignal;
  /** Runs one cell; a failure is returned as a `failed` cell (a throw is turned into one). */
  runCell(plan: CellPlan, signal: AbortSignal): Promise<CellResult>;
  /** Called when a cell starts and when it ends. */
  onCell?(result: CellResult): void;
}

/** How the schedule ended. */
export interface ScheduleOutcome {
  cells: CellResult[];
  /** Why cells were left not run, if any were. */
  cut?: 'stopped' | 'cost-cap';
}

/** A cell with no run yet. */
export function emptyCell(plan: CellPlan, status: CellResult['status']): CellResult {
  return { ...plan, status, scores: [], costUsd: 0, tokens: 0, latencyMs: 0, steps: 0 };
}

/** Every cell of a plan: items × variants × repetitions, item by item (each item's variants side by side). */
export function planCells(items: number, variants: number, repetitions: number): CellPlan[] {
  const cells: CellPlan[] = [];
  for (let itemIndex = 0; itemIndex < items; itemIndex += 1)
    for (let repetition = 0; repetition < repetitions; repetition += 1)
      for (let variant = 0; variant < variants; variant += 1)
        cells.push({ key: `${itemIndex}:${variant}:${repetition}`, itemIndex, variant, repetition });
  return cells;
}

/**
 * Runs the cells with at most `concurrency` at once, in plan order. After Stop, or once the finished cells' cost
 * reaches the cap, no new cell starts: those left are `not-run`. One cell's failure never ends the others.
 */
export async function runSchedule(options: ScheduleOptions): Promise<ScheduleOutcome> {
  const { cells, signal, costCap } = options;
  const results: CellResult[] = cells.map((plan) => emptyCell(plan, 'pending'));
  let next = 0;
  let spent = 0;
  let cut: ScheduleOutcome['cut'];
  const capReached = () => costCap !== null && spent >= costCap;
  const worker = async (): Promise<void> => {
    for (;;) {
      if (signal.aborted) cut ??= 'stopped';
      else if (capReached()) cut ??= 'cost-cap';
      if (cut || next >= cells.length) return;
      const index = next;
      next += 1;
      const plan = cells[index] as CellPlan;
      const running = emptyCell(plan, 'running');
      results[index] = running;
      options.onCell?.(running);
      const result = await runGuarded(options, plan);
      results[index] = result;
      spent += result.costUsd;
      options.onCell?.(result);
    }
  };
  const width = Math.max(1, Math.min(Math.floor(options.concurrency) || 1, cells.length));
  await Promise.all(Array.from({ length: width }, worker));
  for (let index = 0; index < results.length; index += 1) {
    const result = results[index] as CellResult;
    if (result.status === 'pending') {
      results[index] = emptyCell(result, 'not-run');
      options.onCell?.(results[index] as CellResult);
    }
  }
  return { cells: results, ...(cut ? { cut } : {}) };
}

async function runGuarded(options: ScheduleOptions, plan: CellPlan): Promise<CellResult> {
  try {
    return await options.runCell(plan, options.signal);
  } catch (error) {
    return { ...emptyCell(plan, 'failed'), error: error instanceof Error ? error.message : String(error) };
  }
}
