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
import { countToolCalls, stopEnd, type RunEnd, type StepResult } from './stop-conditions.ts';
import { decisionJsonSchema, decisionText, parseDecision, readPartialDecision } from './json-plan-decision.ts';
import { decisionCorrectionMessage } from './json-plan-protocol.ts';
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
    return freeze({
      step,
      kind: 'ended',
      toolCalls: [],
      entries: [],
      startedAt,
      endedAt: options.now(),
      end: context.abortEnd(),
    });
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
      decisions: context.protocol === 'json',
    });
    if (result.status === 'error' && mustSwitchToReact(context, result.error)) {
      switched = switchToReact(context);
      continue;
    }
    // Too long for the endpoint's context window: compact once, harder than the estimate asked for, and retry once.
    if (
      result.status === 'error' &&
      isContextOverflow(result.error) &&
      options.prepareContext &&
      !compactedAfterOverflow
    ) {
      compactedAfterOverflow = true;
      const compacted = await compactAfterOverflow(context, prepare, messages, step);
      if (compacted === 'aborted')
        return endedTurn(context, step, startedAt, {
          status: 'aborted',
          partial: result.partial,
          spanId: result.spanId,
        });
      if (compacted !== undefined) {
        prepared = compacted;
        continue;
      }
    }
    if (result.status !== 'ok') return endedTurn(context, step, startedAt, result);
    const input = { context, step, startedAt, response: result.response, spanId: result.spanId, previous, switched };
    if (context.protocol === 'json') return jsonPlanReply(input);
    return context.protocol === 'react' && options.tools.length > 0 ? reactReply(input) : toolsReply(input);
  }
}

/** The turn that completes an interrupted run's unanswered tool calls before any model call (step 0). */
export function resumeTurn(
  context: RunContext,
  calls: readonly ToolCall[],
  previous: readonly StepResult[],
): Promise<StepResult> {
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

function toolsReply({
  context,
  step,
  startedAt,
  response,
  spanId,
  previous,
  switched,
}: ReplyInput): Promise<StepResult> | StepResult {
  const calls = normaliseToolCalls(
    response.toolCalls,
    callIdPrefix(context, step),
    context.options.delegate !== undefined,
  );
  const finish = announce(context, finishNotice(response));
  const text = response.text !== '' ? response.text : (response.refusal ?? '');
  const assistant = addEntry(context, assistantMessage(text, calls), {
    reasoning: response.reasoning,
    spanId,
    meta: { finishReason: response.finishReason, ...joinNotices([switched, finish]) },
  });
  if (calls.length === 0)
    return freeze({
      step,
      kind: 'final-answer',
      toolCalls: [],
      entries: [assistant],
      startedAt,
      endedAt: context.options.now(),
    });
  return runTools(context, step, startedAt, calls, [assistant], previous, 'tool-calls');
}

function reactReply({
  context,
  step,
  startedAt,
  response,
  spanId,
  previous,
  switched,
}: ReplyInput): Promise<StepResult> | StepResult {
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
    return done([
      addEntry(
        context,
        { role: 'assistant', content: response.text.trim() },
        { reasoning: response.reasoning, spanId, meta },
      ),
    ]);
  }
  const assistant = addEntry(
    context,
    { role: 'assistant', content: response.text },
    { reasoning: response.reasoning, spanId, meta },
  );
  const correction = addEntry(
    context,
    { role: 'user', content: formatCorrectionMessage(decision.problem, tools) },
    { meta: { synthetic: true } },
  );
  return freeze({
    step,
    kind: 'format-retry',
    toolCalls: [],
    entries: [assistant, correction],
    startedAt,
    endedAt: context.options.now(),
  });
}

/**
 * A JSON plan reply: a `plan` is recorded (entry + `plan` span) and the loop goes on, a `tool_call` runs through the
 * executor like a native call, a `final` is the answer. A reply that does not parse or validate gets one correction
 * request quoting the validator; a second one in a row ends the run with that message.
 */
