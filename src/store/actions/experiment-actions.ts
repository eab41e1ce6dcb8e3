/**
 * Experiments (PRODUCT.md §15): start and the runs (the list, the datasets and Stop: experiment-list-actions.ts). Each cell is run by `runExperimentItem` through the
 * runtime's `runAgent` with options from `buildRunOptions`, exactly as a chat run's (no second loop); its trace and
 * transcript are kept in the experiment (`experimentRuns`), never as a session, so the session list never sees them.
 */
import type { Settings } from '../../config/settings.ts';
import type { DatasetItem } from '../../evals/eval-types.ts';
import {
  itemAttachments,
  runExperimentItem,
  type ItemRunDeps,
  type ItemRunHooks,
} from '../../evals/experiment-item.ts';
import { summarizeCell } from '../../evals/cell-summary.ts';
import { emptyCell, planCells, runSchedule } from '../../evals/experiment-runner.ts';
import type { CellSummary, ExperimentRecord, ExperimentVariant } from '../../evals/experiment-types.ts';
import { variantSettings } from '../../evals/experiment-variant.ts';
import { scoreRun } from '../../evals/scorers/index.ts';
import { protocolMemoryOf } from '../../model/endpoint-memory.ts';
import type { ToolStateStore } from '../../tools/tool-context.ts';
import { costOfSpans } from '../../trace/insights/span-cost.ts';
import { useAppStore } from '../app-store.ts';
import { upsertExperiment, useExperimentStore } from '../experiment-store.ts';
import { createFrameBatch } from '../frame-batch.ts';
import { services } from '../services.ts';
import { currentLanguage } from './current-language.ts';
import { datasetChoices, experimentStop, experimentStorage, type ExperimentDraft } from './experiment-list-actions.ts';
import { loadAgentRuntime, type AgentRuntime } from './load-agent-runtime.ts';
import { attachedDataTables, runKnowledge } from './run-resources.ts';

/** An experiment is being started (its dataset read). */
let starting = false;

/**
 * Runs an experiment to its end (or Stop, or the cost cap); resolves with its id. Only one runs at a time in a tab.
 */
export async function startExperiment(draft: ExperimentDraft): Promise<string | undefined> {
  if (useExperimentStore.getState().runningId || starting) return undefined;
  // A second Run while the datasets are read starts nothing.
  starting = true;
  let source: Awaited<ReturnType<typeof datasetChoices>>[number] | undefined;
  try {
    source = (await datasetChoices()).find((choice) => choice.dataset.id === draft.datasetId);
  } finally {
    starting = false;
  }
  if (!source || source.items.length === 0 || draft.variants.length === 0) return undefined;
  const { newId, now } = services();
  const record: ExperimentRecord = {
    id: newId('exp'),
    name: `${source.dataset.name} × ${draft.variants.length}`,
    createdAt: now(),
    updatedAt: now(),
    status: 'running',
    config: {
      datasetId: source.dataset.id,
      datasetName: source.dataset.name,
      items: source.items,
      scorers: source.dataset.scorers,
      variants: draft.variants,
      repetitions: Math.max(1, Math.floor(draft.repetitions)),
      concurrency: Math.max(1, Math.floor(draft.concurrency)),
      costCap: draft.costCap,
    },
    cells: [],
  };
  const stopping = new AbortController();
  experimentStop.current = stopping;
  useExperimentStore.setState({ runningId: record.id, selectedId: record.id, error: undefined });
  try {
    await runExperiment(record, stopping.signal);
  } finally {
    experimentStop.current = undefined;
    useExperimentStore.setState({ runningId: undefined });
  }
  return record.id;
}

/** How often the running experiment's record is saved (each cell's run is saved as it ends). */
const SAVE_EVERY_MS = 1000;

