import type { ModelErrorKind } from '../model/model-error.ts';
import type { RunOutcome, StopReason, TranscriptEntry } from './transcript.ts';
import { formatDuration } from './format-duration.ts';
import { agentEnglish, type AgentText } from './notice-text.ts';

/** A tool call as a finished step records it. */
export interface StepToolCall {
  readonly callId: string;
  readonly name: string;
  /** The argument text as the model sent it. */
  readonly arguments: string;
  readonly status: 'ok' | 'error' | 'denied' | 'cancelled';
}

/** Details of a failure that ended a run, as the `run-end` event carries them. */
export interface RunEndError {
  kind: ModelErrorKind;
  status?: number;
  message: string;
  retryAfterMs?: number;
  availableModels?: string[];
}

/** How and why a run ends. */
export interface RunEnd {
  outcome: RunOutcome;
  reason: StopReason;
  /** Plain words for the user. */
  message?: string;
  /** `message` as key + values, for the UI to show in its language. */
  text?: AgentText;
  error?: RunEndError;
}

/** What one step of the loop produced; never changed once recorded. */
export interface StepResult {
  readonly step: number;
  /**
   * `final-answer`: the model answered; `tool-calls`: tools ran and the model should see the results;
   * `format-retry`: a text-ReAct reply is asked for again; `resumed-tools`: results of an interrupted step
   * were completed without a model call; `ended`: the step ended the run itself (see `end`); `plan`: a JSON plan
   * decision (no tool call, no answer).
   */
  readonly kind: 'final-answer' | 'tool-calls' | 'format-retry' | 'resumed-tools' | 'ended' | 'plan';
  readonly toolCalls: readonly StepToolCall[];
  readonly entries: readonly TranscriptEntry[];
  readonly startedAt: number;
  readonly endedAt: number;
  readonly end?: RunEnd;
}

/** What the loop does after a step. */
export type NextStep = { type: 'continue' } | ({ type: 'stop' } & RunEnd);

/** The facts a stop condition looks at. */
export interface StopConditionInput {
  readonly steps: readonly StepResult[];
  readonly startedAt: number;
  readonly now: number;
}

/** Says why the run must stop now, or `undefined` to go on. */
export type StopCondition = (input: StopConditionInput) => RunEnd | undefined;

/** A run stopped by a limit or by the user, with its message in English and as key + values. */
export function stopEnd(reason: StopReason, text: AgentText): RunEnd {
  return { outcome: 'stopped', reason, message: agentEnglish(text), text };
}

/** Stops once `maxSteps` model calls have been made. */
export function stepCountIs(maxSteps: number): StopCondition {
  return ({ steps }) => {
    const modelSteps = steps.filter((step) => step.kind !== 'resumed-tools').length;
    if (modelSteps < maxSteps) return undefined;
    return stopEnd('max-steps', { key: 'stop.max-steps', values: { limit: maxSteps } });
  };
}

/** Stops once `maxToolCalls` tool calls have been made in the run. */
export function toolCallCountIs(maxToolCalls: number): StopCondition {
  return ({ steps }) => {
    if (countToolCalls(steps) < maxToolCalls) return undefined;
    return stopEnd('max-tool-calls', { key: 'stop.max-tool-calls', values: { limit: maxToolCalls } });
  };
}

/** Stops once `ms` milliseconds have passed since the run started. */
export function deadline(ms: number): StopCondition {
  return ({ startedAt, now }) => (now - startedAt >= ms ? deadlineEnd(ms) : undefined);
}

/** The run end for a reached wall-clock deadline. */
export function deadlineEnd(ms: number): RunEnd {
  return stopEnd('deadline', { key: 'stop.deadline', values: { duration: formatDuration(ms) } });
}

/** Stops when the last `times` tool calls were the same tool with identical arguments. */
export function noProgress(times = 3): StopCondition {
  return ({ steps }) => {
    const calls = steps.flatMap((step) => step.toolCalls);
    if (calls.length < times) return undefined;
    const recent = calls.slice(-times);
    const first = recent[0] as StepToolCall;
    const key = canonicalArguments(first.arguments);
    if (!recent.every((call) => call.name === first.name && canonicalArguments(call.arguments) === key))
      return undefined;
    return stopEnd('no-progress', { key: 'stop.no-progress', values: { tool: first.name, times } });
  };
}

/**
 * Plan stability: stops when the last `times` decisions were all plans, with no tool call or answer in between
 * (format corrections do not count either way).
 */
export function planStability(times = 3): StopCondition {
  return ({ steps }) => {
    const decisions = steps.filter((step) => step.kind !== 'format-retry');
    if (decisions.length < times) return undefined;
    if (!decisions.slice(-times).every((step) => step.kind === 'plan')) return undefined;
    return stopEnd('no-progress', { key: 'stop.plan-unstable', values: { times } });
  };
}

/** Decides the next step from the steps so far: the step's own end, a final answer, then the conditions in order. */
export function decideNextStep(input: StopConditionInput, conditions: readonly StopCondition[]): NextStep {
  const last = input.steps.at(-1);
  if (last?.end) return { type: 'stop', ...last.end };
  if (last?.kind === 'final-answer') return { type: 'stop', outcome: 'done', reason: 'final-answer' };
  for (const condition of conditions) {
    const end = condition(input);
    if (end) return { type: 'stop', ...end };
  }
  return { type: 'continue' };
}

/** Tool calls made so far in the run (skipped calls over the limit are not counted). */
export function countToolCalls(steps: readonly StepResult[]): number {
  return steps.reduce((total, step) => total + step.toolCalls.length, 0);
}

/** Argument text with key order and whitespace made irrelevant, so equal calls compare equal. */
export function canonicalArguments(text: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(text.trim() === '' ? '{}' : text)));
  } catch {
    return text.trim();
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, sortKeys(inner)]),
    );
  }
  return value;
}
