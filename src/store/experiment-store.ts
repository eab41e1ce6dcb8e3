/**
 * The Evals view's state (loaded with the Evals dialog, never on first load): the experiments, the one running in
 * this tab, and the run or comparison opened from the results.
 */
import { create } from 'zustand';
import type { ExperimentRecord, ExperimentRunRecord } from '../evals/experiment-types.ts';

/** A run opened from the results: one trace, or two side by side. */
export type ExperimentView =
  | { kind: 'run'; run: ExperimentRunRecord; title: string }
  | { kind: 'compare'; runs: [ExperimentRunRecord, ExperimentRunRecord]; titles: [string, string] };

export interface ExperimentState {
  /** Newest first; undefined until loaded. */
  experiments: ExperimentRecord[] | undefined;
  /** The experiment the results show. */
  selectedId: string | undefined;
  /** The experiment running in this tab. */
  runningId: string | undefined;
  view: ExperimentView | undefined;
  /** A failure to show (storage, a dataset that could not be read). */
  error: string | undefined;
}

export const useExperimentStore = create<ExperimentState>()(() => ({
  experiments: undefined,
  selectedId: undefined,
  runningId: undefined,
  view: undefined,
  error: undefined,
}));

/** Puts an experiment in the list (replacing the one with its id), newest first. */
export function upsertExperiment(record: ExperimentRecord): void {
  useExperimentStore.setState((state) => ({
    experiments: [record, ...(state.experiments ?? []).filter((other) => other.id !== record.id)].sort(
      (a, b) => b.createdAt - a.createdAt,
    ),
  }));
}
