import type { Span } from './span.ts';

const grouped = new WeakMap<readonly Span[], ReadonlyMap<string, readonly Span[]>>();

/**
 * The spans of each run, in their order in `spans`. A list is grouped once: every chat row's stuck mark and the trace's
 * Insights ask about the same stored list (the store replaces it, never changes it, so a list's groups stay true).
 */
export function spansByRun(spans: readonly Span[]): ReadonlyMap<string, readonly Span[]> {
  let byRun = grouped.get(spans);
  if (!byRun) {
    const groups = new Map<string, Span[]>();
    for (const span of spans) {
      const list = groups.get(span.runId);
      if (list) list.push(span);
      else groups.set(span.runId, [span]);
    }
    byRun = groups;
    grouped.set(spans, byRun);
  }
  return byRun;
}
