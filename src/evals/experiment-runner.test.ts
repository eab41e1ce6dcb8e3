import { describe, expect, it } from 'vitest';
import { fakeToolContext } from '../agent/test-harness.ts';
import { runAgent, type RunAgentOptions } from '../agent/run-agent.ts';
import { ModelError } from '../model/model-error.ts';
import type { ModelRequest, ModelResponse } from '../model/model.ts';
import { createScriptedModel, type ScriptedModel } from '../testing/scripted-model.ts';
import type { DatasetItem, ScorerConfig } from './eval-types.ts';
import { runExperimentItem, type ItemRunDeps, type ItemRunHooks } from './experiment-item.ts';
import { planCells, runSchedule } from './experiment-runner.ts';
import type { CellPlan } from './experiment-types.ts';
import { scoreRun } from './scorers/index.ts';

const items: DatasetItem[] = ['one', 'two', 'three', 'four', 'five', 'six'].map((word, index) => ({
  id: `item_${index}`,
  datasetId: 'ds',
  input: `Say ${word}`,
  expected: word,
  createdAt: 0,
}));
const scorers: ScorerConfig[] = [{ kind: 'contains', enabled: true }];

/** The answer the model gives: the word asked for; `fail` words make the endpoint fail. */
function reply(request: ModelRequest, fail: ReadonlySet<string>): ModelResponse {
  const last = request.messages.findLast((message) => message.role === 'user');
  const word = String(last?.content ?? '').replace('Say ', '');
  if (fail.has(word)) throw new ModelError('auth', `Upstream failed for ${word}`, { status: 401 });
  return { text: `It is ${word}.`, reasoning: '', toolCalls: [], finishReason: 'stop' };
}

/** Cells that run through runAgent on a scripted model; `gate` holds each call until the test lets it go. */
function setup(options: { fail?: string[]; gate?: () => Promise<void>; cost?: number } = {}) {
  const fail = new Set(options.fail ?? []);
  let inFlight = 0;
  let maxInFlight = 0;
  const started: string[] = [];
  const model: ScriptedModel = createScriptedModel([]);
  for (let index = 0; index < 100; index += 1)
    model.push(async (request) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await options.gate?.();
        return reply(request, fail);
      } finally {
        inFlight -= 1;
      }
    });
  let sessions = 0;
  let clock = 1_000;
  const deps: ItemRunDeps = {
    runAgent,
    buildOptions: (hooks: ItemRunHooks): RunAgentOptions => {
      started.push(hooks.runInput);
      return {
        sessionId: hooks.sessionId,
        model,
        tools: [],
        history: hooks.history,
        systemPrompt: 'Answer.',
        limits: { maxSteps: 4, maxToolCalls: 4, deadlineMs: 60_000, toolTimeoutMs: 30_000, maxObservationChars: 4_000 },
        protocol: 'tools',
        tracer: hooks.tracer,
        runInput: hooks.runInput,
        toolContext: fakeToolContext(),
        approve: async () => false,
        signal: hooks.signal,
        onEvent: hooks.onEvent,
        newId: (prefix) => `${prefix}_${(clock += 1)}`,
        now: () => (clock += 1),
      };
    },
    scoreRun,
    cost: () => options.cost ?? 0,
    newSessionId: () => `sess_exp_${(sessions += 1)}`,
    now: () => (clock += 1),
  };
  const runCell = async (plan: CellPlan, signal: AbortSignal) =>
    (await runExperimentItem(plan, items[plan.itemIndex] as DatasetItem, scorers, deps, signal)).result;
  return { deps, runCell, started, stats: () => ({ maxInFlight, inFlight }) };
}

