import type { Dataset, DatasetItem } from '../evals/eval-types.ts';
import { sortItems, type DatasetStore } from './datasets.ts';

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