async function runExperiment(record: ExperimentRecord, signal: AbortSignal): Promise<void> {
  const storage = await experimentStorage();
  const { config } = record;
  const plans = planCells(config.items.length, config.variants.length, config.repetitions);
  // What the grid shows of each cell; each finished cell in full goes to storage as it ends.
  const cells: CellSummary[] = plans.map((plan) => summarizeCell(emptyCell(plan, 'pending')));
  const index = new Map(plans.map((plan, position) => [plan.key, position]));
  let savedAt = 0;
  const snapshot = (): ExperimentRecord => ({ ...record, cells: [...cells], updatedAt: services().now() });
  const frame = createFrameBatch(() => upsertExperiment(snapshot()));
  const save = async (current: ExperimentRecord) => {
    savedAt = services().now();
    try {
      await storage.put(current);
    } catch (error) {
      useExperimentStore.setState({ error: String(error) });
    }
  };
  await save(snapshot());
  frame.flushNow();
  upsertExperiment(snapshot());
  let runtime: AgentRuntime;
  try {
    runtime = await loadAgentRuntime();
  } catch (error) {
    record.status = 'interrupted';
    useExperimentStore.setState({ error: String(error) });
    await save(snapshot());
    upsertExperiment(snapshot());
    return;
  }
  const deps = itemDeps(runtime, useAppStore.getState().settings, config.variants);
  const outcome = await runSchedule({
    cells: plans,
    concurrency: config.concurrency,
    costCap: config.costCap,
    signal,
    runCell: async (plan, cellSignal) => {
      const item = config.items[plan.itemIndex] as DatasetItem;
      const { result, run } = await runExperimentItem(plan, item, config.scorers, deps, cellSignal);
      if (run)
        await Promise.all([
          storage.putRun({ ...run, experimentId: record.id }),
          storage.putCell(record.id, result),
        ]).catch(() => undefined);
      return result;
    },
    onCell: (cell) => {
      const position = index.get(cell.key);
      if (position !== undefined) cells[position] = summarizeCell(cell);
      frame.schedule();
      if (services().now() - savedAt > SAVE_EVERY_MS && cell.status !== 'running') void save(snapshot());
    },
  });
  record.status = outcome.cut === 'stopped' ? 'stopped' : outcome.cut === 'cost-cap' ? 'cost-cap' : 'done';
  const final = { ...snapshot(), cells: outcome.cells.map(summarizeCell) };
  await save(final);
  frame.flushNow();
  upsertExperiment(final);
}

/** How a cell runs: the runtime's runAgent with the chat's option builder, the variant's settings, no approvals. */
function itemDeps(runtime: AgentRuntime, settings: Settings, variants: readonly ExperimentVariant[]): ItemRunDeps {
  const toolState = memoryToolState();
  const all = services();
  const buildOptions = async (hooks: ItemRunHooks, variant: number) => {
    const runSettings = variantSettings(settings, variants[variant] as ExperimentVariant);
    const attachments = itemAttachments(hooks.sessionId, hooks.files, all.now());
    // An item's CSV, TSV or JSON files are tables for `query_data`, as the chat's attached files are.
    const dataTables = hooks.files.length === 0 ? [] : await attachedDataTables(hooks.sessionId, runtime, attachments);
    // The Knowledge library, as a chat run has it: `search_knowledge` is offered when it has documents.
    const knowledge = await runKnowledge(runSettings, runtime);
    return runtime.buildRunOptions({
      sessionId: hooks.sessionId,
      settings: runSettings,
      runtime,
      services: { ...all, persistence: { ...all.persistence, toolState, attachments } },
      dataTables,
      ...(knowledge ? { knowledge } : {}),
      endpoint: runtime.resolveEndpoint(runSettings),
      history: hooks.history,
      runInput: hooks.runInput,
      tracer: hooks.tracer,
      protocolMemory: protocolMemoryOf(all.endpointMemory),
      signal: hooks.signal,
      // Nobody watches an experiment: a restricted tool (JavaScript) is denied, as an unanswered approval would be.
      approve: async () => false,
      onEvent: hooks.onEvent,
      newId: (prefix) => all.newId(prefix),
      onNotice: () => undefined,
    });
  };
  return {
    runAgent: runtime.runAgent,
    buildOptions,
    // Reasons in the UI language of the experiment's start.
    scoreRun: (input, scorers, judge, options) =>
      scoreRun(input, scorers, judge, { ...options, language: currentLanguage() === 'zh-CN' ? 'zh-CN' : 'en' }),
    cost: (spans) => costOfSpans(spans, settings.modelPrices).cost,
    newSessionId: () => all.newId('sess'),
    now: all.now,
  };
}

/** Tool state (the todo list…) of experiment runs: per run's session, in memory, gone with the experiment. */
function memoryToolState(): ToolStateStore {
  const values = new Map<string, unknown>();
  return {
    get: async <T>(sessionId: string, key: string) => values.get(`${sessionId}\u0000${key}`) as T | undefined,
    set: async (sessionId, key, value) => {
      values.set(`${sessionId}\u0000${key}`, value);
    },
  };
}
