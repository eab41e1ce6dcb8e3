import type { ChatMessage } from '../model/model.ts';
import { ABORTED_END, DeadlineExceeded, internalErrorEnd } from './errors.ts';
import { checkFinalAnswer } from './answer-revision.ts';
import { withDelegation } from './delegation.ts';
import type { AgentEvent, AgentEventSink } from './events.ts';
import type { RunAgentOptions, RunResult } from './run-options.ts';
import { findUnansweredToolCalls } from './history.ts';
import { initialProtocol } from './protocols/index.ts';
import { AGENT_ATTRIBUTE, ATTRIBUTE } from './span-attributes.ts';
import {
  deadline,
  deadlineEnd,
  decideNextStep,
  noProgress,
  planStability,
  stepCountIs,
  toolCallCountIs,
  type NextStep,
  type RunEnd,
  type StepResult,
  type StopCondition,
} from './stop-conditions.ts';
import { endpointKeyOf, playModelStep, resumeStep, type RunContext } from './loop-step.ts';
import type { StopReason, TranscriptEntry } from './transcript.ts';

export type { PrepareContextInfo, RunAgentOptions, RunResult } from './run-options.ts';

const RUN_NAME_LENGTH = 60;
const NO_PROGRESS_REPEATS = 3;
const PLAN_CHANGES_WITHOUT_PROGRESS = 3;
const LIMIT_REASONS: readonly StopReason[] = ['max-steps', 'max-tool-calls', 'deadline', 'no-progress', 'token-budget'];

/** Runs the agent loop for one user turn (or a resume) and reports it as events, entries and a span tree. */
export async function runAgent(given: RunAgentOptions): Promise<RunResult> {
  const frame = given.delegate;
  const runSpan = given.tracer.startSpan({
    kind: frame ? 'agent' : 'run',
    name: frame ? frame.agent : runName(given),
    ...(frame ? { parent: frame.parentSpan } : {}),
    attributes: {
      ...(given.runInput === undefined ? {} : { [ATTRIBUTE.runInput]: given.runInput }),
      ...(frame ? { [ATTRIBUTE.agentName]: frame.agent, [ATTRIBUTE.agentDepth]: frame.depth } : {}),
    },
  });
  // A delegated run's entries and spans belong to the run that delegated (the root's id).
  const runId = runSpan.span.runId;
  const { options, conditions: budgetConditions } = withDelegation(given, runId, runAgent);
  const entries: TranscriptEntry[] = [];
  const emit = fireAndForget(options.onEvent);

  // One signal for everything in flight: it aborts on the user's Stop and on the wall-clock deadline.
  const controller = new AbortController();
  const onStop = (): void => controller.abort(options.signal.reason);
  if (options.signal.aborted) onStop();
  else options.signal.addEventListener('abort', onStop, { once: true });
  const deadlineTimer = setTimeout(
    () => controller.abort(new DeadlineExceeded(options.limits.deadlineMs)),
    options.limits.deadlineMs,
  );

  const context: RunContext = {
    options,
    runSpan,
    factory: {
      sessionId: options.sessionId,
      runId,
      newId: options.newId,
      now: options.now,
      ...(frame ? { delegation: { parentCallId: frame.parentCallId, agent: frame.agent } } : {}),
    },
    signal: controller.signal,
    abortEnd: () =>
      controller.signal.reason instanceof DeadlineExceeded ? deadlineEnd(options.limits.deadlineMs) : ABORTED_END,
    emit,
    protocol: initialProtocol(options.protocol, () => options.protocolMemory?.get(endpointKeyOf(options))),
  };
  runSpan.setAttributes({ [ATTRIBUTE.runProtocol]: context.protocol.name });

  let end: RunEnd;
  try {
    emit({ type: 'run-start', runId, traceId: runSpan.span.traceId });
    end = await loop(context, entries, budgetConditions);
  } catch (error) {
    end = internalErrorEnd(error);
  } finally {
    clearTimeout(deadlineTimer);
    options.signal.removeEventListener('abort', onStop);
  }

  const answer = end.reason === 'final-answer' ? entries.at(-1)?.message.content : undefined;
  runSpan.setAttributes({
    [ATTRIBUTE.runStopReason]: end.reason,
    [ATTRIBUTE.runProtocol]: context.protocol.name,
    [AGENT_ATTRIBUTE.runOutcome]: end.outcome,
    ...(typeof answer === 'string' ? { [AGENT_ATTRIBUTE.runOutput]: answer } : {}),
  });
  if (end.outcome === 'error')
    runSpan.end('error', { type: end.error?.kind ?? end.reason, message: end.message ?? end.reason });
  else runSpan.end(end.reason === 'aborted' ? 'cancelled' : 'ok');
  await deliver(options.onEvent, {
    type: 'run-end',
    outcome: end.outcome,
    reason: end.reason,
    ...(end.message === undefined ? {} : { message: end.message }),
    ...(end.text === undefined ? {} : { text: end.text }),
    ...(end.error === undefined ? {} : { error: end.error }),
  });
  return {
    runId,
    outcome: end.outcome,
    reason: end.reason,
    entries,
    ...(end.message === undefined ? {} : { message: end.message }),
  };
}

