import { MAX_REFS, type CountBucket, type RunGroup, type RunRef } from './insights-report.ts';
import type { RunFact } from './run-facts.ts';

/** The runs behind one figure: how many in all, and references to the most recent `MAX_REFS`. */
export class Group {
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

/** The group of a key, created empty on first use. */
export function grouped<T>(map: Map<T, Group>, key: T): Group {
  let group = map.get(key);
  if (!group) {
    group = new Group();
    map.set(key, group);
  }
  return group;
}

/** A distribution's bars, by value ascending. */
export function countBuckets(values: Map<number, Group>): CountBucket[] {
  return [...values.entries()].sort((a, b) => a[0] - b[0]).map(([value, group]) => ({ value, ...group.toGroup() }));
}
