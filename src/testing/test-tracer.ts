import type { Span, SpanHandle, SpanKind, SpanStatus, Tracer } from '../trace/span.ts';

/** One lifecycle callback the test tracer saw, in order. */
export interface TestTracerEvent {
  type: 'start' | 'update' | 'end';
  spanId: string;
  kind: SpanKind;
  name: string;
  status: SpanStatus;
}

/** An in-memory tracer for tests: records every span and lets tests query the tree. */
export interface TestTracer extends Tracer {
  /** Every span ever started, in start order (live objects: they change as spans end). */
  readonly spans: Span[];
  /** Every start/update/end, in order. */
  readonly events: TestTracerEvent[];
  /** Spans of a kind (and optionally a name), in start order. */
  find(kind: SpanKind, name?: string): Span[];
  /** The single span of a kind (and name); throws when there is not exactly one. */
  only(kind: SpanKind, name?: string): Span;
  /** Direct children of a span, in start order. */
  children(span: Span): Span[];
  /** The tree as indented `kind: name [status]` lines, handy for whole-tree assertions. */
  describe(root?: Span): string;
}

/** The tree under `root` (or every root) as indented `kind: name [status]` lines. */
function describeTree(spans: readonly Span[], root?: Span): string {
  const lines: string[] = [];
  const walk = (span: Span, depth: number): void => {
    lines.push(`${'  '.repeat(depth)}${span.kind}: ${span.name} [${span.status}]`);
    for (const child of spans.filter((candidate) => candidate.parentSpanId === span.spanId)) walk(child, depth + 1);
  };
  const roots = root ? [root] : spans.filter((span) => span.parentSpanId === undefined);
  for (const span of roots) walk(span, 0);
  return lines.join('\n');
}

/** Creates a test tracer; ids are sequential hex strings and the clock is injectable. */
export function createTestTracer(options: { sessionId?: string; now?: () => number } = {}): TestTracer {
  const sessionId = options.sessionId ?? 'sess_test';
  const now = options.now ?? (() => Date.now());
  const spans: Span[] = [];
  const events: TestTracerEvent[] = [];
  const openChildren = new Map<string, Set<Handle>>();
  let counter = 0;

  const record = (type: TestTracerEvent['type'], span: Span): void => {
    events.push({ type, spanId: span.spanId, kind: span.kind, name: span.name, status: span.status });
  };

  class Handle implements SpanHandle {
    readonly span: Span;
    constructor(span: Span) {
      this.span = span;
    }
    setAttributes(attributes: Record<string, unknown>): void {
      if (this.span.status !== 'running') return;
      Object.assign(this.span.attributes, attributes);
      record('update', this.span);
    }
    end(status: Exclude<SpanStatus, 'running'> = 'ok', error?: { type: string; message: string }): void {
      if (this.span.status !== 'running') return;
      // A parent never outlives its children: open children are cancelled first.
      for (const child of [...(openChildren.get(this.span.spanId) ?? [])]) child.end('cancelled');
      openChildren.delete(this.span.spanId);
      this.span.status = status;
      this.span.endTime = now();
      if (error) this.span.error = error;
      if (this.span.parentSpanId) openChildren.get(this.span.parentSpanId)?.delete(this);
      record('end', this.span);
    }
  }

  const tracer: TestTracer = {
    spans,
    events,
    startSpan({ kind, name, parent, attributes }) {
      counter += 1;
      const spanId = counter.toString(16).padStart(16, '0');
      const span: Span = {
        traceId: parent ? parent.span.traceId : counter.toString(16).padStart(32, '0'),
        spanId,
        sessionId,
        runId: parent ? parent.span.runId : spanId,
        kind,
        name,
        startTime: now(),
        status: 'running',
        attributes: { ...attributes },
      };
      if (parent) span.parentSpanId = parent.span.spanId;
      const handle = new Handle(span);
      if (parent) {
        const siblings = openChildren.get(parent.span.spanId) ?? new Set<Handle>();
        siblings.add(handle);
        openChildren.set(parent.span.spanId, siblings);
      }
      spans.push(span);
      record('start', span);
      return handle;
    },
    find(kind, name) {
      return spans.filter((span) => span.kind === kind && (name === undefined || span.name === name));
    },
    only(kind, name) {
      const found = tracer.find(kind, name);
      if (found.length !== 1)
        throw new Error(`Expected one ${kind} span${name ? ` named ${name}` : ''}, found ${found.length}`);
      return found[0] as Span;
    },
    children(span) {
      return spans.filter((candidate) => candidate.parentSpanId === span.spanId);
    },
    describe(root) {
      return describeTree(spans, root);
    },
  };
  return tracer;
}
