import type { ChatMessage } from '../model/model.ts';
import { ATTR } from './attributes.ts';
import {
  fromGenAiMessages,
  fromOpenInferenceMessages,
  fromVercelMessages,
  fromVercelToolCalls,
  parseJsonText,
} from './otlp-import-messages.ts';
import { SPAN_KIND_VALUES, type SpanKind, type SpanStatus } from './span.ts';

/** Which convention a span's attributes follow. */
export type TraceConvention = 'glassbox' | 'genai' | 'openinference' | 'vercel' | 'otel';

/** A foreign span's attributes mapped to ours: mapped keys under our names, every other attribute kept as it was. */
export interface MappedSpan {
  kind: SpanKind;
  convention: TraceConvention;
  attributes: Record<string, unknown>;
  /** Our own export only: the span's original name, run and non-OTLP status. */
  name?: string;
  runId?: string;
  status?: SpanStatus;
  /** The session the span belongs to (`gen_ai.conversation.id`), if it says. */
  conversationId?: string;
}

/** Attributes not yet mapped: `take` removes a key, what is left is kept as it came. */
class Remaining {
  constructor(readonly values: Record<string, unknown>) {}
  take(key: string): unknown {
    const value = this.values[key];
    delete this.values[key];
    return value;
  }
  takeFirst(...keys: string[]): unknown {
    let found: unknown;
    for (const key of keys) {
      const value = this.take(key);
      if (found === undefined) found = value;
    }
    return found;
  }
  takePrefix(prefix: string): void {
    for (const key of Object.keys(this.values)) if (key.startsWith(prefix)) delete this.values[key];
  }
}

const asNumber = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function set(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined && value !== null && !(typeof value === 'string' && value === '')) target[key] = value;
}

const LLM_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content', 'embeddings']);

/** The text of the last user message, or of all messages' text. */
function lastText(messages: readonly ChatMessage[], role: 'user' | 'assistant'): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as ChatMessage;
    if (message.role === role && typeof message.content === 'string' && message.content !== '') return message.content;
  }
  return undefined;
}

/** Sets the output attributes of an llm span from its output messages. */
function setLlmOutput(target: Record<string, unknown>, output: readonly ChatMessage[]): void {
  const assistant = output.filter((message) => message.role === 'assistant');
  const text = assistant.map((message) => message.content ?? '').join('');
  set(target, ATTR.llmOutputText, text);
  const calls = assistant.flatMap((message) => message.tool_calls ?? []);
  if (calls.length > 0) target[ATTR.llmOutputToolCalls] = calls;
}

const PARAMETERS: Record<string, string> = {
  'gen_ai.request.temperature': 'temperature',
  'gen_ai.request.top_p': 'top_p',
  'gen_ai.request.frequency_penalty': 'frequency_penalty',
  'gen_ai.request.presence_penalty': 'presence_penalty',
  'gen_ai.request.max_tokens': 'max_tokens',
  'gen_ai.request.seed': 'seed',
  'gen_ai.request.stop_sequences': 'stop',
};

