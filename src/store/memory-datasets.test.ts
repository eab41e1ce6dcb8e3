import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetItem } from '../evals/eval-types.ts';
import { createMemoryPersistence } from './memory-persistence.ts';

function dataset(id: string, name: string): Dataset {
  return { id, name, scorers: [{ kind: 'contains', enabled: true }], createdAt: 1, updatedAt: 1 };
}

function item(
  id: string,
  datasetId: string,
  input: string,
  createdAt: number,
  extra: Partial<DatasetItem> = {},
): DatasetItem {
  return { id, datasetId, input, createdAt, ...extra };
}

describe('datasets in the memory storage’s Export all and Import', () => {
  it('round-trip, and a second import of the same file adds nothing', async () => {
    let id = 0;
    const options = { newId: (prefix: string) => `${prefix}_${++id}`, now: () => 5 };
    const source = createMemoryPersistence(options);
    const store = await source.datasets?.();
    await store?.save(dataset('ds_1', 'Weather'));
    await store?.addItems([item('it_1', 'ds_1', '天气？', 1, { expected: '5' })], 2);
    const file = await source.exportSessions({ all: true });
    const target = createMemoryPersistence(options);
    expect((await target.importFile(file.text, file.fileName)).ok).toBe(true);
    expect((await target.importFile(file.text, file.fileName)).ok).toBe(true);
    const imported = await target.datasets?.();
    expect((await imported?.list())?.map((entry) => entry.name)).toEqual(['Weather']);
    expect(await imported?.items('ds_1')).toEqual([item('it_1', 'ds_1', '天气？', 1, { expected: '5' })]);
  });
});
