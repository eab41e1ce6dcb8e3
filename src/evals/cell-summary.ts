/**
 * What the results grid shows of each cell, kept apart from the rest of the cell (its answer, every score, the run's
 * ids), so opening an experiment reads little: issue 38 wants 10,000 cells open in ≤ 300 ms. Stored as columns (typed
 * arrays and one list of reasons, in plan order); the full cells are kept one record each (`experimentCells`).
 */
import type { CellResult, CellStatus, CellSummary, ExperimentConfig } from './experiment-types.ts';

/** The reasons text the grid keeps per cell (tooltip and line); the full scores are in the cell's own record. */
export const REASONS_LIMIT = 300;

const STATUSES: readonly CellStatus[] = ['pending', 'running', 'done', 'failed', 'stopped', 'not-run'];
const NO_VERDICT = 2;

/** The grid's columns: entry i is the cell at plan index i (see `planIndex`). */
export interface CellGrid {
  /** Index into the statuses, in the order of `CellStatus`. */
  status: Uint8Array;
  /** 0 fail, 1 pass, 2 no verdict. */
  pass: Uint8Array;
  /** NaN: no score. */
  score: Float64Array;
  costUsd: Float64Array;
  tokens: Float64Array;
  latencyMs: Float64Array;
  steps: Float64Array;
  /** 1: the cell has a run to open. */
  ran: Uint8Array;
  reasons: string[];
}

type GridShape = Pick<ExperimentConfig, 'items' | 'variants' | 'repetitions'>;

/** Where a cell sits in plan order: item by item, each repetition's variants side by side (as `planCells`). */
function planIndex(cell: { itemIndex: number; variant: number; repetition: number }, shape: GridShape): number {
  return (cell.itemIndex * shape.repetitions + cell.repetition) * shape.variants.length + cell.variant;
}

/** Each score's name, value and reason, and the run's error, one a line; cut to `REASONS_LIMIT` characters. */
export function cellReasons(cell: Pick<CellResult, 'scores' | 'error'>): string {
  const lines = cell.scores.map((score) => `${score.name}: ${score.value.toFixed(2)} — ${score.reason}`);
  if (cell.error) lines.push(cell.error);
  const text = lines.join('\n');
  return text.length > REASONS_LIMIT ? `${text.slice(0, REASONS_LIMIT - 1)}…` : text;
}

/** The grid's view of a full cell. */
export function summarizeCell(cell: CellResult): CellSummary {
  const { key, itemIndex, variant, repetition, status, pass, score, costUsd, tokens, latencyMs, steps } = cell;
  return {
    key,
    itemIndex,
    variant,
    repetition,
    status,
    ...(pass === undefined ? {} : { pass }),
    ...(score === undefined ? {} : { score }),
    costUsd,
    tokens,
    latencyMs,
    steps,
    reasons: cellReasons(cell),
    ran: cell.runId !== undefined,
  };
}

/** The cells as columns; a cell outside the plan is left out. */
export function encodeGrid(cells: readonly CellSummary[], shape: GridShape): CellGrid {
  const size = shape.items.length * shape.repetitions * shape.variants.length;
  const grid: CellGrid = {
    status: new Uint8Array(size),
    pass: new Uint8Array(size).fill(NO_VERDICT),
    score: new Float64Array(size).fill(Number.NaN),
    costUsd: new Float64Array(size),
    tokens: new Float64Array(size),
    latencyMs: new Float64Array(size),
    steps: new Float64Array(size),
    ran: new Uint8Array(size),
    reasons: Array.from({ length: size }, () => ''),
  };
  for (const cell of cells) {
    const index = planIndex(cell, shape);
    if (index < 0 || index >= size || cell.variant >= shape.variants.length || cell.repetition >= shape.repetitions)
      continue;
    grid.status[index] = Math.max(0, STATUSES.indexOf(cell.status));
    grid.pass[index] = cell.pass === undefined ? NO_VERDICT : Number(cell.pass);
    grid.score[index] = cell.score ?? Number.NaN;
    grid.costUsd[index] = cell.costUsd;
    grid.tokens[index] = cell.tokens;
    grid.latencyMs[index] = cell.latencyMs;
    grid.steps[index] = cell.steps;
    grid.ran[index] = cell.ran ? 1 : 0;
    grid.reasons[index] = cell.reasons;
  }
  return grid;
}

/** The cells back from their columns, in plan order. */
export function decodeGrid(grid: CellGrid, shape: GridShape): CellSummary[] {
  const cells: CellSummary[] = [];
  const variants = shape.variants.length;
  for (let itemIndex = 0, index = 0; itemIndex < shape.items.length; itemIndex += 1)
    for (let repetition = 0; repetition < shape.repetitions; repetition += 1)
      for (let variant = 0; variant < variants; variant += 1, index += 1) {
        if (index >= grid.status.length) return cells;
        const pass = grid.pass[index];
        const score = grid.score[index] ?? Number.NaN;
        cells.push({
          key: `${itemIndex}:${variant}:${repetition}`,
          itemIndex,
          variant,
          repetition,
          status: STATUSES[grid.status[index] ?? 0] ?? 'pending',
          ...(pass === NO_VERDICT ? {} : { pass: pass === 1 }),
          ...(Number.isNaN(score) ? {} : { score }),
          costUsd: grid.costUsd[index] ?? 0,
          tokens: grid.tokens[index] ?? 0,
          latencyMs: grid.latencyMs[index] ?? 0,
          steps: grid.steps[index] ?? 0,
          reasons: grid.reasons[index] ?? '',
          ran: grid.ran[index] === 1,
        });
      }
  return cells;
}