/** OpenTelemetry GenAI conventions (and our export, which follows them). */
function mapGenAi(rest: Remaining, kind: SpanKind, mapped: Record<string, unknown>, ours: boolean): void {
  rest.take('gen_ai.operation.name');
  if (kind === 'llm') {
    set(mapped, ATTR.llmProvider, rest.takeFirst('gen_ai.provider.name', 'gen_ai.system'));
    set(mapped, ATTR.llmRequestModel, rest.take('gen_ai.request.model'));
    set(mapped, ATTR.llmResponseModel, rest.take('gen_ai.response.model'));
    set(mapped, ATTR.llmResponseId, rest.take('gen_ai.response.id'));
    set(mapped, ATTR.llmUsageInputTokens, asNumber(rest.take('gen_ai.usage.input_tokens')));
    set(mapped, ATTR.llmUsageOutputTokens, asNumber(rest.take('gen_ai.usage.output_tokens')));
    set(mapped, ATTR.llmUsageCachedTokens, asNumber(rest.take('gen_ai.usage.cache_read.input_tokens')));
    const reasons = rest.take('gen_ai.response.finish_reasons');
    set(mapped, ATTR.llmFinishReason, Array.isArray(reasons) ? asString(reasons[0]) : asString(reasons));
    const parameters: Record<string, unknown> = {};
    const extra = parseJsonText(rest.take('glassbox.llm.parameters'));
    if (typeof extra === 'object' && extra !== null && !Array.isArray(extra)) Object.assign(parameters, extra);
    for (const [key, name] of Object.entries(PARAMETERS)) set(parameters, name, rest.take(key));
    if (Object.keys(parameters).length > 0) mapped[ATTR.llmParameters] = parameters;
    const system = fromGenAiMessages(rest.take('gen_ai.system_instructions'));
    const input = fromGenAiMessages(rest.take('gen_ai.input.messages'));
    if (input.length > 0 || system.length > 0) mapped[ATTR.llmMessages] = [...system, ...input];
    const outputRaw = rest.take('gen_ai.output.messages');
    if (outputRaw !== undefined) setLlmOutput(mapped, fromGenAiMessages(outputRaw));
    const tools = parseJsonText(rest.take('gen_ai.tool.definitions'));
    if (tools !== undefined) mapped[ATTR.llmTools] = tools;
  } else if (kind === 'tool') {
    set(mapped, ATTR.toolName, rest.take('gen_ai.tool.name'));
    set(mapped, ATTR.toolCallId, rest.take('gen_ai.tool.call.id'));
    if (rest.values['gen_ai.tool.type'] === 'function') rest.take('gen_ai.tool.type');
    set(mapped, ATTR.toolArguments, parseJsonText(rest.take('gen_ai.tool.call.arguments')));
    set(mapped, ATTR.toolResult, parseJsonText(rest.take('gen_ai.tool.call.result')));
  } else if (kind === 'run' || kind === 'agent') {
    set(mapped, ATTR.agentName, rest.take('gen_ai.agent.name'));
    if (ours) rest.takeFirst('gen_ai.provider.name', 'gen_ai.request.model');
    const input = rest.values['gen_ai.input.messages'];
    if (input !== undefined)
      set(mapped, ATTR.runInput, lastText(fromGenAiMessages(rest.take('gen_ai.input.messages')), 'user'));
    const output = rest.values['gen_ai.output.messages'];
    if (output !== undefined)
      set(mapped, ATTR.runOutput, lastText(fromGenAiMessages(rest.take('gen_ai.output.messages')), 'assistant'));
  }
}

const OPENINFERENCE_KIND: Record<string, SpanKind> = {
  LLM: 'llm',
  EMBEDDING: 'llm',
  TOOL: 'tool',
  RETRIEVER: 'memory',
};