describe('experiment runner', () => {
  it('runs every cell through runAgent, scores it, and never has more than the concurrency limit in flight', async () => {
    const { runCell, stats } = setup({ gate: () => new Promise((resolve) => setTimeout(resolve, 1)) });
    const cells = planCells(items.length, 1, 1);
    const outcome = await runSchedule({
      cells,
      concurrency: 2,
      costCap: null,
      signal: new AbortController().signal,
      runCell,
    });
    expect(stats().maxInFlight).toBe(2);
    expect(outcome.cut).toBeUndefined();
    expect(outcome.cells.map((cell) => cell.status)).toEqual(Array(6).fill('done'));
    expect(outcome.cells.every((cell) => cell.pass)).toBe(true);
    expect(outcome.cells[0]?.scores[0]?.reason).toContain('one');
    expect(outcome.cells[0]?.runId).toMatch(/./);
    expect(outcome.cells[0]?.steps).toBe(1);
  });

  it('starts no cell after Stop: the rest are not run', async () => {
    const stop = new AbortController();
    const { runCell, started } = setup();
    const cells = planCells(items.length, 1, 1);
    const outcome = await runSchedule({
      cells,
      concurrency: 1,
      costCap: null,
      signal: stop.signal,
      runCell,
      onCell: (cell) => {
        if (cell.key === '1:0:0' && cell.status === 'done') stop.abort();
      },
    });
    expect(started).toEqual(['Say one', 'Say two']);
    expect(outcome.cut).toBe('stopped');
    expect(outcome.cells.map((cell) => cell.status)).toEqual([
      'done',
      'done',
      'not-run',
      'not-run',
      'not-run',
      'not-run',
    ]);
  });

  it('starts no cell once the cells run cost the cap', async () => {
    const { runCell, started } = setup({ cost: 0.4 });
    const outcome = await runSchedule({
      cells: planCells(items.length, 1, 1),
      concurrency: 1,
      costCap: 1,
      signal: new AbortController().signal,
      runCell,
    });
    expect(started).toHaveLength(3);
    expect(outcome.cut).toBe('cost-cap');
    expect(outcome.cells.filter((cell) => cell.status === 'not-run')).toHaveLength(3);
  });

  it('fails only the cell whose endpoint call failed, with its error', async () => {
    const { runCell } = setup({ fail: ['three'] });
    const outcome = await runSchedule({
      cells: planCells(items.length, 1, 1),
      concurrency: 3,
      costCap: null,
      signal: new AbortController().signal,
      runCell,
    });
    const failed = outcome.cells[2];
    expect(failed?.status).toBe('failed');
    expect(failed?.pass).toBe(false);
    expect(failed?.error).toMatch(/./);
    expect(outcome.cells.filter((cell) => cell.status === 'done')).toHaveLength(5);
  });

  it('turns a cell that throws into a failed cell and goes on', async () => {
    const outcome = await runSchedule({
      cells: planCells(2, 1, 1),
      concurrency: 1,
      costCap: null,
      signal: new AbortController().signal,
      runCell: async (plan) => {
        if (plan.itemIndex === 0) throw new Error('broken');
        return { ...plan, status: 'done', scores: [], costUsd: 0, tokens: 0, latencyMs: 0, steps: 0, pass: true };
      },
    });
    expect(outcome.cells.map((cell) => [cell.status, cell.error])).toEqual([
      ['failed', 'broken'],
      ['done', undefined],
    ]);
  });

  it('makes the judge call through the variant’s model as a `judge` span inside the scored run’s trace', async () => {
    const { deps } = setup();
    const judged = { ...deps, buildOptions: deps.buildOptions };
    const model = createScriptedModel([{ text: 'It is one.' }, { text: '{"score": 0.9, "reason": "Says one"}' }]);
    const base = judged.buildOptions;
    judged.buildOptions = async (hooks, variant) => ({ ...(await base(hooks, variant)), model });
    const outcome = await runExperimentItem(
      { key: '0:0:0', itemIndex: 0, variant: 0, repetition: 0 },
      items[0] as DatasetItem,
      [{ kind: 'judge', enabled: true, text: 'Is it right?' }],
      judged,
      new AbortController().signal,
    );
    expect(outcome.result.scores[0]).toMatchObject({ value: 0.9, pass: true, reason: 'Says one' });
    const spans = outcome.run?.spans ?? [];
    const judge = spans.find((span) => span.name === 'judge');
    expect(judge?.kind).toBe('llm');
    expect(judge?.parentSpanId).toBe(outcome.run?.runId);
    expect(judge?.status).toBe('ok');
    expect(outcome.result.steps).toBe(1);
  });
});
