import type {
  ErrorInsight,
  InsightsQuery,
  InsightsReport,
  ModelInsight,
  TimeBucket,
  ToolInsight,
} from './insights-report.ts';
import { medianAndP95 } from './percentile.ts';
import { priceFor, type PriceTable } from './prices.ts';
import type { RunFact } from './run-facts.ts';
import { countBuckets } from './run-groups.ts';
import { RunTally } from './run-tally.ts';
import { DEFAULT_STUCK_STEPS } from './stuck.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The bar width of the timeline: an hour up to two days, a day up to 90 days, a week beyond. */
export function bucketSize(first: number, last: number): number {
  const extent = last - first;
  if (extent <= 2 * DAY) return HOUR;
  if (extent <= 90 * DAY) return DAY;
  return 7 * DAY;
}

/** The runs a query asks for, newest first. */
function selectRuns(facts: readonly RunFact[], query: InsightsQuery): RunFact[] {
  return facts
    .filter(
      (fact) =>
        (query.sessionId === undefined || fact.sessionId === query.sessionId) &&
        (query.from === undefined || fact.startTime >= query.from) &&
        (query.to === undefined || fact.startTime < query.to),
    )
    .sort((a, b) => b.startTime - a.startTime);
}

/** `priceFor` looked up once per model: the cache lives for one aggregation and the price table never changes in it. */
function pricesLookup(prices: PriceTable): (model: string) => ReturnType<typeof priceFor> {
  const priceCache = new Map<string, ReturnType<typeof priceFor>>();
  return (model) => {
    let entry = priceCache.get(model);
    if (!entry) {
      entry = priceFor(model, prices);
      priceCache.set(model, entry);
    }
    return entry;
  };
}

/** Per-model figures, the most called first; the models with no price are added to `unpriced`. */
function modelInsights(tally: RunTally, priceOf: ReturnType<typeof pricesLookup>, unpriced: string[]): ModelInsight[] {
  const models: ModelInsight[] = [...tally.models.entries()].map(([model, entry]) => {
    const { price, source } = priceOf(model);
    if (!price) unpriced.push(model);
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
  return models.sort((a, b) => b.calls - a.calls || a.model.localeCompare(b.model));
}

/** Per-tool figures, the most called first. */
function toolInsights(tally: RunTally): ToolInsight[] {
  return [...tally.tools.entries()]
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
    .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
}

function timelineBars(tally: RunTally): TimeBucket[] {
  return [...tally.timeline.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([start, entry]) => ({
      start,
      inputTokens: entry.inputTokens,
      outputTokens: entry.outputTokens,
      cost: entry.cost,
      ...entry.group.toGroup(),
    }));
}

/** Error kinds, the most frequent first. */
function errorInsights(tally: RunTally): ErrorInsight[] {
  return [...tally.errors.entries()]
    .map(([kind, entry]) => ({ kind, count: entry.count, ...entry.group.toGroup() }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}

/** Aggregates run facts for the Insights view: totals, timeline, distributions, per-tool, per-model, errors, stuck runs. */
export function aggregateInsights(facts: readonly RunFact[], query: InsightsQuery = {}): InsightsReport {
  const selected = selectRuns(facts, query);
  const first = selected.at(-1)?.startTime;
  const last = selected[0]?.startTime;
  const bucketMs = first === undefined || last === undefined ? HOUR : bucketSize(first, last);
  const priceOf = pricesLookup(query.prices ?? {});
  const tally = new RunTally(bucketMs, query.stuckSteps ?? DEFAULT_STUCK_STEPS, priceOf);
  for (const fact of selected) tally.addRun(fact);

  const totals = tally.totals;
  totals.sessions = new Set(selected.map((fact) => fact.sessionId)).size;
  totals.runs = selected.length;
  totals.stuckRuns = tally.stuck.length;
  totals.toolSuccessRate = totals.toolCalls > 0 ? tally.toolOk / totals.toolCalls : undefined;
  const models = modelInsights(tally, priceOf, totals.unpricedModels);
  totals.unpricedModels.sort();
  return {
    first,
    last,
    totals,
    bucketMs,
    timeline: timelineBars(tally),
    stepsPerRun: countBuckets(tally.steps),
    toolCallsPerRun: countBuckets(tally.toolCounts),
    tools: toolInsights(tally),
    models,
    errors: errorInsights(tally),
    stuck: tally.stuck,
  };
}