/** OpenInference (Arize Phoenix): `openinference.span.kind`, flattened `llm.input_messages.N.message.*`. */
function mapOpenInference(rest: Remaining, kind: SpanKind, mapped: Record<string, unknown>): void {
  rest.take('openinference.span.kind');
  if (kind === 'llm') {
    set(mapped, ATTR.llmRequestModel, rest.take('llm.model_name'));
    set(mapped, ATTR.llmProvider, rest.take('llm.provider'));
    set(mapped, ATTR.llmUsageInputTokens, asNumber(rest.take('llm.token_count.prompt')));
    set(mapped, ATTR.llmUsageOutputTokens, asNumber(rest.take('llm.token_count.completion')));
    set(mapped, ATTR.llmUsageCachedTokens, asNumber(rest.take('llm.token_count.prompt_details.cache_read')));
    set(mapped, ATTR.llmUsageReasoningTokens, asNumber(rest.take('llm.token_count.completion_details.reasoning')));
    const parameters = parseJsonText(rest.take('llm.invocation_parameters'));
    if (parameters !== undefined) mapped[ATTR.llmParameters] = parameters;
    const input = fromOpenInferenceMessages(rest.values, 'llm.input_messages');
    const output = fromOpenInferenceMessages(rest.values, 'llm.output_messages');
    if (input.length > 0) {
      mapped[ATTR.llmMessages] = input;
      rest.takePrefix('llm.input_messages.');
    }
    if (output.length > 0) {
      setLlmOutput(mapped, output);
      rest.takePrefix('llm.output_messages.');
    }
    const tools = Object.entries(rest.values)
      .filter(([key]) => /^llm\.tools\.\d+\.tool\.json_schema$/.test(key))
      .map(([, value]) => parseJsonText(value));
    if (tools.length > 0) {
      mapped[ATTR.llmTools] = tools;
      rest.takePrefix('llm.tools.');
    }
  } else if (kind === 'tool') {
    set(mapped, ATTR.toolName, rest.take('tool.name'));
    set(mapped, ATTR.toolCallId, rest.take('tool_call.id'));
    set(mapped, ATTR.toolArguments, parseJsonText(rest.take('input.value')));
    set(mapped, ATTR.toolResult, parseJsonText(rest.take('output.value')));
  } else if (kind === 'memory') {
    set(mapped, ATTR.memoryQuery, rest.take('input.value'));
  } else {
    set(mapped, ATTR.runInput, asString(rest.take('input.value')));
    set(mapped, ATTR.runOutput, asString(rest.take('output.value')));
  }
}

/** The Vercel AI SDK's `ai.*` spans (`ai.generateText`, `ai.generateText.doGenerate`, `ai.toolCall`…). */
function mapVercel(rest: Remaining, kind: SpanKind, mapped: Record<string, unknown>): void {
  if (kind === 'llm') {
    set(mapped, ATTR.llmRequestModel, rest.take('ai.model.id'));
    set(mapped, ATTR.llmProvider, rest.take('ai.model.provider'));
    set(mapped, ATTR.llmResponseModel, rest.take('ai.response.model'));
    set(mapped, ATTR.llmResponseId, rest.take('ai.response.id'));
    set(mapped, ATTR.llmUsageInputTokens, asNumber(rest.takeFirst('ai.usage.inputTokens', 'ai.usage.promptTokens')));
    set(
      mapped,
      ATTR.llmUsageOutputTokens,
      asNumber(rest.takeFirst('ai.usage.outputTokens', 'ai.usage.completionTokens')),
    );
    set(mapped, ATTR.llmUsageCachedTokens, asNumber(rest.take('ai.usage.cachedInputTokens')));
    set(mapped, ATTR.llmUsageReasoningTokens, asNumber(rest.take('ai.usage.reasoningTokens')));
    set(mapped, ATTR.llmTimeToFirstTokenMs, asNumber(rest.take('ai.response.msToFirstChunk')));
    set(mapped, ATTR.llmFinishReason, rest.take('ai.response.finishReason'));
    const messages = fromVercelMessages(rest.take('ai.prompt.messages'));
    if (messages.length > 0) mapped[ATTR.llmMessages] = messages;
    const tools = rest.take('ai.prompt.tools');
    if (Array.isArray(tools)) mapped[ATTR.llmTools] = tools.map(parseJsonText);
    set(mapped, ATTR.llmOutputText, rest.take('ai.response.text'));
    const calls = fromVercelToolCalls(rest.take('ai.response.toolCalls'));
    if (calls.length > 0) mapped[ATTR.llmOutputToolCalls] = calls;
  } else if (kind === 'tool') {
    set(mapped, ATTR.toolName, rest.take('ai.toolCall.name'));
    set(mapped, ATTR.toolCallId, rest.take('ai.toolCall.id'));
    set(mapped, ATTR.toolArguments, parseJsonText(rest.takeFirst('ai.toolCall.args', 'ai.toolCall.input')));
    set(mapped, ATTR.toolResult, parseJsonText(rest.takeFirst('ai.toolCall.result', 'ai.toolCall.output')));
  } else {
    const prompt = parseJsonText(rest.take('ai.prompt'));
    if (typeof prompt === 'object' && prompt !== null && !Array.isArray(prompt)) {
      const record = prompt as Record<string, unknown>;
      const input =
        typeof record.prompt === 'string' ? record.prompt : lastText(fromVercelMessages(record.messages), 'user');
      set(mapped, ATTR.runInput, input);
    } else set(mapped, ATTR.runInput, asString(prompt));
    set(mapped, ATTR.runOutput, rest.take('ai.response.text'));
  }
}

