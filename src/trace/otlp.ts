import { ATTR, numberAttribute, stringAttribute } from './attributes.ts';
import { toGenAiInputMessages, toGenAiOutputMessages } from './otlp-messages.ts';
import { AttributeList, scrubString, toJsonText, toUnixNanoString, type OtlpKeyValue } from './otlp-values.ts';
import type { Span, SpanKind } from './span.ts';

export { postOtlp, parseOtlpHeaders, otlpTracesUrl } from './otlp-post.ts';
export type { OtlpAnyValue, OtlpKeyValue } from './otlp-values.ts';

/** OTLP span kinds (integers in the JSON encoding). */
export const OTLP_SPAN_KIND = { unspecified: 0, internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

/** OTLP status codes. */
export const OTLP_STATUS_CODE = { unset: 0, ok: 1, error: 2 } as const;

/** One span in OTLP/HTTP JSON. */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  events: Array<{ timeUnixNano: string; name: string; attributes: OtlpKeyValue[] }>;
  status: { code: number; message?: string };
}

/** An OTLP/HTTP JSON `ExportTraceServiceRequest`. */
export interface OtlpExportTraceServiceRequest {
  resourceSpans: Array<{
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: Array<{ scope: { name: string; version: string }; spans: OtlpSpan[] }>;
  }>;
}

/** Options of `toOtlpRequest`. */
export interface OtlpExportOptions {
  /** `service.name` of the resource; `glassbox` by default. */
  serviceName?: string;
  /** Opt-in: include the messages sent and received (`gen_ai.input.messages`, `gen_ai.output.messages`). */
  includeMessages?: boolean;
  /** Epoch ms used as the end of spans still running; defaults to the latest time found in the spans. */
  now?: number;
  /** Strings (such as the API key) replaced by `[REDACTED]` wherever they appear. */
  redact?: string[];
  /** Scores of runs (an experiment's), by run id: a `gen_ai.evaluation.result` event each on the run's span. */
  evaluations?: ReadonlyMap<string, readonly EvaluationResult[]>;
}

/** One score as a `gen_ai.evaluation.result` event carries it. */
export interface EvaluationResult {
  name: string;
  value: number;
  label: string;
  explanation: string;
}

const SCOPE = { name: 'glassbox', version: '0.1.0' };
const DEFAULT_AGENT_NAME = 'Glassbox';

// Our attributes that the GenAI mapping already covers, or that hold message content (exported only on opt-in).
const MAPPED_KEYS = new Set<string>([
  ATTR.llmProvider,
  ATTR.llmRequestModel,
  ATTR.llmResponseModel,
  ATTR.llmResponseId,
  ATTR.llmParameters,
  ATTR.llmUsageInputTokens,
  ATTR.llmUsageOutputTokens,
  ATTR.llmUsageCachedTokens,
  ATTR.llmFinishReason,
  ATTR.toolName,
  ATTR.toolCallId,
  ATTR.toolArguments,
  ATTR.toolResult,
  ATTR.agentName,
]);
const CONTENT_KEYS = new Set<string>([
  ATTR.llmMessages,
  ATTR.llmTools,
  ATTR.llmOutputText,
  ATTR.llmOutputReasoning,
  ATTR.llmOutputRefusal,
  ATTR.llmOutputToolCalls,
  ATTR.runInput,
  ATTR.runOutput,
  ATTR.compactionSummary,
  ATTR.memoryQuery,
  ATTR.memoryResults,
]);

// Request parameters with a GenAI name; `double` marks those the conventions type as double.
const PARAMETER_KEYS: Record<string, { key: string; hint?: 'double' }> = {
  temperature: { key: 'gen_ai.request.temperature', hint: 'double' },
  top_p: { key: 'gen_ai.request.top_p', hint: 'double' },
  topP: { key: 'gen_ai.request.top_p', hint: 'double' },
  frequency_penalty: { key: 'gen_ai.request.frequency_penalty', hint: 'double' },
  presence_penalty: { key: 'gen_ai.request.presence_penalty', hint: 'double' },
  max_tokens: { key: 'gen_ai.request.max_tokens' },
  max_completion_tokens: { key: 'gen_ai.request.max_tokens' },
  maxOutputTokens: { key: 'gen_ai.request.max_tokens' },
  seed: { key: 'gen_ai.request.seed' },
  stop: { key: 'gen_ai.request.stop_sequences' },
};

const OPERATION: Partial<Record<SpanKind, string>> = {
  run: 'invoke_agent',
  agent: 'invoke_agent',
  llm: 'chat',
  tool: 'execute_tool',
};

function spanName(span: Span): string {
  const attributes = span.attributes;
  if (span.kind === 'run') return `invoke_agent ${stringAttribute(attributes, ATTR.agentName) ?? DEFAULT_AGENT_NAME}`;
  if (span.kind === 'agent') return `invoke_agent ${stringAttribute(attributes, ATTR.agentName) ?? span.name}`;
  if (span.kind === 'llm') {
    const model = stringAttribute(attributes, ATTR.llmRequestModel);
    return model ? `chat ${model}` : 'chat';
  }
  if (span.kind === 'tool') return `execute_tool ${stringAttribute(attributes, ATTR.toolName) ?? span.name}`;
  return span.name;
}

