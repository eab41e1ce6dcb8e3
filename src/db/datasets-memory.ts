import type { Dataset, DatasetItem } from '../evals/eval-types.ts';
import { sortItems, type DatasetStore, type DatasetWithItems } from './datasets.ts';

const stores = new WeakMap<object, DatasetStore>();

/** Datasets kept in memory for the page's life (when IndexedDB is unusable), one store per memory persistence. */
export function memoryDatasetStore(owner: object): DatasetStore {
  let store = stores.get(owner);
  if (!store) {
    store = createMemoryDatasetStore();
    stores.set(owner, store);
  }
  return store;
}

function createMemoryDatasetStore(): DatasetStore {
  const datasets = new Map<string, Dataset>();
  const items = new Map<string, DatasetItem>();
  return {
    list: async () =>
      [...datasets.values()].map((dataset) => structuredClone(dataset)).sort((a, b) => a.createdAt - b.createdAt),
    save: async (dataset) => {
      datasets.set(dataset.id, structuredClone(dataset));
    },
    remove: async (datasetId) => {
      datasets.delete(datasetId);
      for (const [id, item] of items) if (item.datasetId === datasetId) items.delete(id);
    },
    items: async (datasetId) =>
      sortItems(
        [...items.values()].filter((item) => item.datasetId === datasetId).map((item) => structuredClone(item)),
      ),
    addItems: async (added, now) => {
      for (const item of added) {
        items.set(item.id, structuredClone(item));
        const dataset = datasets.get(item.datasetId);
        if (dataset) datasets.set(dataset.id, { ...dataset, updatedAt: now });
      }
    },
    removeItem: async (itemId) => {
      items.delete(itemId);
    },
  };
}

/** Every dataset with its items, for Export all from the memory storage. */
export async function exportMemoryDatasets(owner: object): Promise<DatasetWithItems[]> {
  const store = memoryDatasetStore(owner);
  const datasets = await store.list();
  return Promise.all(datasets.map(async (dataset) => ({ ...dataset, items: await store.items(dataset.id) })));
}

/** Adds a file's datasets to the memory storage with the IndexedDB import's rules (unchanged: skipped; clash: a copy). */
export async function importMemoryDatasets(
  owner: object,
  datasets: readonly DatasetWithItems[],
  newId: (prefix: 'dataset' | 'item') => string,
): Promise<void> {
  const store = memoryDatasetStore(owner);
  const known = new Map((await store.list()).map((dataset) => [dataset.id, dataset]));
  const itemIds = new Set<string>();
  for (const dataset of known.values()) for (const item of await store.items(dataset.id)) itemIds.add(item.id);
  for (const { items, ...dataset } of datasets) {
    const existing = known.get(dataset.id);
    if (existing && existing.name === dataset.name && (await store.items(dataset.id)).length === items.length) continue;
    const id = existing ? newId('dataset') : dataset.id;
    await store.save({ ...dataset, id });
    const copied = items.map((item) => ({
      ...item,
      id: existing || itemIds.has(item.id) ? newId('item') : item.id,
      datasetId: id,
    }));
    for (const item of copied) itemIds.add(item.id);
    await store.addItems(copied, dataset.updatedAt);
  }
}