async function jsonPlanReply({
  context,
  step,
  startedAt,
  response,
  spanId,
  previous,
  switched,
}: ReplyInput): Promise<StepResult> {
  const parsed = parseDecision(response.text, context.options.tools);
  const finish = announce(context, finishNotice(response));
  const meta = { finishReason: response.finishReason, rawText: response.text, ...joinNotices([switched, finish]) };
  const ended = (kind: StepResult['kind'], entries: TranscriptEntry[], end?: RunEnd): StepResult =>
    freeze({ step, kind, toolCalls: [], entries, startedAt, endedAt: context.options.now(), ...(end ? { end } : {}) });

  if (!parsed.ok) {
    context.runSpan.setAttributes({ [AGENT_ATTRIBUTE.llmDecisionInvalid]: parsed.problem });
    const assistant = addEntry(
      context,
      { role: 'assistant', content: response.text },
      { reasoning: response.reasoning, spanId, meta },
    );
    if (previous.at(-1)?.kind === 'format-retry') {
      return ended(
        'ended',
        [assistant],
        stopEnd('no-progress', { key: 'stop.decision-invalid', values: { problem: parsed.problem } }),
      );
    }
    context.emit({
      type: 'notice',
      ...createNotice('decision-invalid', { key: 'decision-correction', values: { problem: parsed.problem } }),
    });
    const correction = addEntry(
      context,
      { role: 'user', content: decisionCorrectionMessage(parsed.problem) },
      { meta: { synthetic: true } },
    );
    return ended('format-retry', [assistant, correction]);
  }

  const { decision } = parsed;
  if (decision.memoryNote) await saveMemoryNote(context, decision.memoryNote);
  const next = decision.next === undefined ? {} : { planNext: decision.next };
  switch (decision.type) {
    case 'plan': {
      recordPlanSpan(context, decision.plan, decision.next, previous);
      const entry = addEntry(
        context,
        { role: 'assistant', content: decisionText(decision) },
        {
          reasoning: response.reasoning,
          spanId,
          meta: { ...meta, plan: decision.plan, ...next },
        },
      );
      return ended('plan', [entry]);
    }
    case 'final': {
      const entry = addEntry(
        context,
        { role: 'assistant', content: decision.answer },
        { reasoning: response.reasoning, spanId, meta: { ...meta, ...next } },
      );
      return ended('final-answer', [entry]);
    }
    case 'tool_call': {
      const call: ToolCall = {
        id: `${callIdPrefix(context, step)}_0`,
        type: 'function',
        function: { name: decision.tool, arguments: JSON.stringify(decision.args) },
      };
      const assistant = addEntry(context, assistantMessage('', [call]), {
        reasoning: response.reasoning,
        spanId,
        meta: { ...meta, ...next },
      });
      return runTools(context, step, startedAt, [call], [assistant], previous, 'tool-calls');
    }
  }
}

/** A plan decision's span: its steps, the step it starts with, and what changed against the run's previous plan. */
function recordPlanSpan(
  context: RunContext,
  steps: readonly string[],
  next: string | undefined,
  previous: readonly StepResult[],
): void {
  const earlier = previous.filter((result) => result.kind === 'plan');
  const before = earlier.at(-1)?.entries[0]?.meta?.plan;
  const span = context.options.tracer.startSpan({
    kind: 'plan',
    name: earlier.length === 0 ? 'plan' : `plan (revision ${earlier.length + 1})`,
    parent: context.runSpan,
    attributes: {
      [AGENT_ATTRIBUTE.planSteps]: [...steps],
      [AGENT_ATTRIBUTE.planRevision]: earlier.length + 1,
      ...(next === undefined ? {} : { [AGENT_ATTRIBUTE.planNext]: next }),
      ...(before
        ? {
            [AGENT_ATTRIBUTE.planAdded]: steps.filter((item) => !before.includes(item)),
            [AGENT_ATTRIBUTE.planRemoved]: before.filter((item) => !steps.includes(item)),
          }
        : {}),
    },
  });
  span.end('ok');
}