function addLlmAttributes(list: AttributeList, span: Span, includeMessages: boolean): void {
  const a = span.attributes;
  list.set('gen_ai.provider.name', a[ATTR.llmProvider]);
  list.set('gen_ai.request.model', a[ATTR.llmRequestModel]);
  list.set('gen_ai.response.model', a[ATTR.llmResponseModel]);
  list.set('gen_ai.response.id', a[ATTR.llmResponseId]);
  list.set('gen_ai.usage.input_tokens', numberAttribute(a, ATTR.llmUsageInputTokens));
  list.set('gen_ai.usage.output_tokens', numberAttribute(a, ATTR.llmUsageOutputTokens));
  list.set('gen_ai.usage.cache_read.input_tokens', numberAttribute(a, ATTR.llmUsageCachedTokens));
  const finishReason = stringAttribute(a, ATTR.llmFinishReason);
  if (finishReason) list.set('gen_ai.response.finish_reasons', [finishReason]);
  const parameters = a[ATTR.llmParameters];
  if (typeof parameters === 'object' && parameters !== null && !Array.isArray(parameters)) {
    const rest: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(parameters)) {
      const mapped = PARAMETER_KEYS[name];
      if (mapped) list.set(mapped.key, typeof value === 'string' && name === 'stop' ? [value] : value, mapped.hint);
      else rest[name] = value;
    }
    if (Object.keys(rest).length > 0) list.set('glassbox.llm.parameters', rest);
  }
  if (!includeMessages) return;
  list.set('gen_ai.input.messages', toJsonText(toGenAiInputMessages(a[ATTR.llmMessages])));
  const output = toGenAiOutputMessages({
    text: a[ATTR.llmOutputText],
    reasoning: a[ATTR.llmOutputReasoning],
    refusal: a[ATTR.llmOutputRefusal],
    toolCalls: a[ATTR.llmOutputToolCalls],
    finishReason,
  });
  list.set('gen_ai.output.messages', toJsonText(output));
  list.set('gen_ai.tool.definitions', a[ATTR.llmTools] === undefined ? undefined : toJsonText(a[ATTR.llmTools]));
}

function addToolAttributes(list: AttributeList, span: Span): void {
  const a = span.attributes;
  list.set('gen_ai.tool.name', a[ATTR.toolName] ?? span.name);
  list.set('gen_ai.tool.call.id', a[ATTR.toolCallId]);
  list.set('gen_ai.tool.type', 'function');
  if (a[ATTR.toolArguments] !== undefined) list.set('gen_ai.tool.call.arguments', toJsonText(a[ATTR.toolArguments]));
  if (a[ATTR.toolResult] !== undefined) list.set('gen_ai.tool.call.result', toJsonText(a[ATTR.toolResult]));
}

function addRunAttributes(list: AttributeList, span: Span, firstLlm: Span | undefined, includeMessages: boolean): void {
  const a = span.attributes;
  list.set('gen_ai.agent.name', stringAttribute(a, ATTR.agentName) ?? DEFAULT_AGENT_NAME);
  if (firstLlm) {
    list.set('gen_ai.provider.name', firstLlm.attributes[ATTR.llmProvider]);
    list.set('gen_ai.request.model', firstLlm.attributes[ATTR.llmRequestModel]);
  }
  if (!includeMessages) return;
  const input = stringAttribute(a, ATTR.runInput);
  if (input !== undefined)
    list.set('gen_ai.input.messages', toJsonText([{ role: 'user', parts: [{ type: 'text', content: input }] }]));
  const output = stringAttribute(a, ATTR.runOutput);
  if (output !== undefined)
    list.set('gen_ai.output.messages', toJsonText(toGenAiOutputMessages({ text: output, finishReason: 'stop' })));
}