function vercelKind(operationId: string): SpanKind {
  if (operationId === 'ai.toolCall') return 'tool';
  if (/\.do(Generate|Stream|Embed)$/.test(operationId)) return 'llm';
  return 'run';
}

const OUR_KINDS = new Set<SpanKind>(SPAN_KIND_VALUES);
// Our exporter writes objects as JSON text under `glassbox.<key>`; these keys held objects.
const OUR_OBJECT_KEYS = new Set<string>([
  ATTR.llmParameters,
  ATTR.memoryResults,
  ATTR.llmOptionsDropped,
  ATTR.toolArguments,
  ATTR.toolResult,
]);

/**
 * Maps one span's OTLP attributes to ours by convention: our own export (`glassbox.span.kind`), OpenInference
 * (`openinference.span.kind`), the Vercel AI SDK (`ai.operationId`), OpenTelemetry GenAI (`gen_ai.*`), or none
 * (a span no convention names is a `run`). Attributes no mapper knows are kept under their own names.
 */
export function mapSpanAttributes(raw: Record<string, unknown>): MappedSpan {
  const rest = new Remaining({ ...raw });
  const mapped: Record<string, unknown> = {};
  const conversationId = asString(rest.take('gen_ai.conversation.id'));
  const ourKind = raw['glassbox.span.kind'];
  if (typeof ourKind === 'string' && OUR_KINDS.has(ourKind as SpanKind)) {
    const kind = ourKind as SpanKind;
    const result: MappedSpan = { kind, convention: 'glassbox', attributes: mapped };
    rest.take('glassbox.span.kind');
    const name = asString(rest.take('glassbox.span.name'));
    const runId = asString(rest.take('glassbox.run.id'));
    const status = rest.take('glassbox.span.status');
    if (name !== undefined) result.name = name;
    if (runId !== undefined) result.runId = runId.toLowerCase();
    if (status === 'cancelled' || status === 'running') result.status = status;
    if (conversationId !== undefined) result.conversationId = conversationId;
    rest.take('error.type');
    mapGenAi(rest, kind, mapped, true);
    for (const [key, value] of Object.entries(rest.values)) {
      if (!key.startsWith('glassbox.')) continue;
      const ours = key.slice('glassbox.'.length);
      mapped[ours] = OUR_OBJECT_KEYS.has(ours) ? parseJsonText(value) : value;
      rest.take(key);
    }
    return { ...result, attributes: { ...rest.values, ...mapped } };
  }

  let kind: SpanKind = 'run';
  let convention: TraceConvention = 'otel';
  const openInference = raw['openinference.span.kind'];
  const operationId = raw['ai.operationId'];
  const operation = raw['gen_ai.operation.name'];
  if (typeof openInference === 'string') {
    convention = 'openinference';
    kind = OPENINFERENCE_KIND[openInference.toUpperCase()] ?? 'run';
  } else if (typeof operationId === 'string') {
    convention = 'vercel';
    kind = vercelKind(operationId);
  } else if (typeof operation === 'string') {
    convention = 'genai';
    kind = LLM_OPERATIONS.has(operation) ? 'llm' : operation === 'execute_tool' ? 'tool' : 'run';
  }
  // Vercel's inner spans carry GenAI attributes too: the GenAI mapping runs first, the convention's own after.
  if (convention !== 'openinference') mapGenAi(rest, kind, mapped, false);
  if (convention === 'openinference') mapOpenInference(rest, kind, mapped);
  if (convention === 'vercel') mapVercel(rest, kind, mapped);
  const result: MappedSpan = { kind, convention, attributes: { ...rest.values, ...mapped } };
  if (conversationId !== undefined) result.conversationId = conversationId;
  return result;
}
