import type { InsightsTotals, StuckRun } from './insights-report.ts';
import { costOf, type ModelPrice } from './prices.ts';
import { Group, grouped } from './run-groups.ts';
import type { LlmFact, RunFact, TokenSource, ToolFact } from './run-facts.ts';
import type { StuckReason } from './stuck.ts';

/** One timeline bar while it is summed. */
export interface TimelineTally {
  group: Group;
  inputTokens: number;
  outputTokens: number;
  cost: number;
}

/** One tool while its calls are summed. */
export interface ToolTally {
  group: Group;
  calls: number;
  ok: number;
  durations: number[];
}

/** One model while its calls are summed. */
export interface ModelTally {
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

/** A count per token source, all zero. */
export function emptySources(): Record<TokenSource, number> {
  return { reported: 0, counted: 0, estimated: 0 };
}

/** The stuck reasons of a run for a step threshold (the repeated-error and repeated-call reasons do not depend on it). */
export function stuckFor(fact: RunFact, stuckSteps: number): StuckReason[] {
  const reasons: StuckReason[] = fact.stuck.filter((reason) => reason.kind !== 'steps');
  if (fact.steps > stuckSteps) reasons.unshift({ kind: 'steps', steps: fact.steps, threshold: stuckSteps });
  return reasons;
}

function emptyTotals(): InsightsTotals {
  return {
    sessions: 0,
    runs: 0,
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
    goodAnswers: 0,
    badAnswers: 0,
  };
}

function emptyModel(): ModelTally {
  const tokens = { inputTokens: 0, outputTokens: 0, cachedTokens: 0 };
  return { group: new Group(), calls: 0, ttft: [], durations: [], ...tokens, cost: 0, sources: emptySources() };
}

/** The sums Insights makes over the selected runs, newest first: totals, timeline, distributions, tools, models. */
export class RunTally {
  readonly totals = emptyTotals();
  readonly timeline = new Map<number, TimelineTally>();
  readonly steps = new Map<number, Group>();
  readonly toolCounts = new Map<number, Group>();
  readonly tools = new Map<string, ToolTally>();
  readonly models = new Map<string, ModelTally>();
  readonly errors = new Map<string, { group: Group; count: number }>();
  readonly stuck: StuckRun[] = [];
  toolOk = 0;

  constructor(
    private readonly bucketMs: number,
    private readonly stuckSteps: number,
    private readonly priceOf: (model: string) => { price: ModelPrice | undefined },
  ) {}

  /** Adds one run with its model calls, tool calls, errors and stuck reasons. */
  addRun(fact: RunFact): void {
    this.totals.steps += fact.steps;
    this.totals.toolCalls += fact.tools.length;
    this.totals.retries += fact.retries;
    this.totals.compactions += fact.compactions;
    if (fact.feedback === 'good') this.totals.goodAnswers += 1;
    else if (fact.feedback === 'bad') this.totals.badAnswers += 1;
    grouped(this.steps, fact.steps).add(fact);
    grouped(this.toolCounts, fact.tools.length).add(fact);
    const bucket = this.bucketOf(fact.startTime);
    bucket.group.add(fact);
    for (const call of fact.llm) this.addLlmCall(fact, call, bucket);
    for (const call of fact.tools) this.addToolCall(fact, call);
    for (const [kind, count] of Object.entries(fact.errors)) {
      this.totals.errors += count;
      const entry = this.errors.get(kind) ?? { group: new Group(), count: 0 };
      entry.count += count;
      entry.group.add(fact);
      this.errors.set(kind, entry);
    }
    const reasons = stuckFor(fact, this.stuckSteps);
    if (reasons.length > 0) {
      const { sessionId, runId, startTime, input, steps } = fact;
      this.stuck.push({ sessionId, runId, startTime, input, steps, reasons });
    }
  }

  private bucketOf(startTime: number): TimelineTally {
    const bucketStart = Math.floor(startTime / this.bucketMs) * this.bucketMs;
    let bucket = this.timeline.get(bucketStart);
    if (!bucket) {
      bucket = { group: new Group(), inputTokens: 0, outputTokens: 0, cost: 0 };
      this.timeline.set(bucketStart, bucket);
    }
    return bucket;
  }

  private addLlmCall(fact: RunFact, call: LlmFact, bucket: TimelineTally): void {
    const totals = this.totals;
    totals.llmCalls += 1;
    totals.inputTokens += call.inputTokens;
    totals.outputTokens += call.outputTokens;
    totals.cachedTokens += call.cachedTokens;
    totals.tokenSources[call.tokenSource] += 1;
    bucket.inputTokens += call.inputTokens;
    bucket.outputTokens += call.outputTokens;
    let model = this.models.get(call.model);
    if (!model) {
      model = emptyModel();
      this.models.set(call.model, model);
    }
    model.group.add(fact);
    model.calls += 1;
    if (call.timeToFirstTokenMs !== undefined) model.ttft.push(call.timeToFirstTokenMs);
    if (call.durationMs !== undefined && call.status !== 'running') model.durations.push(call.durationMs);
    model.inputTokens += call.inputTokens;
    model.outputTokens += call.outputTokens;
    model.cachedTokens += call.cachedTokens;
    model.sources[call.tokenSource] += 1;
    const { price } = this.priceOf(call.model);
    if (price) {
      const cost = costOf(call, price);
      model.cost += cost;
      bucket.cost += cost;
      totals.cost += cost;
    }
  }

  private addToolCall(fact: RunFact, call: ToolFact): void {
    let tool = this.tools.get(call.name);
    if (!tool) {
      tool = { group: new Group(), calls: 0, ok: 0, durations: [] };
      this.tools.set(call.name, tool);
    }
    tool.group.add(fact);
    tool.calls += 1;
    if (call.ok) {
      tool.ok += 1;
      this.toolOk += 1;
    }
    if (call.durationMs !== undefined) tool.durations.push(call.durationMs);
  }
}
