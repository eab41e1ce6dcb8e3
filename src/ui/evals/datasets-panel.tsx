import { useState, type FormEvent } from 'react';
import type { Dataset } from '../../evals/eval-types.ts';
import { Button } from '../components/button.tsx';
import { classNames } from '../components/class-names.ts';
import { DatasetView } from './dataset-view.tsx';
import { newDataset, useDatasets } from './use-datasets.ts';
import { useDatasetsT } from './use-datasets-t.ts';

const INPUT_CLASSES =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * The datasets of the Evals dialog: the list (`Datasets`), `New dataset`, and the chosen dataset's items, import
 * and scorers. Everything is stored as it changes.
 */
export function DatasetsPanel() {
  const t = useDatasetsT();
  const { datasets, error, change } = useDatasets();
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const [naming, setNaming] = useState<string | null>(null);
  const selected = datasets?.find((dataset) => dataset.id === selectedId) ?? datasets?.[0];

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const name = (naming ?? '').trim() || t('defaultDatasetName', { count: (datasets?.length ?? 0) + 1 });
    const dataset = newDataset(name);
    if (await change((store) => store.save(dataset))) {
      setSelectedId(dataset.id);
      setNaming(null);
    }
  };

  return (
    <section className="flex shrink-0 flex-col gap-3 md:flex-row">
      <div className="flex w-full shrink-0 flex-col gap-2 md:w-56">
        <h3 className="text-sm font-semibold text-zinc-700 dark:text-zinc-200">{t('datasetsHeading')}</h3>
        <ul aria-label="Datasets" className="flex flex-col gap-1">
          {(datasets ?? []).map((dataset) => (
            <li key={dataset.id} aria-label={dataset.name}>
              <button
                type="button"
                aria-current={dataset.id === selected?.id ? 'true' : undefined}
                onClick={() => setSelectedId(dataset.id)}
                className={classNames(
                  'w-full truncate rounded-md px-2 py-1 text-left text-sm',
                  dataset.id === selected?.id
                    ? 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/50 dark:text-indigo-100'
                    : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
                )}
              >
                {dataset.name}
              </button>
            </li>
          ))}
        </ul>
        {datasets?.length === 0 ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('noDatasets')}</p> : null}
        {naming === null ? (
          <Button size="sm" aria-label="New dataset" onClick={() => setNaming('')}>
            {t('newDataset')}
          </Button>
        ) : (
          <form onSubmit={(event) => void create(event)} className="flex flex-col gap-1">
            <input
              aria-label="Dataset name"
              placeholder={t('datasetName')}
              value={naming}
              autoFocus
              onChange={(event) => setNaming(event.target.value)}
              className={INPUT_CLASSES}
            />
            <div className="flex gap-1">
              <Button size="sm" variant="primary" type="submit">
                {t('createDataset')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setNaming(null)}>
                {t('cancel')}
              </Button>
            </div>
          </form>
        )}
        {error !== undefined ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t('storageFailed', { error })}
          </p>
        ) : null}
      </div>
      {selected ? (
        <DatasetView
          key={selected.id}
          dataset={selected}
          onChange={(next: Dataset) => void change((store) => store.save(next))}
          onDelete={() => void change((store) => store.remove(selected.id))}
        />
      ) : null}
    </section>
  );
}
