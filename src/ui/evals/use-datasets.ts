import { useCallback, useEffect, useState } from 'react';
import type { DatasetStore } from '../../db/datasets.ts';
import { onDatasetsChanged } from '../../evals/dataset-events.ts';
import type { Dataset, ScorerConfig, ScorerKind } from '../../evals/eval-types.ts';
import { services } from '../../store/services.ts';

/** The scorers a new dataset starts with: every kind listed, `Contains expected` and `Tool expectations` on. */
export function defaultScorers(): ScorerConfig[] {
  const kinds: ScorerKind[] = ['exact', 'contains', 'regex', 'numeric', 'json-schema', 'tools', 'javascript', 'judge'];
  return kinds.map((kind) => ({ kind, enabled: kind === 'contains' || kind === 'tools' }));
}

/** The app's dataset store (IndexedDB, or memory); rejects where the persistence has none. */
export async function datasetStore(): Promise<DatasetStore> {
  const open = services().persistence.datasets;
  // A test fake without datasets: the panel says storage failed.
  if (!open) throw new TypeError();
  return open();
}

/** A new dataset record named `name`. */
export function newDataset(name: string): Dataset {
  const now = services().now();
  return { id: services().newId('dataset'), name, scorers: defaultScorers(), createdAt: now, updatedAt: now };
}

function message(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * Something read from the dataset store, read again after each change made through `change`, after an outside
 * change (a sync: `onDatasetsChanged`) and when `read` changes; `error` when storage failed.
 */
export function useStoreRead<T>(read: (store: DatasetStore) => Promise<T>): {
  value: T | undefined;
  error: string | undefined;
  change: (work: (store: DatasetStore) => Promise<void>) => Promise<boolean>;
} {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const load = (): void => {
      datasetStore()
        .then(read)
        .then(
          (next) => live && setValue(next),
          (failure: unknown) => live && setError(message(failure)),
        );
    };
    load();
    const stop = onDatasetsChanged(load);
    return () => {
      live = false;
      stop();
    };
  }, [read]);
  const change = useCallback(
    async (work: (store: DatasetStore) => Promise<void>) => {
      let ok = false;
      try {
        const store = await datasetStore();
        try {
          await work(store);
          ok = true;
          setError(undefined);
        } finally {
          setValue(await read(store));
        }
      } catch (failure) {
        setError(message(failure));
      }
      return ok;
    },
    [read],
  );
  return { value, error, change };
}

const listDatasets = (store: DatasetStore) => store.list();

/** The datasets, oldest first. */
export function useDatasets() {
  const { value, error, change } = useStoreRead(listDatasets);
  return { datasets: value, error, change };
}
