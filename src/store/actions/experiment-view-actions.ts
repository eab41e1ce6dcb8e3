/** Opening an experiment's runs (trace viewer, Compare runs) and exporting its results. */
import type { CellResult, ExperimentRecord, ExperimentRunRecord } from '../../evals/experiment-types.ts';
import { fullCells, resultsCsv, resultsJson } from '../../evals/experiment-results.ts';
import type { EvaluationResult } from '../../trace/otlp.ts';
import type { Span } from '../../trace/span.ts';
import { useAppStore } from '../app-store.ts';
import { useExperimentStore } from '../experiment-store.ts';
import { services } from '../services.ts';
import { experimentStorage } from './experiment-list-actions.ts';
import type { ComparableRun } from './trace-actions.ts';

function findExperiment(experimentId: string): ExperimentRecord | undefined {
  return useExperimentStore.getState().experiments?.find((record) => record.id === experimentId);
}

async function readRun(experimentId: string, key: string): Promise<ExperimentRunRecord | undefined> {
  try {
    return await (await experimentStorage()).getRun(experimentId, key);
  } catch (error) {
    useExperimentStore.setState({ error: String(error) });
    return undefined;
  }
}

/** Opens one cell's run in the trace viewer (inside the Evals dialog). */
export async function openCellRun(experimentId: string, key: string, title: string): Promise<void> {
  const run = await readRun(experimentId, key);
  if (run) useExperimentStore.setState({ view: { kind: 'run', run, title } });
}

/** Opens Compare runs on two cells' runs (a regression: the baseline's and the variant's). */
export async function compareCells(
  experimentId: string,
  keys: [string, string],
  titles: [string, string],
): Promise<void> {
  const [first, second] = await Promise.all(keys.map((key) => readRun(experimentId, key)));
  if (first && second) useExperimentStore.setState({ view: { kind: 'compare', runs: [first, second], titles } });
}

export function closeExperimentView(): void {
  useExperimentStore.setState({ view: undefined });
}

/** A run as Compare runs lists it. */
export function comparableRun(run: ExperimentRunRecord, title: string): ComparableRun {
  const root = run.spans.find((span) => span.spanId === run.runId);
  return {
    runId: run.runId,
    sessionId: run.sessionId,
    sessionTitle: title,
    startTime: root?.startTime ?? run.spans[0]?.startTime ?? 0,
    input: String(root?.attributes['run.input'] ?? ''),
    spans: run.spans,
  };
}

/** The experiment's cells in full (answers, every score), read from storage. */
async function readFullCells(record: ExperimentRecord): Promise<CellResult[] | undefined> {
  try {
    return fullCells(record, await (await experimentStorage()).listCells(record.id));
  } catch (error) {
    useExperimentStore.setState({ error: String(error) });
    return undefined;
  }
}

/** Downloads the results as CSV or JSON. */
export async function exportResults(experimentId: string, format: 'csv' | 'json'): Promise<void> {
  const record = findExperiment(experimentId);
  const cells = record && (await readFullCells(record));
  if (!record || !cells) return;
  const text = format === 'csv' ? resultsCsv(record, cells) : resultsJson(record, cells);
  const type = format === 'csv' ? 'text/csv' : 'application/json';
  services().download?.(`glassbox-experiment-${record.id}.${format}`, text, type);
}

/** Downloads the experiment's runs as OTLP JSON, each run's span carrying a `gen_ai.evaluation.result` per score. */
export async function exportExperimentOtlp(experimentId: string): Promise<void> {
  const record = findExperiment(experimentId);
  const cells = record && (await readFullCells(record));
  if (!record || !cells) return;
  const runs = await (await experimentStorage()).listRuns(experimentId);
  const evaluations = new Map<string, EvaluationResult[]>();
  for (const cell of cells)
    if (cell.runId)
      evaluations.set(
        cell.runId,
        cell.scores.map((score) => ({
          name: score.name,
          value: score.value,
          label: score.pass ? 'pass' : 'fail',
          explanation: score.reason,
        })),
      );
  const spans: Span[] = runs.flatMap((run) => run.spans);
  const { toOtlpRequest } = await import('../../trace/otlp.ts');
  const { apiKey } = useAppStore.getState().settings;
  const body = toOtlpRequest(spans, { serviceName: 'glassbox', redact: apiKey ? [apiKey] : [], evaluations });
  services().download?.(
    `glassbox-experiment-${record.id}-otlp.json`,
    JSON.stringify(body, null, 2),
    'application/json',
  );
}
