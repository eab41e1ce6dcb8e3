import type { ChatMessage, ModelRequest, ModelResponse, ToolCall } from '../model/model.ts';
import { ModelError } from '../model/model-error.ts';
import { toToolSpec } from '../tools/define-tool.ts';
import type { SpanHandle } from '../trace/span.ts';
import type { AgentEvent } from './events.ts';
import { modelErrorEnd } from './errors.ts';
import { executeToolCalls, type ToolCallOutcome } from './execute-tool-calls.ts';
import { buildRequestMessages, type WireProtocol } from './history.ts';
import { formatCorrectionMessage, interpretReactReply } from './react-text-protocol.ts';
import type { RunAgentOptions } from './run-agent.ts';
import { AGENT_ATTRIBUTE, ATTRIBUTE } from './span-attributes.ts';
import { runModelStep, type ModelStepResult } from './step.ts';
import { countToolCalls, type RunEnd, type StepResult } from './stop-conditions.ts';
import {
  assistantMessage,
  createEntry,
  finishNotice,
  joinNotices,
  createNotice,
  joinReasoning,
  normaliseToolCalls,
  toolEntry,
  type EntryFactory,
  type Notice,
} from './transcript-entries.ts';
import type { TranscriptEntry } from './transcript.ts';

/** What every turn of one run shares. */
export interface RunContext {
  options: RunAgentOptions;
  runSpan: SpanHandle;
  factory: EntryFactory;
  /** Aborts on the user's Stop and on the deadline. */
  signal: AbortSignal;
  /** How the run ends now that `signal` has aborted (Stop or deadline). */
  abortEnd: () => RunEnd;
  emit: (event: AgentEvent) => void;
  /** The protocol in use; switches to `react` when the endpoint rejects tools. */
  protocol: WireProtocol;
}

/** The notice shown once when a run falls back to text ReAct. */
export const PROTOCOL_SWITCHED_NOTICE: Notice = createNotice('protocol-switched', { key: 'protocol-switched' });

/** The note under the part of an answer that arrived before the endpoint failed (not a Stop). */
export const PARTIAL_AFTER_ERROR_NOTICE: Notice = createNotice('partial-after-error', { key: 'partial-after-error' });

/** One turn with a model call: prepare the context, call the model, act on the reply, run any tools. */
export async function playModelTurn(
  context: RunContext,
  step: number,
  messages: readonly ChatMessage[],
  previous: readonly StepResult[],
): Promise<StepResult> {
  const { options } = context;
  const startedAt = options.now();
  const prepare = options.prepareContext ?? (async (input: ChatMessage[]) => input);
  let prepared: ChatMessage[];
  try {
    prepared = await prepare([...messages], { step, parentSpan: context.runSpan, signal: context.signal });
  } catch (error) {
    if (!context.signal.aborted) throw error;
    return freeze({ step, kind: 'ended', toolCalls: [], entries: [], startedAt, endedAt: options.now(), end: context.abortEnd() });
  }

  let switched: Notice | undefined;
  let compactedAfterOverflow = false;
  for (;;) {
    const result = await runModelStep({
      model: options.model,
      request: buildModelRequest(context, prepared),
      step,
      tracer: options.tracer,
      parent: context.runSpan,
      signal: context.signal,
      emit: context.emit,
      now: options.now,
    });
    if (result.status === 'error' && mustSwitchToReact(context, result.error)) {
      switched = switchToReact(context);
      continue;
    }
    // Too long for the endpoint's context window: compact once, harder than the estimate asked for, and retry once.
    if (result.status === 'error' && isContextOverflow(result.error) && options.prepareContext && !compactedAfterOverflow) {
      compactedAfterOverflow = true;
      const compacted = await compactAfterOverflow(context, prepare, messages, step);
      if (compacted === 'aborted') return endedTurn(context, step, startedAt, { status: 'aborted', partial: result.partial, spanId: result.spanId });
      if (compacted !== undefined) {
        prepared = compacted;
        continue;
      }
    }
    if (result.status !== 'ok') return endedTurn(context, step, startedAt, result);
    const input = { context, step, startedAt, response: result.response, spanId: result.spanId, previous, switched };
    return context.protocol === 'react' && options.tools.length > 0 ? reactReply(input) : toolsReply(input);
  }
}

