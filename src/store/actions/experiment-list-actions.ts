/**
 * The experiments' light actions, loaded with the Evals dialog (and by its header button): where experiments are
 * kept, their list, the datasets to run and Stop. Running one (the agent runtime, scorers) is experiment-actions.ts.
 */
import { createMemoryExperimentStorage, type ExperimentStorage } from '../../db/experiments.ts';
import { demoDataset } from '../../evals/demo-dataset.ts';
import type { Dataset, DatasetItem } from '../../evals/eval-types.ts';
import type { ExperimentRecord, ExperimentVariant } from '../../evals/experiment-types.ts';
import { useExperimentStore } from '../experiment-store.ts';
import { services } from '../services.ts';
import { currentLanguage } from './current-language.ts';

/** What the New experiment form gives. */
export interface ExperimentDraft {
  datasetId: string;
  variants: ExperimentVariant[];
  repetitions: number;
  concurrency: number;
  /** USD; null: no cap. */
  costCap: number | null;
}

/** Where experiments are kept when storage has no place for them (memory storage): this tab's memory. */
let memoryStorage: ExperimentStorage | undefined;

export async function experimentStorage(): Promise<ExperimentStorage> {
  const stored = services().persistence.experiments;
  return stored ? stored() : (memoryStorage ??= createMemoryExperimentStorage());
}

/** The Stop of the experiment running in this tab. */
export const experimentStop: { current: AbortController | undefined } = { current: undefined };

/** The datasets an experiment can run: the demo's (always), then the stored ones. */
export async function datasetChoices(): Promise<{ dataset: Dataset; items: DatasetItem[] }[]> {
  const language = currentLanguage() === 'zh-CN' ? 'zh-CN' : 'en';
  const open = services().persistence.datasets;
  if (!open) return [demoDataset(language)];
  const store = await open();
  const stored = await store.list();
  const withItems = await Promise.all(
    stored.map(async (dataset) => ({ dataset, items: await store.items(dataset.id) })),
  );
  return [demoDataset(language), ...withItems];
}

/** Reads the experiments from storage into the Evals view. */
export function loadExperiments(): Promise<void> {
  loading ??= readExperiments().finally(() => (loading = undefined));
  return loading;
}

/** The read in flight (the header's button and the dialog may both ask). */
let loading: Promise<void> | undefined;

async function readExperiments(): Promise<void> {
  try {
    const runningId = useExperimentStore.getState().runningId;
    // One left `running` by a tab that went away: its unfinished cells were never run.
    const experiments = (await (await experimentStorage()).list()).map((record) =>
      record.status === 'running' && record.id !== runningId ? interrupted(record) : record,
    );
    useExperimentStore.setState((state) => ({
      experiments,
      selectedId: state.selectedId ?? experiments[0]?.id,
    }));
  } catch (error) {
    useExperimentStore.setState({ experiments: [], error: String(error) });
  }
}

function interrupted(record: ExperimentRecord): ExperimentRecord {
  return {
    ...record,
    status: 'interrupted',
    cells: record.cells.map((cell) =>
      cell.status === 'pending' || cell.status === 'running' ? { ...cell, status: 'not-run' } : cell,
    ),
  };
}

/** Deletes an experiment and its runs' traces; the one running in this tab is left alone (Stop it first). */
export async function deleteExperiment(experimentId: string): Promise<void> {
  if (useExperimentStore.getState().runningId === experimentId) return;
  try {
    await (await experimentStorage()).remove(experimentId);
  } catch (error) {
    useExperimentStore.setState({ error: String(error) });
    return;
  }
  useExperimentStore.setState((state) => {
    const experiments = (state.experiments ?? []).filter((record) => record.id !== experimentId);
    const selectedId = state.selectedId === experimentId ? experiments[0]?.id : state.selectedId;
    return { experiments, selectedId, view: undefined };
  });
}

/** Stop: no new cell starts; cells running see the signal; those never started are shown as not run. */
export function stopExperiment(): void {
  experimentStop.current?.abort();
}
