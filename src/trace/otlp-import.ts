import type { ChatMessage, ToolCall } from '../model/model.ts';
import { jsonDepth, SAFE_DEPTH, stringifyJson } from '../json/deep-json.ts';
import { ATTR } from './attributes.ts';
import { mapSpanAttributes, type MappedSpan, type TraceConvention } from './otlp-import-conventions.ts';
import { decodeAttributes, otlpTraceFileSchema, unixNanoToMs, type OtlpJsonSpan } from './otlp-import-schema.ts';
import type { Span } from './span.ts';

export { isOtlpTraceFile } from './otlp-import-schema.ts';

/** A message of the conversation rebuilt from an imported trace. */
export interface ImportedTraceMessage {
  runId: string;
  /** The llm span the message came from. */
  spanId: string;
  createdAt: number;
  message: ChatMessage;
}

/** One imported trace (or, for our own export, one session's runs): spans in our model and the rebuilt chat. */
export interface ImportedTrace {
  /** Our session id for our own export (`gen_ai.conversation.id`), else `sess_otlp_<traceId>`. */
  id: string;
  title: string;
  /** The convention most of its spans follow. */
  convention: TraceConvention;
  createdAt: number;
  updatedAt: number;
  status: 'done' | 'error';
  spans: Array<Omit<Span, 'sessionId'>>;
  messages: ImportedTraceMessage[];
}

interface RawSpan {
  otlp: OtlpJsonSpan;
  mapped: MappedSpan;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  resource: Record<string, unknown>;
  scopeName?: string;
}

function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

function spanError(raw: RawSpan, attributes: Record<string, unknown>): { type: string; message: string } {
  const exception = raw.otlp.events?.find((event) => event.name === 'exception');
  const eventAttributes = decodeAttributes(exception?.attributes);
  const type = attributes['error.type'] ?? eventAttributes['exception.type'] ?? 'error';
  const message = raw.otlp.status?.message ?? eventAttributes['exception.message'] ?? '';
  return { type: String(type), message: String(message) };
}

function toSpan(
  raw: RawSpan,
  parents: ReadonlyMap<string, string | undefined>,
  runIds: ReadonlyMap<string, string>,
): Omit<Span, 'sessionId'> {
  const { otlp, mapped } = raw;
  const startTime = unixNanoToMs(otlp.startTimeUnixNano);
  const end = otlp.endTimeUnixNano === undefined ? startTime : unixNanoToMs(otlp.endTimeUnixNano);
  const attributes = { ...mapped.attributes };
  const parentSpanId = parents.get(raw.spanId);
  const ours = mapped.convention === 'glassbox';
  if (!ours) {
    const kind = otlp.kind ?? 0;
    if (kind !== 0)
      attributes['otel.span.kind'] = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'][kind];
    if (parentSpanId === undefined) {
      for (const [key, value] of Object.entries(raw.resource)) attributes[`resource.${key}`] = value;
      if (raw.scopeName) attributes['otel.scope.name'] = raw.scopeName;
    }
  }
  const events = (otlp.events ?? []).filter((event) => !(ours && event.name === 'exception'));
  if (events.length > 0) {
    attributes['otel.events'] = events.map((event) => ({
      name: event.name ?? '',
      time: event.timeUnixNano === undefined ? undefined : unixNanoToMs(event.timeUnixNano),
      attributes: decodeAttributes(event.attributes),
    }));
  }
  if (parentSpanId === undefined) attributes[ATTR.importSource] = 'otlp';
  const span: Omit<Span, 'sessionId'> = {
    traceId: raw.traceId,
    spanId: raw.spanId,
    runId: runIds.get(raw.spanId) ?? raw.spanId,
    kind: mapped.kind,
    name: mapped.name ?? otlp.name,
    startTime,
    endTime: Math.max(end, startTime),
    status: mapped.status ?? (otlp.status?.code === 2 ? 'error' : 'ok'),
    attributes,
  };
  if (parentSpanId !== undefined) span.parentSpanId = parentSpanId;
  if (span.status === 'error') {
    span.error = spanError(raw, attributes);
    if (ours) delete attributes['error.type'];
  }
  return span;
}

