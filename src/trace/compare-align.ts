import { ATTR, stringAttribute } from './attributes.ts';
import type { Span } from './span.ts';

/** Where the second run (or the first, when the runs are picked the other way round) was forked from the other. */
export interface ForkAlignment {
  /** The span of the original run the fork was made from (a tool, llm or run span). */
  spanId: string;
  /** Which of the two compared runs is the fork. */
  fork: 'first' | 'second';
}

/** Two steps aligned (either may be missing); `carried`: a step of the original before the fork point. */
export interface AlignedStep {
  kind: 'llm' | 'tool';
  label: string;
  first?: Span;
  second?: Span;
  carried?: boolean;
}

/** The llm and tool spans of a run, in start order. */
export function runSteps(spans: readonly Span[], runId: string): Span[] {
  return spans
    .filter((span) => span.runId === runId && (span.kind === 'llm' || span.kind === 'tool'))
    .sort((a, b) => a.startTime - b.startTime);
}

function stepKey(span: Span): string {
  return span.kind === 'llm' ? 'llm' : `tool:${stringAttribute(span.attributes, ATTR.toolName) ?? span.name}`;
}

const labelOf = (span: Span, index: number) =>
  span.kind === 'llm' ? `llm ${index}` : `${stringAttribute(span.attributes, ATTR.toolName) ?? span.name} ${index}`;

const next = (counts: Map<string, number>, span: Span): number => {
  const index = (counts.get(stepKey(span)) ?? 0) + 1;
  counts.set(stepKey(span), index);
  return index;
};

/**
 * Aligns steps by order: llm call i with llm call i, the k-th call of a tool with the k-th call of the same tool;
 * steps only one side has come on their own. Numbering goes on from `before` (the steps counted already).
 */
function alignByOrder(first: readonly Span[], second: readonly Span[], before: Map<string, number>): AlignedStep[] {
  const pending = new Map<string, Span[]>();
  for (const span of second) pending.set(stepKey(span), [...(pending.get(stepKey(span)) ?? []), span]);
  const firstCounts = new Map(before);
  const used = new Set<Span>();
  const steps: AlignedStep[] = [];
  for (const span of first) {
    const index = next(firstCounts, span);
    const match = pending.get(stepKey(span))?.[index - 1 - (before.get(stepKey(span)) ?? 0)];
    if (match) used.add(match);
    steps.push({ kind: span.kind as AlignedStep['kind'], label: labelOf(span, index), first: span, second: match });
  }
  const secondCounts = new Map(before);
  for (const span of second) {
    const index = next(secondCounts, span);
    if (!used.has(span))
      steps.push({ kind: span.kind as AlignedStep['kind'], label: labelOf(span, index), second: span });
  }
  return steps;
}

/**
 * How many of the original's steps the fork carries rather than runs: those before the fork point and, for a fork
 * at a tool call, the other calls of the same model reply (their recorded results are copied into the fork).
 */
function carriedCount(original: readonly Span[], spanId: string): number {
  const at = original.findIndex((span) => span.spanId === spanId);
  if (at < 0) return 0;
  if (original[at]?.kind !== 'tool') return at;
  let end = at + 1;
  while (end < original.length && original[end]?.kind === 'tool') end += 1;
  return end;
}

/**
 * The steps of two runs side by side. Without a fork, by order from the start. With one, the original's steps the
 * fork carries are listed as carried, and the fork's steps align with the original's from the fork point on: the
 * forked call (answered with the edited result) with the call it replays, the fork's first model call with the
 * original's call after that step.
 */
export function alignRuns(first: readonly Span[], second: readonly Span[], fork?: ForkAlignment): AlignedStep[] {
  if (!fork) return alignByOrder(first, second, new Map());
  const original = fork.fork === 'second' ? first : second;
  const forked = fork.fork === 'second' ? second : first;
  const count = carriedCount(original, fork.spanId);
  const carried = original.slice(0, count);
  const forkedCall = original.find((span) => span.spanId === fork.spanId && span.kind === 'tool');
  // The forked call is among the reply's calls counted above; it is compared, the others are carried.
  const rest = [...(forkedCall ? [forkedCall] : []), ...original.slice(count)];
  const counts = new Map<string, number>();
  const steps: AlignedStep[] = [];
  for (const span of carried) {
    const index = next(counts, span);
    if (span === forkedCall) continue;
    const side = fork.fork === 'second' ? { first: span } : { second: span };
    steps.push({ kind: span.kind as AlignedStep['kind'], label: labelOf(span, index), ...side, carried: true });
  }
  if (forkedCall) counts.set(stepKey(forkedCall), (counts.get(stepKey(forkedCall)) ?? 1) - 1);
  const aligned = fork.fork === 'second' ? alignByOrder(rest, forked, counts) : alignByOrder(forked, rest, counts);
  return [...steps, ...aligned];
}
