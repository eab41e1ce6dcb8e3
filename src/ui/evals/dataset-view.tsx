import { useCallback } from 'react';
import type { DatasetStore } from '../../db/datasets.ts';
import type { Dataset, DatasetItem } from '../../evals/eval-types.ts';
import { Button } from '../components/button.tsx';
import { ImportItems, ItemForm } from './item-form.tsx';
import { ScorersGroup } from './scorers-group.tsx';
import { useStoreRead } from './use-datasets.ts';
import { useDatasetsT } from './use-datasets-t.ts';

/** One dataset: its items (`Dataset items`), adding and importing items, its scorers. */
export function DatasetView({
  dataset,
  onChange,
  onDelete,
}: {
  dataset: Dataset;
  onChange: (dataset: Dataset) => void;
  onDelete: () => void;
}) {
  const t = useDatasetsT();
  const readItems = useCallback((store: DatasetStore) => store.items(dataset.id), [dataset.id]);
  const { value: items = [], error, change } = useStoreRead(readItems);
  const reload = () => void change(async () => undefined);

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-3">
      <div className="flex items-center gap-2">
        <h3 className="min-w-0 flex-1 truncate text-base font-semibold text-zinc-900 dark:text-zinc-100">
          {dataset.name}
        </h3>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{t('itemCount', { count: items.length })}</span>
        <Button size="sm" variant="danger" onClick={onDelete}>
          {t('deleteDataset')}
        </Button>
      </div>
      <ItemsTable items={items} onRemove={(id) => void change((store) => store.removeItem(id))} />
      <ItemForm datasetId={dataset.id} onAdded={reload} />
      <ImportItems datasetId={dataset.id} onAdded={reload} />
      {error !== undefined ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('storageFailed', { error })}
        </p>
      ) : null}
      <ScorersGroup dataset={dataset} onChange={onChange} />
    </div>
  );
}

const CELL = 'border-b border-zinc-200 px-2 py-1 align-top dark:border-zinc-700';

/** The items as a table: input, expected output, tags, expected tools; a delete button per row. */
function ItemsTable({ items, onRemove }: { items: DatasetItem[]; onRemove: (id: string) => void }) {
  const t = useDatasetsT();
  return (
    <div className="max-h-72 overflow-auto rounded-md border border-zinc-200 dark:border-zinc-700">
      <table aria-label="Dataset items" className="w-full text-left text-sm text-zinc-800 dark:text-zinc-200">
        <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          <tr>
            <th className={CELL}>{t('columnInput')}</th>
            <th className={CELL}>{t('columnExpected')}</th>
            <th className={CELL}>{t('columnTags')}</th>
            <th className={CELL}>{t('columnTools')}</th>
            <th className={CELL}>
              <span className="sr-only">{t('columnActions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td className={`${CELL} break-words whitespace-pre-wrap`}>
                {item.input}
                {item.files?.length ? (
                  <span className="mt-0.5 block text-xs text-zinc-500 dark:text-zinc-400">
                    {t('itemFilesList', { names: item.files.map((file) => file.name).join(', ') })}
                  </span>
                ) : null}
              </td>
              <td className={`${CELL} break-words whitespace-pre-wrap`}>{item.expected ?? ''}</td>
              <td className={CELL}>{(item.tags ?? []).join('; ')}</td>
              <td className={CELL}>{(item.tools?.called ?? []).join(', ')}</td>
              <td className={CELL}>
                <Button size="sm" variant="ghost" onClick={() => onRemove(item.id)}>
                  {t('deleteItem')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {items.length === 0 ? <p className="px-2 py-2 text-xs text-zinc-500 dark:text-zinc-400">{t('noItems')}</p> : null}
    </div>
  );
}
