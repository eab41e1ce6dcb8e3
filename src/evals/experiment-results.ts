/** What the results grid shows beyond the cells: pass rates with their 95% interval, regressions, exports. */
import type { CellResult, CellSummary, ExperimentRecord } from './experiment-types.ts';
import { wilsonInterval } from './wilson.ts';

/** One variant's pass rate over its finished cells (not run and stopped ones are left out; failed runs count as fails). */
export interface PassRate {
  variant: number;
  passes: number;
  total: number;
  rate: number;
  low: number;
  high: number;
  notRun: number;
}

/** What pass rates and regressions read of a cell (a summary or a full cell). */
type Verdict = Pick<CellSummary, 'key' | 'itemIndex' | 'variant' | 'repetition' | 'status' | 'pass'>;

export function passRates(cells: readonly Verdict[], variants: number): PassRate[] {
  const rates: PassRate[] = Array.from({ length: variants }, (_, variant) => ({
    variant,
    passes: 0,
    total: 0,
    rate: 0,
    low: 0,
    high: 0,
    notRun: 0,
  }));
  for (const cell of cells) {
    const rate = rates[cell.variant];
    if (!rate) continue;
    // A run cut short by Stop has no verdict: it counts with those not run.
    if (cell.status === 'not-run' || cell.status === 'stopped') rate.notRun += 1;
    if (cell.status !== 'done' && cell.status !== 'failed') continue;
    rate.total += 1;
    if (cell.pass) rate.passes += 1;
  }
  for (const rate of rates) {
    rate.rate = rate.total > 0 ? rate.passes / rate.total : 0;
    const interval = wilsonInterval(rate.passes, rate.total);
    rate.low = interval.low;
    rate.high = interval.high;
  }
  return rates;
}

/** An item (repetition) that passed under the baseline and did not under another variant. */
export interface Regression<C extends Verdict = CellSummary> {
  itemIndex: number;
  repetition: number;
  variant: number;
  baseline: C;
  cell: C;
}

/** The cells indexed by key, for the grid and the regressions. */
export function cellsByKey<C extends { key: string }>(cells: readonly C[]): Map<string, C> {
  return new Map(cells.map((cell) => [cell.key, cell]));
}

export function regressions<C extends Verdict>(cells: readonly C[], baseline: number): Regression<C>[] {
  const byKey = cellsByKey(cells);
  const found: Regression<C>[] = [];
  for (const cell of cells) {
    if (cell.variant === baseline || cell.status === 'not-run' || cell.status === 'pending') continue;
    const base = byKey.get(`${cell.itemIndex}:${baseline}:${cell.repetition}`);
    if (base?.pass && !cell.pass && cell.status !== 'running')
      found.push({
        itemIndex: cell.itemIndex,
        repetition: cell.repetition,
        variant: cell.variant,
        baseline: base,
        cell,
      });
  }
  return found;
}

const CSV_COLUMNS = [
  'item',
  'input',
  'expected',
  'variant',
  'repetition',
  'status',
  'pass',
  'score',
  'reasons',
  'answer',
  'error',
  'cost_usd',
  'tokens',
  'latency_ms',
  'steps',
] as const;

function csvField(value: string | number | boolean | undefined): string {
  const text = value === undefined ? '' : String(value);
  return /[",\n\r]/u.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Every cell of the experiment in full, in grid order: the stored full cells (`stored`, those that ran), else what
 * the grid knows of the cell (one that never ran has no answer or scores).
 */
export function fullCells(record: ExperimentRecord, stored: readonly CellResult[]): CellResult[] {
  const byKey = cellsByKey(stored);
  return record.cells.map((summary) => {
    const full = byKey.get(summary.key);
    if (full) return full;
    const { reasons: _reasons, ran: _ran, ...rest } = summary;
    return { ...rest, scores: [] };
  });
}

/** One row per cell (`cells`: the experiment's cells in full, see `fullCells`), CSV with a header. */
export function resultsCsv(record: ExperimentRecord, cells: readonly CellResult[]): string {
  const rows = [CSV_COLUMNS.join(',')];
  for (const cell of cells) {
    const item = record.config.items[cell.itemIndex];
    rows.push(
      [
        item?.id,
        item?.input,
        item?.expected,
        `Variant ${cell.variant + 1}`,
        cell.repetition + 1,
        cell.status,
        cell.pass,
        cell.score,
        cell.scores.map((score) => `${score.name}: ${score.value} ${score.reason}`).join('; '),
        cell.answer,
        cell.error,
        cell.costUsd,
        cell.tokens,
        Math.round(cell.latencyMs),
        cell.steps,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${rows.join('\n')}\n`;
}

/** The experiment, its pass rates and cells (in full, see `fullCells`) as JSON. */
export function resultsJson(record: ExperimentRecord, cells: readonly CellResult[]): string {
  const { config } = record;
  return JSON.stringify(
    {
      experiment: { id: record.id, name: record.name, createdAt: record.createdAt, status: record.status },
      dataset: { id: config.datasetId, name: config.datasetName, scorers: config.scorers },
      variants: config.variants.map((variant, index) => ({ name: `Variant ${index + 1}`, ...variant })),
      repetitions: config.repetitions,
      passRates: passRates(record.cells, config.variants.length),
      items: config.items,
      cells,
    },
    null,
    2,
  );
}