/** The loop: one step per iteration, each recorded as an immutable step result, until a stop decision. */
async function loop(
  context: RunContext,
  entries: TranscriptEntry[],
  extraConditions: readonly StopCondition[],
): Promise<RunEnd> {
  const { options } = context;
  const startedAt = options.now();
  const conditions: StopCondition[] = [
    () => (context.signal.aborted ? context.abortEnd() : undefined),
    deadline(options.limits.deadlineMs),
    ...extraConditions,
    noProgress(NO_PROGRESS_REPEATS),
    planStability(PLAN_CHANGES_WITHOUT_PROGRESS),
    toolCallCountIs(options.limits.maxToolCalls),
    stepCountIs(options.limits.maxSteps),
  ];
  if (context.signal.aborted) return context.abortEnd();

  let messages: ChatMessage[] = [...options.history];
  let steps: readonly StepResult[] = [];
  let modelSteps = 0;
  // One check per run, of its first final answer: the revised answer is final.
  let checkPending = options.answerCheck === true && options.delegate === undefined;
  let next: NextStep;
  do {
    const unanswered = steps.length === 0 ? findUnansweredToolCalls(messages) : [];
    const result =
      unanswered.length > 0
        ? await resumeStep(context, unanswered, steps)
        : await playModelStep(context, ++modelSteps, messages, steps);
    steps = [...steps, result];
    messages = [...messages, ...result.entries.map((entry) => entry.message)];
    next = decideNextStep({ steps, startedAt, now: options.now() }, conditions);
    const stepEntries = withLimitNotice(context, result.entries, next);
    entries.push(...stepEntries);
    await options.onEvent({ type: 'step-end', step: result.step, entries: stepEntries });
    if (checkPending && next.type === 'stop' && next.reason === 'final-answer') {
      checkPending = false;
      const canRevise = modelSteps < options.limits.maxSteps && options.now() - startedAt < options.limits.deadlineMs;
      const checked = await checkFinalAnswer(context, { entries, step: result, canRevise });
      if (checked.type === 'aborted') next = { type: 'stop', ...context.abortEnd() };
      else if (checked.type === 'revise') {
        messages = [...messages, ...checked.added.map((entry) => entry.message)];
        next = { type: 'continue' };
      }
    }
  } while (next.type === 'continue');
  const { type: _stop, ...end } = next;
  return end;
}

/** A limit that stops the run is noted on the step's last entry (so it is stored with it) and announced. */
function withLimitNotice(
  context: RunContext,
  stepEntries: readonly TranscriptEntry[],
  next: NextStep,
): TranscriptEntry[] {
  if (next.type !== 'stop' || !LIMIT_REASONS.includes(next.reason) || next.text === undefined) return [...stepEntries];
  context.emit({ type: 'notice', code: 'limit-reached', text: next.text });
  const last = stepEntries.at(-1);
  if (!last) return [];
  const noticeText = [...(last.meta?.noticeText ?? []), next.text];
  return [...stepEntries.slice(0, -1), { ...last, meta: { ...last.meta, noticeText } }];
}

function runName(options: RunAgentOptions): string {
  const lastUser = options.history.findLast((message) => message.role === 'user');
  const text = (options.runInput ?? lastUser?.content ?? 'run').replace(/\s+/g, ' ').trim() || 'run';
  return text.length > RUN_NAME_LENGTH ? `${text.slice(0, RUN_NAME_LENGTH - 1)}…` : text;
}

/** Delivers events the loop does not wait for; a failing listener must not break the run. */
function fireAndForget(sink: AgentEventSink): (event: AgentEvent) => void {
  return (event) => {
    try {
      const result = sink(event);
      if (result instanceof Promise) result.catch(() => undefined);
    } catch {
      // A listener's failure is its own; the run goes on.
    }
  };
}

async function deliver(sink: AgentEventSink, event: AgentEvent): Promise<void> {
  try {
    await sink(event);
  } catch {
    // The run is over; there is nobody left to tell.
  }
}