/** The root of every span (a parent outside the group makes a root; a cycle is cut where it closes). */
function findRoots(group: readonly RawSpan[]): {
  parents: Map<string, string | undefined>;
  roots: Map<string, string>;
} {
  const ids = new Set(group.map((raw) => raw.spanId));
  const parents = new Map<string, string | undefined>();
  for (const raw of group) {
    const parent = raw.parentSpanId;
    parents.set(raw.spanId, parent !== undefined && parent !== raw.spanId && ids.has(parent) ? parent : undefined);
  }
  const roots = new Map<string, string>();
  for (const raw of group) {
    const seen = new Set<string>([raw.spanId]);
    let current = raw.spanId;
    for (let parent = parents.get(current); parent !== undefined; parent = parents.get(current)) {
      if (seen.has(parent)) {
        parents.set(current, undefined);
        break;
      }
      seen.add(parent);
      current = parent;
    }
    roots.set(raw.spanId, current);
  }
  return { parents, roots };
}

const sameMessage = (a: ChatMessage, b: ChatMessage): boolean => stringifyJson(a) === stringifyJson(b);

/** The chat of one run: its last llm call's input (without system messages) and output. */
function runMessages(
  runSpans: ReadonlyArray<Omit<Span, 'sessionId'>>,
  root: Omit<Span, 'sessionId'>,
): ImportedTraceMessage[] {
  const llms = runSpans
    .filter(
      (span) =>
        span.kind === 'llm' &&
        (span.attributes[ATTR.llmMessages] !== undefined || span.attributes[ATTR.llmOutputText] !== undefined),
    )
    .sort((a, b) => a.startTime - b.startTime);
  const last = llms.at(-1);
  const result: ImportedTraceMessage[] = [];
  if (last) {
    const input = Array.isArray(last.attributes[ATTR.llmMessages])
      ? (last.attributes[ATTR.llmMessages] as ChatMessage[])
      : [];
    for (const message of input) {
      if (message.role !== 'system')
        result.push({ runId: root.spanId, spanId: last.spanId, createdAt: last.startTime, message });
    }
    const text =
      typeof last.attributes[ATTR.llmOutputText] === 'string' ? (last.attributes[ATTR.llmOutputText] as string) : '';
    const calls = Array.isArray(last.attributes[ATTR.llmOutputToolCalls])
      ? (last.attributes[ATTR.llmOutputToolCalls] as ToolCall[])
      : [];
    if (text !== '' || calls.length > 0) {
      const message: ChatMessage =
        calls.length > 0
          ? { role: 'assistant', content: text || null, tool_calls: calls }
          : { role: 'assistant', content: text };
      result.push({ runId: root.spanId, spanId: last.spanId, createdAt: last.endTime ?? last.startTime, message });
    }
    return result;
  }
  const input = root.attributes[ATTR.runInput];
  const output = root.attributes[ATTR.runOutput];
  if (typeof input === 'string')
    result.push({
      runId: root.spanId,
      spanId: root.spanId,
      createdAt: root.startTime,
      message: { role: 'user', content: input },
    });
  if (typeof output === 'string') {
    result.push({
      runId: root.spanId,
      spanId: root.spanId,
      createdAt: root.endTime ?? root.startTime,
      message: { role: 'assistant', content: output },
    });
  }
  return result;
}

/** The conversation across runs: each run adds what its last llm call saw beyond what earlier runs already gave. */
function rebuildConversation(spans: ReadonlyArray<Omit<Span, 'sessionId'>>): ImportedTraceMessage[] {
  const roots = spans.filter((span) => span.parentSpanId === undefined).sort((a, b) => a.startTime - b.startTime);
  const conversation: ImportedTraceMessage[] = [];
  for (const root of roots) {
    const messages = runMessages(
      spans.filter((span) => span.runId === root.spanId),
      root,
    );
    let shared = 0;
    while (
      shared < conversation.length &&
      shared < messages.length &&
      sameMessage(conversation[shared]?.message as ChatMessage, messages[shared]?.message as ChatMessage)
    )
      shared += 1;
    conversation.push(...(shared === conversation.length ? messages.slice(shared) : messages));
  }
  return conversation;
}

