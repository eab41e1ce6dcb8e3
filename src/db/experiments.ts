/**
 * Experiments and their runs (PRODUCT.md §15). An experiment's runs are kept here, never as sessions: the session
 * list, search and Export all do not see them. `experiments` holds each experiment with what its grid shows of every
 * cell, as columns (small: opening the results reads only that); `experimentCells` each cell in full (answer, scores,
 * run ids: exports read them) and `experimentRuns` each cell's transcript and trace (Open run), both keyed
 * `[experimentId, key]` (a cell's key).
 */
import { decodeGrid, encodeGrid, summarizeCell } from '../evals/cell-summary.ts';
import type { CellResult, ExperimentRecord, ExperimentRunRecord } from '../evals/experiment-types.ts';
import type { LegacyStoredExperiment, StoredExperiment, StoredExperimentCell } from './schema.ts';
import type { GlassboxDatabase } from './transaction.ts';

/** Where experiments are kept: IndexedDB, or memory when it cannot be opened. */
export interface ExperimentStorage {
  /** Newest first, each cell as the grid shows it. */
  list(): Promise<ExperimentRecord[]>;
  /** Saves the experiment and what its grid shows (its cells in full go through `putCell`). */
  put(record: ExperimentRecord): Promise<void>;
  /** Saves one finished cell in full. */
  putCell(experimentId: string, cell: CellResult): Promise<void>;
  /** The cells saved in full (those that ran). */
  listCells(experimentId: string): Promise<CellResult[]>;
  putRun(run: ExperimentRunRecord): Promise<void>;
  getRun(experimentId: string, key: string): Promise<ExperimentRunRecord | undefined>;
  listRuns(experimentId: string): Promise<ExperimentRunRecord[]>;
  /** Deletes the experiment, its cells and its runs. */
  remove(experimentId: string): Promise<void>;
}

const byNewest = (a: ExperimentRecord, b: ExperimentRecord) => b.createdAt - a.createdAt;
const cellRange = (experimentId: string) => IDBKeyRange.bound([experimentId], [experimentId, []]);

/** The record stored for an experiment: the grid's columns instead of the cells. */
export function toStoredExperiment(record: ExperimentRecord): StoredExperiment {
  const { cells, ...rest } = record;
  return { ...rest, grid: encodeGrid(cells, record.config) };
}

function fromStored(stored: StoredExperiment | LegacyStoredExperiment): ExperimentRecord {
  if ('cells' in stored) return { ...stored, cells: stored.cells.map(summarizeCell) };
  const { grid, ...rest } = stored;
  return { ...rest, cells: decodeGrid(grid, stored.config) };
}

function withoutExperimentId(cell: StoredExperimentCell): CellResult {
  const { experimentId: _experimentId, ...rest } = cell;
  return rest;
}

export function createExperimentStorage(db: GlassboxDatabase): ExperimentStorage {
  return {
    list: async () => (await db.getAll('experiments')).map(fromStored).sort(byNewest),
    put: async (record) => {
      await db.put('experiments', toStoredExperiment(record));
    },
    putCell: async (experimentId, cell) => {
      await db.put('experimentCells', { ...cell, experimentId });
    },
    listCells: async (experimentId) => {
      const cells = await db.getAll('experimentCells', cellRange(experimentId));
      if (cells.length > 0) return cells.map(withoutExperimentId);
      // Written before version 11: the cells are inside the record.
      const record = await db.get('experiments', experimentId);
      return record && 'cells' in record ? record.cells : [];
    },
    putRun: async (run) => {
      await db.put('experimentRuns', run);
    },
    getRun: (experimentId, key) => db.get('experimentRuns', [experimentId, key]),
    listRuns: (experimentId) => db.getAll('experimentRuns', cellRange(experimentId)),
    remove: async (experimentId) => {
      const tx = db.transaction(['experiments', 'experimentCells', 'experimentRuns'], 'readwrite');
      await Promise.all([
        tx.objectStore('experiments').delete(experimentId),
        tx.objectStore('experimentCells').delete(cellRange(experimentId)),
        tx.objectStore('experimentRuns').delete(cellRange(experimentId)),
        tx.done,
      ]);
    },
  };
}

/** The same, in memory (IndexedDB unusable, and tests). */
export function createMemoryExperimentStorage(): ExperimentStorage {
  const records = new Map<string, StoredExperiment>();
  const cells = new Map<string, StoredExperimentCell>();
  const runs = new Map<string, ExperimentRunRecord>();
  const keyOf = (experimentId: string, key: string) => `${experimentId}\u0000${key}`;
  const of = <T extends { experimentId: string }>(map: Map<string, T>, experimentId: string) =>
    [...map.values()].filter((value) => value.experimentId === experimentId).map((value) => structuredClone(value));
  return {
    list: async () => [...records.values()].map((record) => fromStored(structuredClone(record))).sort(byNewest),
    put: async (record) => void records.set(record.id, toStoredExperiment(structuredClone(record))),
    putCell: async (experimentId, cell) =>
      void cells.set(keyOf(experimentId, cell.key), structuredClone({ ...cell, experimentId })),
    listCells: async (experimentId) => of(cells, experimentId).map(withoutExperimentId),
    putRun: async (run) => void runs.set(keyOf(run.experimentId, run.key), structuredClone(run)),
    getRun: async (experimentId, key) => structuredClone(runs.get(keyOf(experimentId, key))),
    listRuns: async (experimentId) => of(runs, experimentId),
    remove: async (experimentId) => {
      records.delete(experimentId);
      for (const map of [cells, runs] as Map<string, { experimentId: string }>[])
        for (const [key, value] of map) if (value.experimentId === experimentId) map.delete(key);
    },
  };
}
