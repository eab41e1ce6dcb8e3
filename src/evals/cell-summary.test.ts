import { describe, expect, it } from 'vitest';
import { decodeGrid, encodeGrid, REASONS_LIMIT, summarizeCell } from './cell-summary.ts';
import { emptyCell, planCells } from './experiment-runner.ts';
import type { CellResult, ExperimentVariant } from './experiment-types.ts';

const variant: ExperimentVariant = {
  model: '',
  protocol: 'tools',
  systemPrompt: '',
  delegation: false,
  answerCheck: false,
  temperature: null,
};
const shape = {
  items: [0, 1, 2].map((index) => ({ id: `i${index}`, datasetId: 'd', input: `q${index}`, createdAt: 0 })),
  variants: [variant, variant],
  repetitions: 2,
};

function scored(cell: CellResult, pass: boolean, reason: string): CellResult {
  return {
    ...cell,
    status: 'done',
    runId: `run_${cell.key}`,
    sessionId: `sess_${cell.key}`,
    answer: 'a long answer that the grid does not keep',
    scores: [{ scorer: 'contains', name: 'Contains expected', value: pass ? 1 : 0, pass, reason }],
    pass,
    score: pass ? 1 : 0,
    costUsd: 0.25,
    tokens: 321,
    latencyMs: 1234.5,
    steps: 3,
  };
}

describe('the grid summary of experiment cells', () => {
  it('keeps each cell’s verdict, figures, reasons and whether it ran, through its columns, in plan order', () => {
    const plans = planCells(3, 2, 2);
    const cells = plans.map((plan, index) =>
      index === 0
        ? scored(emptyCell(plan, 'done'), true, 'Contains it')
        : index === 1
          ? { ...scored(emptyCell(plan, 'done'), false, 'Does not contain “x”'), error: 'boom' }
          : index === 2
            ? { ...emptyCell(plan, 'failed'), runId: 'run_f', pass: false, error: 'HTTP 401' }
            : emptyCell(plan, index % 2 === 0 ? 'not-run' : 'stopped'),
    );
    const summaries = cells.map(summarizeCell);
    // Written out of order: each lands at its plan index.
    const decoded = decodeGrid(encodeGrid(summaries.toReversed(), shape), shape);
    expect(decoded).toEqual(summaries);
    expect(decoded[0]).toMatchObject({ pass: true, score: 1, ran: true, tokens: 321, latencyMs: 1234.5, steps: 3 });
    expect(decoded[1]?.reasons).toBe('Contains expected: 0.00 — Does not contain “x”\nboom');
    expect(decoded[2]).toMatchObject({ status: 'failed', pass: false, ran: true, reasons: 'HTTP 401' });
    expect(decoded[3]).not.toHaveProperty('pass');
    expect(decoded[3]).not.toHaveProperty('score');
    expect(decoded[3]).toMatchObject({ status: 'stopped', ran: false, reasons: '' });
    expect(decoded[0]).not.toHaveProperty('answer');
  });

  it('cuts long reasons short for the grid', () => {
    const long = scored(
      emptyCell({ key: '0:0:0', itemIndex: 0, variant: 0, repetition: 0 }, 'done'),
      false,
      'x'.repeat(2000),
    );
    const reasons = summarizeCell(long).reasons;
    expect(reasons).toHaveLength(REASONS_LIMIT);
    expect(reasons.endsWith('…')).toBe(true);
  });

  it('leaves out a cell outside the plan', () => {
    const stray = summarizeCell(emptyCell({ key: '9:0:0', itemIndex: 9, variant: 0, repetition: 0 }, 'done'));
    const decoded = decodeGrid(encodeGrid([stray], shape), shape);
    expect(decoded).toHaveLength(12);
    expect(decoded.every((cell) => cell.status === 'pending')).toBe(true);
  });
});
