import type { Span, SpanProcessor } from './span.ts';

/** A processor that keeps the latest snapshot of every span in memory, in start order. */
export interface SpanRecorder extends SpanProcessor {
  /** Every span seen so far, latest snapshot, in the order they started. */
  spans(): Span[];
  get(spanId: string): Span | undefined;
  /** The lifecycle calls received, in order: useful to check what a store or storage would see. */
  readonly calls: ReadonlyArray<{ event: 'start' | 'update' | 'end'; span: Span }>;
}

/** Creates an in-memory span processor. */
export function createSpanRecorder(): SpanRecorder {
  const latest = new Map<string, Span>();
  const calls: Array<{ event: 'start' | 'update' | 'end'; span: Span }> = [];
  const record = (event: 'start' | 'update' | 'end', span: Span): void => {
    latest.set(span.spanId, span);
    calls.push({ event, span });
  };
  return {
    calls,
    onStart: (span) => record('start', span),
    onUpdate: (span) => record('update', span),
    onEnd: (span) => record('end', span),
    spans: () => [...latest.values()],
    get: (spanId) => latest.get(spanId),
  };
}
