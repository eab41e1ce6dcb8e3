import { describe, expect, it } from 'vitest';
import { emptyCell } from './experiment-runner.ts';
import { summarizeCell } from './cell-summary.ts';
import { fullCells, passRates, regressions, resultsCsv } from './experiment-results.ts';
import type { CellResult, ExperimentRecord } from './experiment-types.ts';

function cell(itemIndex: number, variant: number, status: CellResult['status'], pass?: boolean): CellResult {
  const key = `${itemIndex}:${variant}:0`;
  return { ...emptyCell({ key, itemIndex, variant, repetition: 0 }, status), ...(pass === undefined ? {} : { pass }) };
}

describe('experiment results', () => {
  const cells = [
    cell(0, 0, 'done', true),
    cell(0, 1, 'done', false),
    cell(1, 0, 'done', true),
    cell(1, 1, 'failed', false),
    cell(2, 0, 'done', false),
    cell(2, 1, 'done', true),
    cell(3, 0, 'not-run'),
    cell(3, 1, 'stopped', false),
  ];

  it('counts finished cells in the pass rate (a failed run is a fail), not those not run or stopped', () => {
    const [first, second] = passRates(cells, 2);
    expect(first).toMatchObject({ passes: 2, total: 3, notRun: 1 });
    expect(second).toMatchObject({ passes: 1, total: 3, notRun: 1 });
    expect(first?.rate).toBeCloseTo(2 / 3);
    expect(first?.low).toBeGreaterThan(0.2);
    expect(first?.high).toBeLessThan(0.95);
  });

  it('lists the items that passed under the baseline and not under the other variant', () => {
    expect(regressions(cells, 0).map((found) => found.itemIndex)).toEqual([0, 1]);
    expect(regressions(cells, 1).map((found) => found.itemIndex)).toEqual([2]);
  });

  it('exports a CSV row per cell with quoted fields', () => {
    const record = {
      id: 'exp_1',
      name: 'x',
      createdAt: 0,
      updatedAt: 0,
      status: 'done',
      config: {
        datasetId: 'd',
        datasetName: 'd',
        items: [{ id: 'i0', datasetId: 'd', input: 'Say "hi", please\n两次', expected: 'hi', createdAt: 0 }],
        scorers: [],
        variants: [],
        repetitions: 1,
        concurrency: 1,
        costCap: null,
      },
      cells: [summarizeCell({ ...cell(0, 0, 'done', true), answer: 'hi, hi' }), summarizeCell(cell(0, 1, 'not-run'))],
    } satisfies ExperimentRecord;
    // The full cells as storage keeps them (the one not run has none): the grid's summary stands in for it.
    const full = fullCells(record, [{ ...cell(0, 0, 'done', true), answer: 'hi, hi' }]);
    expect(full[1]).toEqual(cell(0, 1, 'not-run'));
    const lines = resultsCsv(record, full).split('\n');
    expect(lines[0]).toBe(
      'item,input,expected,variant,repetition,status,pass,score,reasons,answer,error,cost_usd,tokens,latency_ms,steps',
    );
    expect(resultsCsv(record, full)).toContain('\n两次",hi,Variant 2,1,not-run,,,,,,0,0,0,0\n');
    expect(resultsCsv(record, full)).toContain(
      'i0,"Say ""hi"", please\n两次",hi,Variant 1,1,done,true,,,"hi, hi",,0,0,0,0',
    );
  });
});
