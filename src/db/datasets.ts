import type { IDBPTransaction, StoreNames } from 'idb';
import type { Dataset, DatasetItem } from '../evals/eval-types.ts';
import type { GlassboxDB } from './schema.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** Where eval datasets and their items are kept (IndexedDB, or memory when IndexedDB is unusable). */
export interface DatasetStore {
  /** Every dataset, oldest first. */
  list(): Promise<Dataset[]>;
  /** Creates or replaces a dataset (its name, its scorers). */
  save(dataset: Dataset): Promise<void>;
  /** Deletes a dataset and its items. */
  remove(datasetId: string): Promise<void>;
  /** A dataset's items in the order they were added. */
  items(datasetId: string): Promise<DatasetItem[]>;
  /** Adds items (all or none) and marks their datasets updated at `now`. */
  addItems(items: readonly DatasetItem[], now: number): Promise<void>;
  removeItem(itemId: string): Promise<void>;
}

/** A dataset with its items, as Export all writes it. */
export type DatasetWithItems = Dataset & { items: DatasetItem[] };

/** Items in the order they were added (an import's items share a clock reading: then by id). */
export function sortItems(items: DatasetItem[]): DatasetItem[] {
  return items.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The datasets store of the app's database. */
export function createIndexedDbDatasetStore(db: GlassboxDatabase): DatasetStore {
  return {
    list: () => readStorage(async () => (await db.getAll('datasets')).sort((a, b) => a.createdAt - b.createdAt)),
    save: (dataset) =>
      runTransaction(db, ['datasets'], 'readwrite', async (tx) => void (await tx.objectStore('datasets').put(dataset))),
    remove: (datasetId) =>
      runTransaction(db, ['datasets', 'datasetItems'], 'readwrite', async (tx) => {
        const items = tx.objectStore('datasetItems');
        const keys = await items.index('by-dataset').getAllKeys(datasetId);
        await Promise.all([...keys.map((key) => items.delete(key)), tx.objectStore('datasets').delete(datasetId)]);
      }),
    items: (datasetId) =>
      readStorage(async () => sortItems(await db.getAllFromIndex('datasetItems', 'by-dataset', datasetId))),
    addItems: (items, now) =>
      runTransaction(db, ['datasets', 'datasetItems'], 'readwrite', async (tx) => {
        await Promise.all(items.map((item) => tx.objectStore('datasetItems').add(item)));
        await touchDatasets(tx, new Set(items.map((item) => item.datasetId)), now);
      }),
    removeItem: (itemId) =>
      runTransaction(
        db,
        ['datasetItems'],
        'readwrite',
        async (tx) => void (await tx.objectStore('datasetItems').delete(itemId)),
      ),
  };
}

type DatasetsTransaction = IDBPTransaction<GlassboxDB, ('datasets' | 'datasetItems')[], 'readwrite'>;

async function touchDatasets(tx: DatasetsTransaction, ids: ReadonlySet<string>, now: number): Promise<void> {
  const store = tx.objectStore('datasets');
  for (const id of ids) {
    const dataset = await store.get(id);
    if (dataset) await store.put({ ...dataset, updatedAt: now });
  }
}

/** Every dataset with its items, for Export all. */
export async function exportDatasets(db: GlassboxDatabase): Promise<DatasetWithItems[]> {
  const store = createIndexedDbDatasetStore(db);
  const datasets = await store.list();
  return Promise.all(datasets.map(async (dataset) => ({ ...dataset, items: await store.items(dataset.id) })));
}

/**
 * Writes the datasets of an imported file inside the import's transaction; nothing is overwritten: a dataset
 * already stored unchanged (same id, name and items) is skipped, one whose id is taken comes in as a copy with new
 * ids. Returns how many datasets were written.
 */
export async function importDatasets<Names extends StoreNames<GlassboxDB>>(
  importTx: IDBPTransaction<GlassboxDB, Names[], 'readwrite'>,
  datasets: readonly DatasetWithItems[],
  newId: (prefix: 'dataset' | 'item') => string,
): Promise<number> {
  // The import's transaction covers the datasets stores (IMPORT_STORES lists them).
  const tx = importTx as unknown as DatasetsTransaction;
  const store = tx.objectStore('datasets');
  const items = tx.objectStore('datasetItems');
  let written = 0;
  for (const { items: fileItems, ...dataset } of datasets) {
    const existing = await store.get(dataset.id);
    if (existing) {
      const stored = await items.index('by-dataset').count(dataset.id);
      if (existing.name === dataset.name && stored === fileItems.length) continue;
    }
    const id = existing ? newId('dataset') : dataset.id;
    await store.add({ ...dataset, id });
    for (const item of fileItems) {
      const taken = existing !== undefined || (await items.getKey(item.id)) !== undefined;
      await items.add({ ...item, id: taken ? newId('item') : item.id, datasetId: id });
    }
    written += 1;
  }
  return written;
}
