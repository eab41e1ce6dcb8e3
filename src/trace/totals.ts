import { ATTR, numberAttribute } from './attributes.ts';
import type { Span } from './span.ts';
import { spansByRun } from './spans-by-run.ts';

/** Sums shown in the trace panel's header (session) and on each run. */
export interface TraceTotals {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedTokens: number;
  /** Input plus output tokens. */
  totalTokens: number;
  /** Summed wall time of the runs (root spans) in the set. */
  durationMs: number;
  runs: number;
  llmCalls: number;
  toolCalls: number;
  errors: number;
  spans: number;
  /** Some span is still running. */
  running: boolean;
}

/**
 * A span's duration in milliseconds; a running span counts up to `now`, or undefined without it.
 */
export function spanDurationMs(span: Span, now?: number): number | undefined {
  if (span.endTime !== undefined) return Math.max(0, span.endTime - span.startTime);
  if (now === undefined) return undefined;
  return Math.max(0, now - span.startTime);
}

function emptyTotals(): TraceTotals {
  return {
    inputTokens: 0,
    outputTokens: 0,
    reasoningTokens: 0,
    cachedTokens: 0,
    totalTokens: 0,
    durationMs: 0,
    runs: 0,
    llmCalls: 0,
    toolCalls: 0,
    errors: 0,
    spans: 0,
    running: false,
  };
}

/** Totals over a set of spans: tokens of llm spans, tool calls, errors and the duration of its roots. */
export function computeTotals(spans: readonly Span[], now?: number): TraceTotals {
  const totals = emptyTotals();
  const ids = new Set(spans.map((span) => span.spanId));
  // A running root without a clock counts up to the latest time seen in its run.
  const latestByRun = new Map<string, number>();
  for (const span of spans) {
    const latest = Math.max(span.startTime, span.endTime ?? span.startTime);
    latestByRun.set(span.runId, Math.max(latestByRun.get(span.runId) ?? -Infinity, latest));
  }
  for (const span of spans) {
    totals.spans += 1;
    if (span.status === 'running') totals.running = true;
    if (span.status === 'error') totals.errors += 1;
    if (span.kind === 'tool') totals.toolCalls += 1;
    if (span.kind === 'llm') {
      totals.llmCalls += 1;
      totals.inputTokens += numberAttribute(span.attributes, ATTR.llmUsageInputTokens) ?? 0;
      totals.outputTokens += numberAttribute(span.attributes, ATTR.llmUsageOutputTokens) ?? 0;
      totals.reasoningTokens += numberAttribute(span.attributes, ATTR.llmUsageReasoningTokens) ?? 0;
      totals.cachedTokens += numberAttribute(span.attributes, ATTR.llmUsageCachedTokens) ?? 0;
    }
    const isRoot = span.parentSpanId === undefined || !ids.has(span.parentSpanId);
    if (isRoot) {
      if (span.kind === 'run') totals.runs += 1;
      totals.durationMs += spanDurationMs(span, now ?? latestByRun.get(span.runId)) ?? 0;
    }
  }
  totals.totalTokens = totals.inputTokens + totals.outputTokens;
  return totals;
}

/** Totals per run, keyed by run id (the root span id). */
export function totalsByRun(spans: readonly Span[], now?: number): Map<string, TraceTotals> {
  const result = new Map<string, TraceTotals>();
  for (const [runId, group] of spansByRun(spans)) result.set(runId, computeTotals(group, now));
  return result;
}

/** Totals of a whole session. */
export function sessionTotals(spans: readonly Span[], now?: number): TraceTotals {
  return computeTotals(spans, now);
}
