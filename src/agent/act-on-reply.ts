import type { ModelResponse, ToolCall } from '../model/model.ts';
import { executeToolCalls, type ToolCallOutcome } from './execute-tool-calls.ts';
import type { Decision } from './protocols/protocol.ts';
import { addEntry, announce, callIdPrefix, freeze, type RunContext } from './run-context.ts';
import { AGENT_ATTRIBUTE } from './span-attributes.ts';
import type { RunEnd, StepResult } from './stop-conditions.ts';
import {
  assistantMessage,
  finishNotice,
  joinNotices,
  createNotice,
  joinReasoning,
  toolEntry,
  type Notice,
} from './transcript-entries.ts';
import type { TranscriptEntry, TranscriptMeta } from './transcript.ts';

/** A model reply to act on, with where it stands in the run. */
export interface ReplyInput {
  context: RunContext;
  step: number;
  startedAt: number;
  response: ModelResponse;
  spanId: string;
  previous: readonly StepResult[];
  /** How many more tool calls the run may make: calls of the reply beyond it are dropped unbuilt. */
  toolCallBudget: number;
  /** The notice of a protocol fallback during this step, kept on the reply's entry. */
  switched: Notice | undefined;
}

/** What the assistant entry of a reply is made with. */
interface EntryExtras {
  reasoning: string;
  spanId: string;
  meta: TranscriptMeta;
}

/**
 * Acts on a reply as the run's protocol reads it: a final answer ends the run, a plan is recorded (entry + `plan`
 * span) and the loop goes on, tool calls run through the executor, a malformed reply gets what the protocol says.
 */
export async function actOnReply(input: ReplyInput): Promise<StepResult> {
  const { context, step, response, previous } = input;
  const decision = context.protocol.interpret({
    response,
    tools: context.options.tools,
    callIdPrefix: callIdPrefix(context, step),
    freshCallIds: context.options.delegate !== undefined,
    afterCorrection: previous.at(-1)?.kind === 'format-retry',
  });
  const finish = announce(context, finishNotice(response));
  const requested = decision.type === 'tool-calls' ? decision.calls.length : 0;
  const dropped = announce(context, droppedCallsNotice(requested, input.toolCallBudget, context.options.limits));
  const extras: EntryExtras = {
    reasoning: joinReasoning(response.reasoning, decision.thought),
    spanId: input.spanId,
    meta: {
      finishReason: response.finishReason,
      ...(decision.rawText === undefined ? {} : { rawText: decision.rawText }),
      ...joinNotices([input.switched, finish, dropped]),
      ...(decision.next === undefined ? {} : { planNext: decision.next }),
    },
  };
  if (decision.memoryNote) await saveMemoryNote(context, decision.memoryNote);
  switch (decision.type) {
    case 'final':
      return ended(input, 'final-answer', [addEntry(context, { role: 'assistant', content: decision.answer }, extras)]);
    case 'plan': {
      recordPlanSpan(context, decision.plan, decision.next, previous);
      const meta = { ...extras.meta, plan: decision.plan };
      return ended(input, 'plan', [
        addEntry(context, { role: 'assistant', content: decision.content }, { ...extras, meta }),
      ]);
    }
    case 'tool-calls': {
      // Only the calls within the budget become entries, spans and events; the model's message keeps just those.
      const calls = decision.calls.slice(0, input.toolCallBudget);
      const assistant = addEntry(context, assistantMessage(decision.text, calls), extras);
      return runTools(context, step, input.startedAt, calls, [assistant], 'tool-calls');
    }
    case 'malformed':
      return malformedReply(input, decision, extras);
  }
}

/** The notice for a reply that asked for more tool calls than the run has left, if it did. */
function droppedCallsNotice(requested: number, budget: number, limits: { maxToolCalls: number }): Notice | undefined {
  if (requested <= budget) return undefined;
  const values = { requested, kept: budget, limit: limits.maxToolCalls, dropped: requested - budget };
  return createNotice('tool-calls-dropped', { key: 'tool-calls-dropped', values });
}

/** A malformed reply is kept as it came; then one correction request, or the end the protocol gives. */
function malformedReply(
  input: ReplyInput,
  decision: Extract<Decision, { type: 'malformed' }>,
  extras: EntryExtras,
): StepResult {
  const { context } = input;
  context.runSpan.setAttributes({ [AGENT_ATTRIBUTE.llmDecisionInvalid]: decision.problem });
  const assistant = addEntry(context, { role: 'assistant', content: decision.content }, extras);
  const { recovery } = decision;
  if (recovery.type === 'end') return ended(input, 'ended', [assistant], recovery.end);
  announce(context, recovery.notice);
  const correction = addEntry(context, { role: 'user', content: recovery.message }, { meta: { synthetic: true } });
  return ended(input, 'format-retry', [assistant, correction]);
}

function ended(
  { context, step, startedAt }: ReplyInput,
  kind: StepResult['kind'],
  entries: TranscriptEntry[],
  end?: RunEnd,
): StepResult {
  return freeze({
    step,
    kind,
    toolCalls: [],
    entries,
    startedAt,
    endedAt: context.options.now(),
    ...(end ? { end } : {}),
  });
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

/** Runs a step's tool calls (all within the run's budget) and records their results as entries after `leading`. */
export async function runTools(
  context: RunContext,
  step: number,
  startedAt: number,
  calls: readonly ToolCall[],
  leading: TranscriptEntry[],
  kind: 'tool-calls' | 'resumed-tools',
): Promise<StepResult> {
  const { options } = context;
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
    toolCalls: outcomes.map(stepToolCall),
    entries: [...leading, ...toolEntries],
    startedAt,
    endedAt: options.now(),
    ...(context.signal.aborted ? { end: context.abortEnd() } : {}),
  });
}

function stepToolCall(outcome: ToolCallOutcome): StepResult['toolCalls'][number] {
  return {
    callId: outcome.call.id,
    name: outcome.call.function.name,
    arguments: outcome.call.function.arguments,
    status: outcome.status,
  };
}
