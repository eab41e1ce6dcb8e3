import { medianAndP95 } from './percentile.ts';
import { costOf, priceFor, type PriceSource, type PriceTable } from './prices.ts';
import type { RunFact, TokenSource } from './run-facts.ts';
import { DEFAULT_STUCK_STEPS, type StuckReason } from './stuck.ts';

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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The bar width of the timeline: an hour up to two days, a day up to 90 days, a week beyond. */
export function bucketSize(first: number, last: number): number {
  const extent = last - first;
  if (extent <= 2 * DAY) return HOUR;
  if (extent <= 90 * DAY) return DAY;
  return 7 * DAY;
}

class Group {
  readonly refs: RunRef[] = [];
  private readonly seen = new Set<string>();
  count = 0;
  /** Adds a run once; facts arrive newest first, so the first `MAX_REFS` kept are the most recent. */
  add(fact: RunFact): void {
    const key = `${fact.sessionId}\u0000${fact.runId}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.count += 1;
    if (this.refs.length < MAX_REFS) this.refs.push({ sessionId: fact.sessionId, runId: fact.runId });
  }
  toGroup(): RunGroup {
    return { runs: this.refs, runCount: this.count };
  }
}

function grouped<T>(map: Map<T, Group>, key: T): Group {
  let group = map.get(key);
  if (!group) {
    group = new Group();
    map.set(key, group);
  }
  return group;
}

function emptySources(): Record<TokenSource, number> {
  return { reported: 0, counted: 0, estimated: 0 };
}

/** The stuck reasons of a run for a step threshold (the repeated-error and repeated-call reasons do not depend on it). */
export function stuckFor(fact: RunFact, stuckSteps: number): StuckReason[] {
  const reasons: StuckReason[] = fact.stuck.filter((reason) => reason.kind !== 'steps');
  if (fact.steps > stuckSteps) reasons.unshift({ kind: 'steps', steps: fact.steps, threshold: stuckSteps });
  return reasons;
}

function countBuckets(values: Map<number, Group>): CountBucket[] {
  return [...values.entries()].sort((a, b) => a[0] - b[0]).map(([value, group]) => ({ value, ...group.toGroup() }));
}

/** Aggregates run facts for the Insights view: totals, timeline, distributions, per-tool, per-model, errors, stuck runs. */
export function aggregateInsights(facts: readonly RunFact[], query: InsightsQuery = {}): InsightsReport {
  const prices = query.prices ?? {};
  const stuckSteps = query.stuckSteps ?? DEFAULT_STUCK_STEPS;
  const selected = facts
    .filter(
      (fact) =>
        (query.sessionId === undefined || fact.sessionId === query.sessionId) &&
        (query.from === undefined || fact.startTime >= query.from) &&
        (query.to === undefined || fact.startTime < query.to),
    )
    .sort((a, b) => b.startTime - a.startTime);
  const first = selected.at(-1)?.startTime;
  const last = selected[0]?.startTime;
  const bucketMs = first === undefined || last === undefined ? HOUR : bucketSize(first, last);
  const priceCache = new Map<string, ReturnType<typeof priceFor>>();
  const priceOf = (model: string) => {
    let entry = priceCache.get(model);
    if (!entry) {
      entry = priceFor(model, prices);
      priceCache.set(model, entry);
    }
    return entry;
  };

  const totals: InsightsTotals = {
    sessions: new Set(selected.map((fact) => fact.sessionId)).size,
    runs: selected.length,
    steps: 0,
    llmCalls: 0,
    toolCalls: 0,
    toolSuccessRate: undefined,
    inputTokens: 0,
    outputTokens: 0,
    cachedTokens: 0,
    tokenSources: emptySources(),
    cost: 0,
    unpricedModels: [],
    errors: 0,
    retries: 0,
    compactions: 0,
    stuckRuns: 0,
  };
  const timeline = new Map<number, { group: Group; inputTokens: number; outputTokens: number; cost: number }>();
  const steps = new Map<number, Group>();
  const toolCounts = new Map<number, Group>();
  const tools = new Map<string, { group: Group; calls: number; ok: number; durations: number[] }>();
  const models = new Map<
    string,
    {
      group: Group;
      calls: number;
      ttft: number[];
      durations: number[];
      inputTokens: number;
      outputTokens: number;
      cachedTokens: number;
      cost: number;
      sources: Record<TokenSource, number>;
    }
  >();
  const errors = new Map<string, { group: Group; count: number }>();
  const stuck: StuckRun[] = [];
  let toolOk = 0;

  for (const fact of selected) {
    totals.steps += fact.steps;
    totals.toolCalls += fact.tools.length;
    totals.retries += fact.retries;
    totals.compactions += fact.compactions;
    grouped(steps, fact.steps).add(fact);
    grouped(toolCounts, fact.tools.length).add(fact);
    const bucketStart = Math.floor(fact.startTime / bucketMs) * bucketMs;
    let bucket = timeline.get(bucketStart);
    if (!bucket) {
      bucket = { group: new Group(), inputTokens: 0, outputTokens: 0, cost: 0 };
      timeline.set(bucketStart, bucket);
    }
    bucket.group.add(fact);

    for (const call of fact.llm) {
      totals.llmCalls += 1;
      totals.inputTokens += call.inputTokens;
      totals.outputTokens += call.outputTokens;
      totals.cachedTokens += call.cachedTokens;
      totals.tokenSources[call.tokenSource] += 1;
      bucket.inputTokens += call.inputTokens;
      bucket.outputTokens += call.outputTokens;
      let model = models.get(call.model);
      if (!model) {
        model = {
          group: new Group(),
          calls: 0,
          ttft: [],
          durations: [],
          inputTokens: 0,
          outputTokens: 0,
          cachedTokens: 0,
          cost: 0,
          sources: emptySources(),
        };
        models.set(call.model, model);
      }
      model.group.add(fact);
      model.calls += 1;
      if (call.timeToFirstTokenMs !== undefined) model.ttft.push(call.timeToFirstTokenMs);
      if (call.durationMs !== undefined && call.status !== 'running') model.durations.push(call.durationMs);
      model.inputTokens += call.inputTokens;
      model.outputTokens += call.outputTokens;
      model.cachedTokens += call.cachedTokens;
      model.sources[call.tokenSource] += 1;
      const { price } = priceOf(call.model);
      if (price) {
        const cost = costOf(call, price);
        model.cost += cost;
        bucket.cost += cost;
        totals.cost += cost;
      }
    }
    for (const call of fact.tools) {
      let tool = tools.get(call.name);
      if (!tool) {
        tool = { group: new Group(), calls: 0, ok: 0, durations: [] };
        tools.set(call.name, tool);
      }
      tool.group.add(fact);
      tool.calls += 1;
      if (call.ok) {
        tool.ok += 1;
        toolOk += 1;
      }
      if (call.durationMs !== undefined) tool.durations.push(call.durationMs);
    }
    for (const [kind, count] of Object.entries(fact.errors)) {
      totals.errors += count;
      const entry = errors.get(kind) ?? { group: new Group(), count: 0 };
      entry.count += count;
      entry.group.add(fact);
      errors.set(kind, entry);
    }
    const reasons = stuckFor(fact, stuckSteps);
    if (reasons.length > 0)
      stuck.push({
        sessionId: fact.sessionId,
        runId: fact.runId,
        startTime: fact.startTime,
        input: fact.input,
        steps: fact.steps,
        reasons,
      });
  }
  totals.stuckRuns = stuck.length;
  totals.toolSuccessRate = totals.toolCalls > 0 ? toolOk / totals.toolCalls : undefined;

  const modelList: ModelInsight[] = [...models.entries()].map(([model, entry]) => {
    const { price, source } = priceOf(model);
    if (!price) totals.unpricedModels.push(model);
    const ttft = medianAndP95(entry.ttft);
    const total = medianAndP95(entry.durations);
    return {
      model,
      calls: entry.calls,
      ttftP50Ms: ttft.p50,
      ttftP95Ms: ttft.p95,
      p50Ms: total.p50,
      p95Ms: total.p95,
      inputTokens: entry.inputTokens,
      outputTokens: entry.outputTokens,
      cachedTokens: entry.cachedTokens,
      cost: price ? entry.cost : undefined,
      priceSource: source,
      tokenSources: entry.sources,
      ...entry.group.toGroup(),
    };
  });
  totals.unpricedModels.sort();

  return {
    first,
    last,
    totals,
    bucketMs,
    timeline: [...timeline.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([start, entry]) => ({
        start,
        inputTokens: entry.inputTokens,
        outputTokens: entry.outputTokens,
        cost: entry.cost,
        ...entry.group.toGroup(),
      })),
    stepsPerRun: countBuckets(steps),
    toolCallsPerRun: countBuckets(toolCounts),
    tools: [...tools.entries()]
      .map(([name, entry]) => {
        const { p50, p95 } = medianAndP95(entry.durations);
        return {
          name,
          calls: entry.calls,
          ok: entry.ok,
          failed: entry.calls - entry.ok,
          successRate: entry.ok / entry.calls,
          p50Ms: p50,
          p95Ms: p95,
          ...entry.group.toGroup(),
        };
      })
      .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name)),
    models: modelList.sort((a, b) => b.calls - a.calls || a.model.localeCompare(b.model)),
    errors: [...errors.entries()]
      .map(([kind, entry]) => ({ kind, count: entry.count, ...entry.group.toGroup() }))
      .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind)),
    stuck,
  };
}
