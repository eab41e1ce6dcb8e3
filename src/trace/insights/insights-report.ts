import type { PriceSource, PriceTable } from './prices.ts';
import type { TokenSource } from './run-facts.ts';
import type { StuckReason } from './stuck.ts';

/** A run a figure is made of: clicking the figure opens its session and selects it. */
export interface RunRef {
  sessionId: string;
  runId: string;
}

/** What Insights is asked: which runs (by start time, session) and how to price and flag them. */
export interface InsightsQuery {
  /** Runs started at or after this epoch ms (inclusive); none: from the start. */
  from?: number;
  /** Runs started before this epoch ms; none: up to now. */
  to?: number;
  /** Only this session's runs; none: all sessions. */
  sessionId?: string;
  prices?: PriceTable;
  stuckSteps?: number;
}

/** A group of runs behind one bar: the most recent first, at most `MAX_REFS`. */
export interface RunGroup {
  runs: RunRef[];
  /** How many runs the group has in all (more than `runs` holds when it was cut). */
  runCount: number;
}

/** How many run references one figure carries (the most recent). */
export const MAX_REFS = 50;

export interface TimeBucket extends RunGroup {
  start: number;
  inputTokens: number;
  outputTokens: number;
  /** USD of the priced calls in the bucket. */
  cost: number;
}

export interface CountBucket extends RunGroup {
  /** Steps (or tool calls) per run. */
  value: number;
}

export interface ToolInsight extends RunGroup {
  name: string;
  calls: number;
  ok: number;
  failed: number;
  /** ok / calls, 0…1. */
  successRate: number;
  p50Ms: number | undefined;
  p95Ms: number | undefined;
}

export interface ModelInsight extends RunGroup {
  model: string;
  calls: number;
  ttftP50Ms: number | undefined;
  ttftP95Ms: number | undefined;
  p50Ms: number | undefined;
  p95Ms: number | undefined;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  /** USD, undefined when the model has no price. */
  cost: number | undefined;
  priceSource: PriceSource;
  /** How many of its calls' token figures are reported, counted or estimated. */
  tokenSources: Record<TokenSource, number>;
}

export interface ErrorInsight extends RunGroup {
  kind: string;
  count: number;
}

export interface StuckRun extends RunRef {
  startTime: number;
  input: string;
  steps: number;
  reasons: StuckReason[];
}

export interface InsightsTotals {
  sessions: number;
  runs: number;
  steps: number;
  llmCalls: number;
  toolCalls: number;
  toolSuccessRate: number | undefined;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  /** Model calls by where their token figures come from. */
  tokenSources: Record<TokenSource, number>;
  /** USD of the priced model calls. */
  cost: number;
  /** Models called in the range that have no price: their calls are not in `cost`. */
  unpricedModels: string[];
  errors: number;
  retries: number;
  compactions: number;
  stuckRuns: number;
  /** Runs whose answer the user marked good, and bad. */
  goodAnswers: number;
  badAnswers: number;
}

/** Everything the Insights view shows, for one query. */
export interface InsightsReport {
  /** The start times of the earliest and latest run in the report (undefined when there are none). */
  first: number | undefined;
  last: number | undefined;
  totals: InsightsTotals;
  bucketMs: number;
  timeline: TimeBucket[];
  stepsPerRun: CountBucket[];
  toolCallsPerRun: CountBucket[];
  tools: ToolInsight[];
  models: ModelInsight[];
  errors: ErrorInsight[];
  stuck: StuckRun[];
  /** How long computing it took off the page, when a worker did it: reading storage (0 if nothing was read) and aggregating. */
  timing?: {
    readMs: number;
    aggregateMs: number;
    phases?: Record<string, number>;
    startedAt?: number;
    postedAt?: number;
    receivedAt?: number;
  };
}
