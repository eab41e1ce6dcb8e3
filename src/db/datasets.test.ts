import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetItem } from '../evals/eval-types.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { createIndexedDbDatasetStore, exportDatasets } from './datasets.ts';
import { memoryDatasetStore } from './datasets-memory.ts';
import { exportSessions, importParsed, parseImportFile } from './session-file.ts';
import { sequentialIds } from './test-fixtures.ts';

const NOW = new Date('2026-12-05T10:00:00Z');

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

function parsed(text: string) {
  const result = parseImportFile(text, 'all.json');
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe.each([
  ['IndexedDB', async () => createIndexedDbDatasetStore(await openTestDb())],
  ['memory', async () => memoryDatasetStore({})],
])('the %s dataset store', (_name, open) => {
  it('keeps datasets and their items in the order added, and deletes a dataset with its items', async () => {
    const store = await open();
    await store.save(dataset('ds_1', 'Weather'));
    await store.save(dataset('ds_2', 'Maths'));
    await store.addItems(
      [item('it_b', 'ds_1', 'second', 5), item('it_a', 'ds_1', 'first', 2), item('it_c', 'ds_2', 'other', 3)],
      99,
    );
    expect((await store.items('ds_1')).map((entry) => entry.input)).toEqual(['first', 'second']);
    expect((await store.list()).map((entry) => [entry.id, entry.updatedAt])).toEqual([
      ['ds_1', 99],
      ['ds_2', 99],
    ]);
    await store.removeItem('it_a');
    expect((await store.items('ds_1')).map((entry) => entry.id)).toEqual(['it_b']);
    await store.remove('ds_1');
    expect((await store.list()).map((entry) => entry.id)).toEqual(['ds_2']);
    expect(await store.items('ds_1')).toEqual([]);
    expect(await store.items('ds_2')).toHaveLength(1);
  });
});

describe('datasets in Export all and Import', () => {
  it('round-trip with their items and scorers, and are not in a one-session export', async () => {
    const source = await openTestDb();
    const store = createIndexedDbDatasetStore(source);
    await store.save({ ...dataset('ds_1', '天气'), scorers: [{ kind: 'regex', enabled: true, text: '\\d+' }] });
    await store.addItems(
      [
        item('it_1', 'ds_1', '北京和上海的温差？', 1, {
          expected: '5',
          tags: ['cjk'],
          tools: { called: ['get_weather'] },
        }),
      ],
      2,
    );
    const file = await exportSessions(source, { includeNotes: true, now: NOW });
    expect(file.datasets?.[0]?.items).toHaveLength(1);
    expect((await exportSessions(source, { sessionIds: [], includeNotes: false, now: NOW })).datasets).toBeUndefined();

    const target = await openTestDb();
    await importParsed(target, parsed(JSON.stringify(file)), { newId: sequentialIds() });
    expect(await exportDatasets(target)).toEqual(await exportDatasets(source));

    // Importing the same file again changes nothing; a changed dataset of the same id comes in as a copy.
    await importParsed(target, parsed(JSON.stringify(file)), { newId: sequentialIds() });
    expect(await exportDatasets(target)).toHaveLength(1);
    const renamed = { ...file, datasets: file.datasets?.map((entry) => ({ ...entry, name: 'Renamed' })) };
    await importParsed(target, parsed(JSON.stringify(renamed)), { newId: sequentialIds() });
    const after = await exportDatasets(target);
    expect(after.map((entry) => entry.name).sort()).toEqual(['Renamed', '天气']);
    const copy = after.find((entry) => entry.name === 'Renamed');
    expect(copy?.id).not.toBe('ds_1');
    expect(copy?.items[0]).toMatchObject({ datasetId: copy?.id, input: '北京和上海的温差？' });
    expect(copy?.items[0]?.id).not.toBe('it_1');
  });

  it('imports an older file without datasets, and refuses a file whose datasets are malformed', async () => {
    const old = { format: 'glassbox.sessions', version: 1, exportedAt: NOW.toISOString(), scope: 'all', sessions: [] };
    const db = await openTestDb();
    await importParsed(db, parsed(JSON.stringify(old)), { newId: sequentialIds() });
    expect(await exportDatasets(db)).toEqual([]);
    const bad = parseImportFile(JSON.stringify({ ...old, datasets: [{ id: 'ds_1', name: 'x' }] }), 'all.json');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toContain('datasets.0');
  });
});
