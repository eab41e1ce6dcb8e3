/**
 * Experiments and their runs (PRODUCT.md §15). An experiment's runs are kept here, never as sessions: the session
 * list, search and Export all do not see them. `experimentRuns` is keyed `[experimentId, key]` (a cell's key).
 */
import type { ExperimentRecord, ExperimentRunRecord } from '../evals/experiment-types.ts';
import type { GlassboxDatabase } from './transaction.ts';

/** Where experiments are kept: IndexedDB, or memory when it cannot be opened. */
export interface ExperimentStorage {
  /** Newest first. */
  list(): Promise<ExperimentRecord[]>;
  put(record: ExperimentRecord): Promise<void>;
  putRun(run: ExperimentRunRecord): Promise<void>;
  getRun(experimentId: string, key: string): Promise<ExperimentRunRecord | undefined>;
  listRuns(experimentId: string): Promise<ExperimentRunRecord[]>;
  /** Deletes the experiment and its runs. */
  remove(experimentId: string): Promise<void>;
}

const byNewest = (a: ExperimentRecord, b: ExperimentRecord) => b.createdAt - a.createdAt;
const runRange = (experimentId: string) => IDBKeyRange.bound([experimentId], [experimentId, []]);

export function createExperimentStorage(db: GlassboxDatabase): ExperimentStorage {
  return {
    list: async () => (await db.getAll('experiments')).sort(byNewest),
    put: async (record) => {
      await db.put('experiments', record);
    },
    putRun: async (run) => {
      await db.put('experimentRuns', run);
    },
    getRun: (experimentId, key) => db.get('experimentRuns', [experimentId, key]),
    listRuns: (experimentId) => db.getAll('experimentRuns', runRange(experimentId)),
    remove: async (experimentId) => {
      const tx = db.transaction(['experiments', 'experimentRuns'], 'readwrite');
      await Promise.all([
        tx.objectStore('experiments').delete(experimentId),
        tx.objectStore('experimentRuns').delete(runRange(experimentId)),
        tx.done,
      ]);
    },
  };
}

/** The same, in memory (IndexedDB unusable, and tests). */
export function createMemoryExperimentStorage(): ExperimentStorage {
  const records = new Map<string, ExperimentRecord>();
  const runs = new Map<string, ExperimentRunRecord>();
  const runKey = (experimentId: string, key: string) => `${experimentId}\u0000${key}`;
  return {
    list: async () => [...records.values()].map((record) => structuredClone(record)).sort(byNewest),
    put: async (record) => void records.set(record.id, structuredClone(record)),
    putRun: async (run) => void runs.set(runKey(run.experimentId, run.key), structuredClone(run)),
    getRun: async (experimentId, key) => structuredClone(runs.get(runKey(experimentId, key))),
    listRuns: async (experimentId) =>
      [...runs.values()].filter((run) => run.experimentId === experimentId).map((run) => structuredClone(run)),
    remove: async (experimentId) => {
      records.delete(experimentId);
      for (const [key, run] of runs) if (run.experimentId === experimentId) runs.delete(key);
    },
  };
}