function toOtlpSpan(
  span: Span,
  context: { end: number; firstLlmByRun: Map<string, Span>; includeMessages: boolean; secrets: string[] },
): OtlpSpan {
  const list = new AttributeList(context.secrets);
  const operation = OPERATION[span.kind];
  if (operation) list.set('gen_ai.operation.name', operation);
  if (span.kind === 'llm') addLlmAttributes(list, span, context.includeMessages);
  else if (span.kind === 'tool') addToolAttributes(list, span);
  else if (span.kind === 'run')
    addRunAttributes(list, span, context.firstLlmByRun.get(span.runId), context.includeMessages);
  // A delegated agent: its own name (its model is on its llm spans).
  else if (span.kind === 'agent') addRunAttributes(list, span, undefined, context.includeMessages);
  for (const [key, value] of Object.entries(span.attributes)) {
    if (MAPPED_KEYS.has(key)) continue;
    if (
      CONTENT_KEYS.has(key) &&
      (!context.includeMessages || span.kind === 'llm' || span.kind === 'run' || span.kind === 'agent')
    )
      continue;
    list.set(`glassbox.${key}`, value);
  }
  list.set('glassbox.span.kind', span.kind);
  list.set('glassbox.span.name', span.name);
  list.set('glassbox.run.id', span.runId);
  if (span.status === 'cancelled' || span.status === 'running') list.set('glassbox.span.status', span.status);
  list.set('gen_ai.conversation.id', span.sessionId);

  const endTime = span.endTime ?? Math.max(context.end, span.startTime);
  const result: OtlpSpan = {
    traceId: span.traceId,
    spanId: span.spanId,
    name: scrubString(spanName(span), context.secrets),
    kind: span.kind === 'llm' ? OTLP_SPAN_KIND.client : OTLP_SPAN_KIND.internal,
    startTimeUnixNano: toUnixNanoString(span.startTime),
    endTimeUnixNano: toUnixNanoString(endTime),
    attributes: list.items,
    events: [],
    status: { code: span.status === 'ok' ? OTLP_STATUS_CODE.ok : OTLP_STATUS_CODE.unset },
  };
  if (span.parentSpanId !== undefined) result.parentSpanId = span.parentSpanId;
  if (span.status === 'error') {
    const type = span.error?.type ?? 'error';
    const message = scrubString(
      span.error?.message ?? stringAttribute(span.attributes, ATTR.toolError) ?? 'Error',
      context.secrets,
    );
    list.set('error.type', type);
    result.status = { code: OTLP_STATUS_CODE.error, message };
    const event = new AttributeList(context.secrets);
    event.set('exception.type', type);
    event.set('exception.message', message);
    result.events.push({ timeUnixNano: toUnixNanoString(endTime), name: 'exception', attributes: event.items });
  }
  const feedback = span.kind === 'run' ? feedbackEvent(span, context.secrets) : undefined;
  if (feedback) result.events.push({ timeUnixNano: toUnixNanoString(endTime), ...feedback });
  return result;
}

/** The user's verdict on a run's answer as a GenAI evaluation result event (name `user_feedback`, 1 good, 0 bad). */
function feedbackEvent(
  span: Span,
  secrets: readonly string[],
): { name: string; attributes: OtlpKeyValue[] } | undefined {
  const rating = stringAttribute(span.attributes, ATTR.feedbackRating);
  if (rating !== 'good' && rating !== 'bad') return undefined;
  const event = new AttributeList(secrets);
  event.set('gen_ai.evaluation.name', 'user_feedback');
  event.set('gen_ai.evaluation.score.value', rating === 'good' ? 1 : 0);
  event.set('gen_ai.evaluation.score.label', rating);
  const note = stringAttribute(span.attributes, ATTR.feedbackNote);
  if (note) event.set('gen_ai.evaluation.explanation', note);
  return { name: 'gen_ai.evaluation.result', attributes: event.items };
}

/**
 * Maps spans to an OTLP/HTTP JSON `ExportTraceServiceRequest` following the OpenTelemetry GenAI conventions:
 * `invoke_agent` per run, `chat {model}` per llm call, `execute_tool {name}` per tool call, the session id as
 * `gen_ai.conversation.id` on every span. Credential-named keys and the `redact` strings never appear.
 */
export function toOtlpRequest(spans: readonly Span[], options: OtlpExportOptions = {}): OtlpExportTraceServiceRequest {
  const sorted = [...spans].sort((a, b) => a.startTime - b.startTime);
  const latest = sorted.reduce((max, span) => Math.max(max, span.startTime, span.endTime ?? span.startTime), 0);
  const firstLlmByRun = new Map<string, Span>();
  for (const span of sorted)
    if (span.kind === 'llm' && !firstLlmByRun.has(span.runId)) firstLlmByRun.set(span.runId, span);
  const secrets = (options.redact ?? []).filter((secret) => secret.length >= 4);
  const toSpan = (span: Span) => {
    const result = toOtlpSpan(span, context);
    const scores = span.spanId === span.runId ? options.evaluations?.get(span.runId) : undefined;
    for (const score of scores ?? []) result.events.push(evaluationEvent(score, result.endTimeUnixNano, secrets));
    return result;
  };
  const context = {
    end: options.now ?? latest,
    firstLlmByRun,
    includeMessages: options.includeMessages ?? false,
    secrets,
  };

  const resource = new AttributeList(secrets);
  resource.set('service.name', options.serviceName ?? 'glassbox');
  resource.set('telemetry.sdk.name', 'glassbox');
  resource.set('telemetry.sdk.language', 'webjs');
  return {
    resourceSpans: [
      {
        resource: { attributes: resource.items },
        scopeSpans: [{ scope: { ...SCOPE }, spans: sorted.map(toSpan) }],
      },
    ],
  };
}

/** A score as the GenAI conventions' evaluation event. */
function evaluationEvent(score: EvaluationResult, timeUnixNano: string, secrets: string[]) {
  const list = new AttributeList(secrets);
  list.set('gen_ai.evaluation.name', score.name);
  list.set('gen_ai.evaluation.score.value', score.value, 'double');
  list.set('gen_ai.evaluation.score.label', score.label);
  list.set('gen_ai.evaluation.explanation', score.explanation);
  return { timeUnixNano, name: 'gen_ai.evaluation.result', attributes: list.items };
}