/** The turn that completes an interrupted run's unanswered tool calls before any model call (step 0). */
export function resumeTurn(context: RunContext, calls: readonly ToolCall[], previous: readonly StepResult[]): Promise<StepResult> {
  context.emit({ type: 'step-start', step: 0, spanId: context.runSpan.span.spanId });
  return runTools(context, 0, context.options.now(), calls, [], previous, 'resumed-tools');
}

interface ReplyInput {
  context: RunContext;
  step: number;
  startedAt: number;
  response: ModelResponse;
  spanId: string;
  previous: readonly StepResult[];
  switched: Notice | undefined;
}

function toolsReply({ context, step, startedAt, response, spanId, previous, switched }: ReplyInput): Promise<StepResult> | StepResult {
  const calls = normaliseToolCalls(response.toolCalls, callIdPrefix(context, step), context.options.delegate !== undefined);
  const finish = announce(context, finishNotice(response));
  const text = response.text !== '' ? response.text : (response.refusal ?? '');
  const assistant = addEntry(context, assistantMessage(text, calls), {
    reasoning: response.reasoning,
    spanId,
    meta: { finishReason: response.finishReason, ...joinNotices([switched, finish]) },
  });
  if (calls.length === 0) return freeze({ step, kind: 'final-answer', toolCalls: [], entries: [assistant], startedAt, endedAt: context.options.now() });
  return runTools(context, step, startedAt, calls, [assistant], previous, 'tool-calls');
}

function reactReply({ context, step, startedAt, response, spanId, previous, switched }: ReplyInput): Promise<StepResult> | StepResult {
  const { tools } = context.options;
  const decision = interpretReactReply(response.text, tools, `${callIdPrefix(context, step)}_0`);
  const finish = announce(context, finishNotice(response));
  const meta = { finishReason: response.finishReason, rawText: response.text, ...joinNotices([switched, finish]) };
  const thought = decision.type === 'invalid' ? undefined : decision.thought;
  const reasoning = joinReasoning(response.reasoning, thought);
  const done = (entries: TranscriptEntry[]): StepResult =>
    freeze({ step, kind: 'final-answer', toolCalls: [], entries, startedAt, endedAt: context.options.now() });

  if (decision.type === 'action') {
    const assistant = addEntry(context, assistantMessage('', [decision.call]), { reasoning, spanId, meta });
    return runTools(context, step, startedAt, [decision.call], [assistant], previous, 'tool-calls');
  }
  if (decision.type === 'final') {
    return done([addEntry(context, { role: 'assistant', content: decision.answer }, { reasoning, spanId, meta })]);
  }
  // One format correction per malformed reply; a second malformed reply in a row is taken as the answer.
  if (previous.at(-1)?.kind === 'format-retry') {
    return done([addEntry(context, { role: 'assistant', content: response.text.trim() }, { reasoning: response.reasoning, spanId, meta })]);
  }
  const assistant = addEntry(context, { role: 'assistant', content: response.text }, { reasoning: response.reasoning, spanId, meta });
  const correction = addEntry(context, { role: 'user', content: formatCorrectionMessage(decision.problem, tools) }, { meta: { synthetic: true } });
  return freeze({ step, kind: 'format-retry', toolCalls: [], entries: [assistant, correction], startedAt, endedAt: context.options.now() });
}

async function runTools(
  context: RunContext,
  step: number,
  startedAt: number,
  calls: readonly ToolCall[],
  leading: TranscriptEntry[],
  previous: readonly StepResult[],
  kind: 'tool-calls' | 'resumed-tools',
): Promise<StepResult> {
  const { options } = context;
  const { maxToolCalls } = options.limits;
  const outcomes = await executeToolCalls({
    calls,
    tools: options.tools,
    tracer: options.tracer,
    parent: context.runSpan,
    sessionId: options.sessionId,
    toolContext: options.toolContext,
    approve: options.approve,
    signal: context.signal,
    defaultTimeoutMs: options.limits.toolTimeoutMs,
    maxObservationChars: options.limits.maxObservationChars,
    runnableCount: Math.max(0, maxToolCalls - countToolCalls(previous)),
    limitMessage: `Not run: the tool call limit (${maxToolCalls}) for this run was reached.`,
    emit: context.emit,
    now: options.now,
    ...(options.replay ? { replay: options.replay } : {}),
  });
  const toolEntries = outcomes.map((outcome) => {
    const entry = toolEntry(context.factory, outcome);
    context.emit({ type: 'entry-added', entry });
    return entry;
  });
  return freeze({
    step,
    kind,
    toolCalls: outcomes.filter((outcome) => outcome.executed).map(stepToolCall),
    entries: [...leading, ...toolEntries],
    startedAt,
    endedAt: options.now(),
    ...(context.signal.aborted ? { end: context.abortEnd() } : {}),
  });
}

