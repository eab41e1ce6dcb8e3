/**
 * What a span records (`mcp`: one exchange with an MCP server, inside the tool span of the call; `plan`: a JSON plan
 * decision; `reflection`: an answer check).
 */
export const SPAN_KIND_VALUES = [
  'run',
  'llm',
  'tool',
  'retry',
  'compaction',
  'memory',
  'approval',
  'agent',
  'mcp',
  'plan',
  'reflection',
] as const;

/** What a span records. */
export type SpanKind = (typeof SPAN_KIND_VALUES)[number];

/** A span's state: `running` until it ends. */
export type SpanStatus = 'running' | 'ok' | 'error' | 'cancelled';

/** A unit of work in a run: the model of the trace panel, storage and export. */
export interface Span {
  /** 32 lowercase hex characters; one trace per run. */
  traceId: string;
  /** 16 lowercase hex characters. */
  spanId: string;
  parentSpanId?: string;
  sessionId: string;
  /** The run (root span) this span belongs to: the root's own spanId for the root. */
  runId: string;
  kind: SpanKind;
  name: string;
  /** Epoch milliseconds with sub-millisecond fraction. */
  startTime: number;
  endTime?: number;
  status: SpanStatus;
  error?: { type: string; message: string };
  attributes: Record<string, unknown>;
}

/** Receives span lifecycle callbacks: the UI store and storage are processors. */
export interface SpanProcessor {
  onStart(span: Span): void;
  /** Attributes changed while the span is running (growing output, first token…). */
  onUpdate(span: Span): void;
  onEnd(span: Span): void;
}

/** A live span: attributes can grow until it ends; ending twice is a no-op. */
export interface SpanHandle {
  readonly span: Span;
  setAttributes(attributes: Record<string, unknown>): void;
  /** Ends the span; `ok` by default. A parent is ended only after its children (the tracer cancels open children). */
  end(status?: Exclude<SpanStatus, 'running'>, error?: { type: string; message: string }): void;
}

/** Creates spans for one session; ids and clock are injected. */
export interface Tracer {
  startSpan(options: {
    kind: SpanKind;
    name: string;
    parent?: SpanHandle;
    attributes?: Record<string, unknown>;
    /** When the work began, if before the span was opened (by the tracer's clock); now by default. */
    startTime?: number;
  }): SpanHandle;
}