/** A `memory_note` becomes a long-term note tagged as written by the model, in a `memory` span; a failure is only noted. */
async function saveMemoryNote(context: RunContext, content: string): Promise<void> {
  const { options } = context;
  const span = options.tracer.startSpan({
    kind: 'memory',
    name: 'memory_note',
    parent: context.runSpan,
    attributes: { [AGENT_ATTRIBUTE.memoryQuery]: content },
  });
  try {
    const note = await options.toolContext.notes.add({ content, tags: [MODEL_NOTE_TAG], sessionId: options.sessionId });
    span.setAttributes({ [AGENT_ATTRIBUTE.memoryResults]: [note.id], [AGENT_ATTRIBUTE.memoryResultCount]: 1 });
    span.end('ok');
  } catch (error) {
    span.end('error', { type: 'memory-note', message: error instanceof Error ? error.message : String(error) });
  }
}

/** The tag of a long-term note a model wrote with `memory_note` (the Memory dialog shows it). */
export const MODEL_NOTE_TAG = 'by-model';

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
    ...(options.toolCache ? { cache: options.toolCache } : {}),
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
function endedTurn(
  context: RunContext,
  step: number,
  startedAt: number,
  result: Exclude<ModelStepResult, { status: 'ok' }>,
): StepResult {
  const entries: TranscriptEntry[] = [];
  if (result.partial.text !== '' || result.partial.reasoning !== '') {
    // A JSON plan decision cut short keeps what it shows (the answer so far, the plan's steps), not its raw JSON.
    const decision = context.protocol === 'json' ? readPartialDecision(result.partial.text) : undefined;
    const partialMeta = decision
      ? {
          rawText: result.partial.text,
          ...(decision.type === 'plan' && decision.plan?.length ? { plan: decision.plan } : {}),
        }
      : {};
    entries.push(
      addEntry(
        context,
        { role: 'assistant', content: decision ? (decision.answer ?? '') : result.partial.text },
        {
          reasoning: result.partial.reasoning,
          spanId: result.spanId,
          meta: {
            partial: true,
            ...partialMeta,
            ...(result.status === 'error' ? joinNotices([PARTIAL_AFTER_ERROR_NOTICE]) : {}),
          },
        },
      ),
    );
  }
  const end = result.status === 'aborted' ? context.abortEnd() : modelErrorEnd(result.error);
  return freeze({ step, kind: 'ended', toolCalls: [], entries, startedAt, endedAt: context.options.now(), end });
}

function buildModelRequest(context: RunContext, prepared: readonly ChatMessage[]): ModelRequest {
  const { systemPrompt, tools } = context.options;
  const messages = buildRequestMessages(systemPrompt, prepared, context.protocol, tools);
  if (context.protocol === 'json')
    return { messages, responseFormat: { name: 'agent_decision', schema: decisionJsonSchema(tools) } };
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
    const compacted = await prepare([...messages], {
      step,
      parentSpan: context.runSpan,
      signal: context.signal,
      force: true,
    });
    context.emit({ type: 'notice', ...CONTEXT_RETRY_NOTICE });
    return compacted;
  } catch {
    // A failed compaction leaves the endpoint's own error as the explanation.
    return context.signal.aborted ? 'aborted' : undefined;
  }
}

function mustSwitchToReact(context: RunContext, error: unknown): boolean {
  return (
    error instanceof ModelError &&
    error.kind === 'tools-unsupported' &&
    context.options.protocol === 'auto' &&
    context.protocol === 'tools'
  );
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

function addEntry(
  context: RunContext,
  message: ChatMessage,
  extras: Parameters<typeof createEntry>[2],
): TranscriptEntry {
  const entry = createEntry(context.factory, message, extras);
  context.emit({ type: 'entry-added', entry });
  return entry;
}

function callIdPrefix(context: RunContext, step: number): string {
  // The run span's own id: a delegated run shares its root's run id, not its call ids.
  return `call_${context.runSpan.span.spanId.slice(-6)}_${step}`;
}

function stepToolCall(outcome: ToolCallOutcome): StepResult['toolCalls'][number] {
  return {
    callId: outcome.call.id,
    name: outcome.call.function.name,
    arguments: outcome.call.function.arguments,
    status: outcome.status,
  };
}

function freeze(result: StepResult): StepResult {
  Object.freeze(result.entries);
  Object.freeze(result.toolCalls);
  return Object.freeze(result);
}
