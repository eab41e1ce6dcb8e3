/**
 * Experiments (PRODUCT.md §15): a dataset × variants × repetitions, each cell one normal traced run through the
 * same `runAgent` as a chat run. Types only; the runner is experiment-runner.ts, one item run experiment-item.ts.
 */
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { Protocol } from '../config/settings.ts';
import type { Span } from '../trace/span.ts';
import type { DatasetItem, Score, ScorerConfig } from './eval-types.ts';

/** One configuration the dataset is run against; empty fields follow Settings. */
export interface ExperimentVariant {
  /** Empty: the model in Settings. */
  model: string;
  protocol: Protocol;
  /** Empty: the system prompt in Settings (or the default). */
  systemPrompt: string;
  /** Tool name → on/off, over Settings' choices. */
  enabledTools?: Record<string, boolean>;
  delegation: boolean;
  answerCheck: boolean;
  /** null: the endpoint's default. */
  temperature: number | null;
}

/** What an experiment runs: the dataset (items and scorers copied when it starts), the variants and the limits. */
export interface ExperimentConfig {
  datasetId: string;
  datasetName: string;
  items: DatasetItem[];
  scorers: ScorerConfig[];
  variants: ExperimentVariant[];
  repetitions: number;
  concurrency: number;
  /** USD; once the cells run so far cost this much, no new one starts. null: no cap. */
  costCap: number | null;
}

/** Where a cell stands. `not-run`: Stop or the cost cap came first. */
export type CellStatus = 'pending' | 'running' | 'done' | 'failed' | 'stopped' | 'not-run';

/** One planned run: an item under a variant, repetition r. */
export interface CellPlan {
  /** `${itemIndex}:${variant}:${repetition}` */
  key: string;
  itemIndex: number;
  variant: number;
  repetition: number;
}

/** What both a cell's record and its grid summary say of its outcome. */
interface CellFigures {
  status: CellStatus;
  /** Every score passed (false when there were none and the run failed). */
  pass?: boolean;
  /** The mean of the scores, 0–1. */
  score?: number;
  costUsd: number;
  tokens: number;
  latencyMs: number;
  steps: number;
}

/** One cell's outcome: its run, scores and figures. */
export interface CellResult extends CellPlan, CellFigures {
  sessionId?: string;
  runId?: string;
  answer?: string;
  /** Why the run failed (the endpoint's error), when it did. */
  error?: string;
  scores: Score[];
}

/** What the results grid shows of a cell (kept small and stored apart: see cell-summary.ts). */
export interface CellSummary extends CellPlan, CellFigures {
  /** Each score's name, value and reason, and the run's error, one a line (cut short; the cell's record has all). */
  reasons: string;
  /** The cell has a run to open. */
  ran: boolean;
}

export type ExperimentStatus = 'running' | 'done' | 'stopped' | 'cost-cap' | 'interrupted';

/**
 * An experiment as the Evals view holds it: what the grid shows of each cell. Stored in `experiments` with the cells
 * as columns (cell-summary.ts); each cell in full in `experimentCells`, its run's trace in `experimentRuns`.
 */
export interface ExperimentRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  status: ExperimentStatus;
  config: ExperimentConfig;
  cells: CellSummary[];
}

/** One cell's run as stored: its transcript and its trace (never in the session list). */
export interface ExperimentRunRecord {
  experimentId: string;
  key: string;
  sessionId: string;
  runId: string;
  entries: TranscriptEntry[];
  spans: Span[];
}
