import { stringifyJson } from '../../json/deep-json.ts';
import { ATTR, numberAttribute, stringAttribute } from '../attributes.ts';
import type { Span } from '../span.ts';

/** The step count from which a run is flagged as possibly stuck, unless Settings says otherwise. */
export const DEFAULT_STUCK_STEPS = 10;

/** How often the same error, or the same tool call with the same arguments, must recur to flag a run. */
export const REPEAT_THRESHOLD = 3;

/** Why a run looks stuck. */
export type StuckReason =
  | { kind: 'steps'; steps: number; threshold: number }
  | { kind: 'repeated-errors'; error: string; count: number }
  | { kind: 'repeated-calls'; tool: string; count: number };

/** The model steps of a run: its llm spans that are agent steps (compaction summaries are not). */
export function runSteps(spans: readonly Span[]): number {
  let stepped = 0;
  let llm = 0;
  for (const span of spans) {
    if (span.kind !== 'llm') continue;
    llm += 1;
    if (numberAttribute(span.attributes, ATTR.llmStep) !== undefined) stepped += 1;
  }
  return stepped > 0 ? stepped : llm;
}

function argumentsKey(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value));
    } catch {
      return value.trim();
    }
  }
  return stringifyJson(value ?? null) ?? 'null';
}

/**
 * Why the spans of one run look stuck: more steps than `threshold`, the same error three times or more, or the same
 * tool called with identical arguments three times or more. Empty when the run looks fine.
 */
export function stuckReasons(spans: readonly Span[], threshold: number = DEFAULT_STUCK_STEPS): StuckReason[] {
  const reasons: StuckReason[] = [];
  const steps = runSteps(spans);
  if (steps > threshold) reasons.push({ kind: 'steps', steps, threshold });
  const errors = new Map<string, number>();
  const calls = new Map<string, { tool: string; count: number }>();
  for (const span of spans) {
    if (span.status === 'error' && span.kind !== 'run' && span.kind !== 'agent') {
      const label =
        span.kind === 'tool'
          ? `${stringAttribute(span.attributes, ATTR.toolName) ?? span.name}: ${span.error?.type ?? 'error'}`
          : `${span.kind}: ${span.error?.type ?? 'error'}`;
      errors.set(label, (errors.get(label) ?? 0) + 1);
    }
    if (span.kind === 'tool' && span.attributes[ATTR.toolReplayed] !== true) {
      const tool = stringAttribute(span.attributes, ATTR.toolName) ?? span.name;
      const key = `${tool}\u0000${argumentsKey(span.attributes[ATTR.toolArguments])}`;
      const entry = calls.get(key) ?? { tool, count: 0 };
      entry.count += 1;
      calls.set(key, entry);
    }
  }
  for (const [error, count] of errors)
    if (count >= REPEAT_THRESHOLD) reasons.push({ kind: 'repeated-errors', error, count });
  for (const { tool, count } of calls.values())
    if (count >= REPEAT_THRESHOLD) reasons.push({ kind: 'repeated-calls', tool, count });
  return reasons;
}
