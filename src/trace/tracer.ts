import { newSpanId, newTraceId } from './ids.ts';
import type { Span, SpanHandle, SpanKind, SpanProcessor, SpanStatus, Tracer } from './span.ts';

/** What a span ends with when its status is not `ok`. */
export type SpanError = { type: string; message: string };

/** Options of `createTracer`: everything non-deterministic is injected. */
export interface TracerOptions {
  sessionId: string;
  processors: SpanProcessor[];
  /** Epoch milliseconds with sub-millisecond precision; defaults to `performance.timeOrigin + performance.now()`. */
  now?: () => number;
  ids?: { traceId(): string; spanId(): string };
  /** Called when a processor throws; the span lifecycle goes on regardless. Defaults to `console.error`. */
  onProcessorError?: (error: unknown) => void;
}

/** A tracer for one session that can also close whatever is still open (Stop, failure, reload). */
export interface SessionTracer extends Tracer {
  /** Snapshots of the spans that have started and not ended, in start order. */
  openSpans(): Span[];
  /** Ends every open span, children before parents, with the given status. */
  endAll(status: 'cancelled' | 'error', error?: SpanError): void;
}

interface Entry {
  span: Span;
  parent?: Entry;
  children: Entry[];
  ended: boolean;
}

const defaultNow = (): number => performance.timeOrigin + performance.now();

function snapshot(span: Span): Span {
  const copy: Span = { ...span, attributes: { ...span.attributes } };
  if (span.error) copy.error = { ...span.error };
  return copy;
}

/** What `startSpan` is asked for. */
interface SpanStart {
  kind: SpanKind;
  name: string;
  parent?: SpanHandle;
  attributes?: Record<string, unknown>;
  startTime?: number;
}

/**
 * A running span: a root opens a new trace and run; a child shares its parent's and never starts before it. A
 * start time in the future is brought back to now.
 */
function newSpan(
  start: SpanStart,
  parent: Span | undefined,
  context: { sessionId: string; ids: { traceId(): string; spanId(): string }; now: () => number },
): Span {
  const spanId = context.ids.spanId();
  const time = start.startTime === undefined ? context.now() : Math.min(start.startTime, context.now());
  const span: Span = {
    traceId: parent ? parent.traceId : context.ids.traceId(),
    spanId,
    sessionId: context.sessionId,
    runId: parent ? parent.runId : spanId,
    kind: start.kind,
    name: start.name,
    startTime: parent ? Math.max(time, parent.startTime) : time,
    status: 'running',
    attributes: { ...start.attributes },
  };
  if (parent) span.parentSpanId = parent.spanId;
  return span;
}

/** Tells every processor about a span (a snapshot each); a processor that throws is reported and skipped. */
function notifier(
  processors: SpanProcessor[],
  report: (error: unknown) => void,
): (event: 'onStart' | 'onUpdate' | 'onEnd', span: Span) => void {
  return (event, span) => {
    for (const processor of processors) {
      try {
        processor[event](snapshot(span));
      } catch (error) {
        report(error);
      }
    }
  };
}

/** Creates a tracer whose spans report to the given processors. */
export function createTracer(options: TracerOptions): SessionTracer {
  const now = options.now ?? defaultNow;
  const ids = options.ids ?? { traceId: () => newTraceId(), spanId: () => newSpanId() };
  const report = options.onProcessorError ?? ((error: unknown) => console.error('Span processor failed', error));
  const open = new Map<string, Entry>();
  const entries = new WeakMap<SpanHandle, Entry>();

  const notify = notifier(options.processors, report);

  function finish(
    entry: Entry,
    status: Exclude<SpanStatus, 'running'>,
    error: SpanError | undefined,
    cascade: boolean,
  ): void {
    if (entry.ended) return;
    // A parent never ends before its children: still-open children end first.
    let latestChildEnd = -Infinity;
    for (const child of entry.children) {
      if (!child.ended) {
        if (cascade) finish(child, status, error, true);
        else finish(child, 'cancelled', undefined, false);
      }
      latestChildEnd = Math.max(latestChildEnd, child.span.endTime ?? -Infinity);
    }
    entry.ended = true;
    entry.span.endTime = Math.max(now(), entry.span.startTime, latestChildEnd);
    entry.span.status = status;
    if (error) entry.span.error = { type: error.type, message: error.message };
    open.delete(entry.span.spanId);
    entry.children = [];
    notify('onEnd', entry.span);
  }

  function makeHandle(entry: Entry): SpanHandle {
    const handle: SpanHandle = {
      get span() {
        return snapshot(entry.span);
      },
      setAttributes(attributes) {
        // Attributes grow only while the span runs; late writes would reach processors after `onEnd`.
        if (entry.ended) return;
        entry.span.attributes = { ...entry.span.attributes, ...attributes };
        notify('onUpdate', entry.span);
      },
      end(status = 'ok', error) {
        finish(entry, status, error, false);
      },
    };
    entries.set(handle, entry);
    return handle;
  }

  function startSpan(start: SpanStart): SpanHandle {
    const parent = start.parent ? entries.get(start.parent) : undefined;
    if (start.parent && !parent) throw new Error('startSpan: the parent handle was not created by this tracer');
    const span = newSpan(start, parent?.span, { sessionId: options.sessionId, ids, now });
    const spanId = span.spanId;
    const entry: Entry = { span, children: [], ended: false };
    if (parent) entry.parent = parent;

    if (parent?.ended) {
      // Late work under a closed parent (e.g. after Stop) is recorded as cancelled, inside the parent's time.
      span.startTime = parent.span.endTime ?? span.startTime;
      span.endTime = span.startTime;
      span.status = 'cancelled';
      span.error = { type: 'cancelled', message: 'The parent span had already ended.' };
      entry.ended = true;
      notify('onStart', span);
      notify('onEnd', span);
      return makeHandle(entry);
    }

    if (parent) parent.children.push(entry);
    open.set(spanId, entry);
    notify('onStart', span);
    return makeHandle(entry);
  }

  return {
    startSpan,
    openSpans() {
      return [...open.values()].map((entry) => snapshot(entry.span));
    },
    endAll(status, error) {
      const roots = [...open.values()].filter((entry) => !entry.parent || entry.parent.ended);
      for (const root of roots) finish(root, status, error, true);
    },
  };
}