function titleOf(messages: readonly ImportedTraceMessage[], spans: ReadonlyArray<Omit<Span, 'sessionId'>>): string {
  const user = messages.find((entry) => entry.message.role === 'user')?.message.content;
  const text = typeof user === 'string' ? user.trim().split('\n')[0]?.trim() : '';
  if (text) return Array.from(text).slice(0, 80).join('');
  const root = spans.find((span) => span.parentSpanId === undefined);
  return root?.name || 'Imported trace';
}

function majority(group: readonly RawSpan[]): TraceConvention {
  const counts = new Map<TraceConvention, number>();
  for (const raw of group) counts.set(raw.mapped.convention, (counts.get(raw.mapped.convention) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'otel';
}

const SESSION_ID = /^[\w.:-]{1,200}$/;

/**
 * Reads an OTLP/HTTP JSON trace file into traces in our span model, grouped into sessions: our own export by
 * `gen_ai.conversation.id` (one session with its runs), any other by trace id. Each trace's chat is rebuilt from
 * the messages its spans carry. Returns what is wrong (with the path in the file) when the file is not valid OTLP.
 */
export function importOtlpTraces(value: unknown): { ok: true; traces: ImportedTrace[] } | { ok: false; error: string } {
  // The schema is checked recursively: an attribute nested past what it can check is refused, with how deep it is.
  const depth = jsonDepth(value, SAFE_DEPTH);
  if (depth > SAFE_DEPTH)
    return { ok: false, error: `not a valid OTLP trace file: nested deeper than ${SAFE_DEPTH} levels` };
  const parsed = otlpTraceFileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: `not a valid OTLP trace file: ${issue ? `${issuePath(issue.path)}: ${issue.message}` : 'invalid'}`,
    };
  }
  const groups = new Map<string, RawSpan[]>();
  for (const resourceSpans of parsed.data.resourceSpans) {
    const resource = decodeAttributes(resourceSpans.resource?.attributes);
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const otlp of scopeSpans.spans ?? []) {
        const mapped = mapSpanAttributes(decodeAttributes(otlp.attributes));
        const traceId = otlp.traceId.toLowerCase();
        const raw: RawSpan = { otlp, mapped, traceId, spanId: otlp.spanId.toLowerCase(), resource };
        if (otlp.parentSpanId) raw.parentSpanId = otlp.parentSpanId.toLowerCase();
        if (scopeSpans.scope?.name) raw.scopeName = scopeSpans.scope.name;
        const key =
          mapped.convention === 'glassbox' && mapped.conversationId ? `c:${mapped.conversationId}` : `t:${traceId}`;
        const group = groups.get(key) ?? [];
        group.push(raw);
        groups.set(key, group);
      }
    }
  }
  if (groups.size === 0) return { ok: false, error: 'the OTLP trace file holds no spans' };

  const traces: ImportedTrace[] = [];
  for (const [key, group] of groups) {
    const seen = new Set<string>();
    for (const raw of group) {
      if (seen.has(raw.spanId)) return { ok: false, error: `trace ${raw.traceId}: duplicate span id ${raw.spanId}` };
      seen.add(raw.spanId);
    }
    const { parents, roots } = findRoots(group);
    const runIds = new Map<string, string>();
    for (const raw of group) {
      const own = raw.mapped.runId;
      runIds.set(raw.spanId, own !== undefined && seen.has(own) ? own : (roots.get(raw.spanId) as string));
    }
    const spans = group.map((raw) => toSpan(raw, parents, runIds)).sort((a, b) => a.startTime - b.startTime);
    const messages = rebuildConversation(spans);
    const conversation = key.startsWith('c:') ? key.slice(2) : undefined;
    const first = group[0] as RawSpan;
    traces.push({
      id: conversation !== undefined && SESSION_ID.test(conversation) ? conversation : `sess_otlp_${first.traceId}`,
      title: titleOf(messages, spans),
      convention: majority(group),
      createdAt: spans.reduce((min, span) => Math.min(min, span.startTime), Infinity),
      updatedAt: spans.reduce((max, span) => Math.max(max, span.endTime ?? span.startTime), 0),
      status: spans.some((span) => span.parentSpanId === undefined && span.status === 'error') ? 'error' : 'done',
      spans,
      messages,
    });
  }
  return { ok: true, traces };
}