/** A turn whose model call was stopped or failed: partial output is kept, marked as partial. */
function endedTurn(context: RunContext, step: number, startedAt: number, result: Exclude<ModelStepResult, { status: 'ok' }>): StepResult {
  const entries: TranscriptEntry[] = [];
  if (result.partial.text !== '' || result.partial.reasoning !== '') {
    entries.push(
      addEntry(context, { role: 'assistant', content: result.partial.text }, {
        reasoning: result.partial.reasoning,
        spanId: result.spanId,
        meta: result.status === 'error' ? { partial: true, ...joinNotices([PARTIAL_AFTER_ERROR_NOTICE]) } : { partial: true },
      }),
    );
  }
  const end = result.status === 'aborted' ? context.abortEnd() : modelErrorEnd(result.error);
  return freeze({ step, kind: 'ended', toolCalls: [], entries, startedAt, endedAt: context.options.now(), end });
}

function buildModelRequest(context: RunContext, prepared: readonly ChatMessage[]): ModelRequest {
  const { systemPrompt, tools } = context.options;
  const messages = buildRequestMessages(systemPrompt, prepared, context.protocol, tools);
  if (context.protocol === 'react' || tools.length === 0) return { messages };
  return { messages, tools: tools.map(toToolSpec) };
}

/** The notice shown when an over-long request is compacted and sent again. */
export const CONTEXT_RETRY_NOTICE: Notice = createNotice('retrying', { key: 'context-retry' });

function isContextOverflow(error: unknown): boolean {
  return error instanceof ModelError && error.kind === 'context-length';
}

/** The forced compaction after a context-length error: the new context, 'aborted', or undefined when it failed. */
async function compactAfterOverflow(
  context: RunContext,
  prepare: NonNullable<RunAgentOptions['prepareContext']>,
  messages: readonly ChatMessage[],
  step: number,
): Promise<ChatMessage[] | 'aborted' | undefined> {
  try {
    const compacted = await prepare([...messages], { step, parentSpan: context.runSpan, signal: context.signal, force: true });
    context.emit({ type: 'notice', ...CONTEXT_RETRY_NOTICE });
    return compacted;
  } catch {
    // A failed compaction leaves the endpoint's own error as the explanation.
    return context.signal.aborted ? 'aborted' : undefined;
  }
}

function mustSwitchToReact(context: RunContext, error: unknown): boolean {
  return error instanceof ModelError && error.kind === 'tools-unsupported' && context.options.protocol === 'auto' && context.protocol === 'tools';
}

function switchToReact(context: RunContext): Notice {
  const { options } = context;
  context.protocol = 'react';
  options.protocolMemory?.set(endpointKeyOf(options), 'react');
  context.runSpan.setAttributes({ [ATTRIBUTE.runProtocol]: 'react', [AGENT_ATTRIBUTE.runProtocolSwitched]: true });
  context.emit({ type: 'notice', ...PROTOCOL_SWITCHED_NOTICE });
  return PROTOCOL_SWITCHED_NOTICE;
}

/** The protocol-memory key: the given endpoint key, or provider and model id. */
export function endpointKeyOf(options: Pick<RunAgentOptions, 'endpointKey' | 'model'>): string {
  return options.endpointKey ?? `${options.model.provider}|${options.model.modelId}`;
}

function announce(context: RunContext, notice: Notice | undefined): Notice | undefined {
  if (notice) context.emit({ type: 'notice', ...notice });
  return notice;
}

function addEntry(context: RunContext, message: ChatMessage, extras: Parameters<typeof createEntry>[2]): TranscriptEntry {
  const entry = createEntry(context.factory, message, extras);
  context.emit({ type: 'entry-added', entry });
  return entry;
}

function callIdPrefix(context: RunContext, step: number): string {
  // The run span's own id: a delegated run shares its root's run id, not its call ids.
  return `call_${context.runSpan.span.spanId.slice(-6)}_${step}`;
}

function stepToolCall(outcome: ToolCallOutcome): StepResult['toolCalls'][number] {
  return { callId: outcome.call.id, name: outcome.call.function.name, arguments: outcome.call.function.arguments, status: outcome.status };
}

function freeze(result: StepResult): StepResult {
  Object.freeze(result.entries);
  Object.freeze(result.toolCalls);
  return Object.freeze(result);
}
