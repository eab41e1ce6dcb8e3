import { describe, expect, it } from 'vitest';
import { summarizeCell } from '../evals/cell-summary.ts';
import { emptyCell, planCells } from '../evals/experiment-runner.ts';
import type { CellResult, ExperimentRecord, ExperimentRunRecord } from '../evals/experiment-types.ts';
import { createTestIndexedDb, openTestDb } from '../testing/fake-db.ts';
import { createExperimentStorage, createMemoryExperimentStorage, type ExperimentStorage } from './experiments.ts';
import { openRaw } from './legacy-db-fixtures.ts';
import { openGlassboxDb } from './open-db.ts';

function fullCell(itemIndex: number, variant: number): CellResult {
  const plan = { key: `${itemIndex}:${variant}:0`, itemIndex, variant, repetition: 0 };
  const pass = variant === 0;
  return {
    ...emptyCell(plan, 'done'),
    runId: `run_${plan.key}`,
    sessionId: `sess_${plan.key}`,
    answer: `answer ${plan.key}`,
    scores: [
      { scorer: 'contains', name: 'Contains expected', value: Number(pass), pass, reason: `reason ${plan.key}` },
    ],
    pass,
    score: Number(pass),
  };
}

function experiment(id: string, createdAt: number, cells: CellResult[]): ExperimentRecord {
  return {
    id,
    name: id,
    createdAt,
    updatedAt: createdAt,
    status: 'done',
    config: {
      datasetId: 'd',
      datasetName: 'd',
      items: [0, 1].map((index) => ({ id: `i${index}`, datasetId: 'd', input: `q${index}`, createdAt: 0 })),
      scorers: [{ kind: 'contains', enabled: true }],
      variants: [0, 1].map(() => ({
        model: '',
        protocol: 'tools' as const,
        systemPrompt: '',
        delegation: false,
        answerCheck: false,
        temperature: null,
      })),
      repetitions: 1,
      concurrency: 1,
      costCap: null,
    },
    cells: cells.map(summarizeCell),
  };
}

const run = (experimentId: string, key: string): ExperimentRunRecord => ({
  experimentId,
  key,
  sessionId: 's',
  runId: `run_${key}`,
  entries: [],
  spans: [],
});

describe.each([
  ['IndexedDB', async () => createExperimentStorage(await openTestDb())],
  ['memory', async () => createMemoryExperimentStorage()],
])('the %s experiment storage', (_name, open: () => Promise<ExperimentStorage>) => {
  it('lists what the grid shows of each cell, keeps cells in full apart, and deletes an experiment with its cells and runs', async () => {
    const storage = await open();
    const cells = planCells(2, 2, 1).map((plan) => fullCell(plan.itemIndex, plan.variant));
    await storage.put(experiment('exp_a', 1, cells));
    await storage.put(experiment('exp_b', 2, cells.slice(0, 1)));
    for (const cell of cells) await storage.putCell('exp_a', cell);
    await storage.putCell('exp_b', cells[0] as CellResult);
    for (const id of ['exp_a', 'exp_b']) await storage.putRun(run(id, '0:0:0'));

    const [newest, older] = await storage.list();
    expect(newest?.id).toBe('exp_b');
    expect(older?.cells).toEqual(cells.map(summarizeCell));
    expect(older?.cells[1]).not.toHaveProperty('answer');
    expect((await storage.listCells('exp_a')).sort((a, b) => a.key.localeCompare(b.key))).toEqual(cells);

    await storage.remove('exp_a');
    expect((await storage.list()).map((record) => record.id)).toEqual(['exp_b']);
    expect(await storage.listCells('exp_a')).toEqual([]);
    expect(await storage.getRun('exp_a', '0:0:0')).toBeUndefined();
    expect(await storage.listCells('exp_b')).toEqual([cells[0]]);
    expect(await storage.getRun('exp_b', '0:0:0')).toMatchObject({ runId: 'run_0:0:0' });
  });
});

describe('experiments written before version 11', () => {
  it('are still read: the grid from the cells inside the record, and the cells in full for exports', async () => {
    const factory = createTestIndexedDb();
    const cells = planCells(2, 2, 1).map((plan) => fullCell(plan.itemIndex, plan.variant));
    const { cells: _summaries, ...header } = experiment('exp_old', 1, cells);
    const old = await openRaw(factory, 'v10', 10, (db) => {
      db.createObjectStore('experiments', { keyPath: 'id' });
      db.createObjectStore('experimentRuns', { keyPath: ['experimentId', 'key'] });
    });
    await old.put('experiments', { ...header, cells });
    old.close();

    const storage = createExperimentStorage(await openGlassboxDb({ indexedDB: factory, name: 'v10' }));
    const [record] = await storage.list();
    expect(record?.cells).toEqual(cells.map(summarizeCell));
    expect(await storage.listCells('exp_old')).toEqual(cells);
  });
});
