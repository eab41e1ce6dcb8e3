import type { AgentEvent } from '../../agent/events.ts';
import type { PartialDecision } from '../../agent/json-plan-decision.ts';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { createMessageTranslate } from '../../i18n/messages.ts';
import { describeModelErrorIn } from '../../i18n/model-errors.ts';
import { agentNoticeIn } from '../../i18n/agent-notices.ts';
import { runNoticeIdentity, type RunNotice } from '../../i18n/run-notices.ts';
import type { Language } from '../../i18n/translate.ts';
import { ModelError } from '../../model/model-error.ts';
import type { RunAlert, SessionRun, StreamingState } from '../run-slice.ts';

/** What a run accumulates between agent events, beyond the store's SessionRun. */
export interface RunProgress {
  runId: string;
  /** The step in flight, as far as it has streamed; it reaches the store with the next frame. */
  streaming: StreamingState | undefined;
  /** "Retrying in 2 s" notices: they matter while the wait lasts, and leave once output arrives or the run ends. */
  retryNotices: readonly RunNotice[];
  /** The step in flight of each delegated run, by the `delegate_<agent>` call it answers (shown in its group). */
  delegatedStreaming?: Readonly<Record<string, StreamingState>>;
}

/** The progress of a run before its first event. */
export const initialRunProgress: RunProgress = { runId: '', streaming: undefined, retryNotices: [] };

/** What one agent event changes. */
export interface RunEventChanges {
  progress: RunProgress;
  /** Applied to the session's SessionRun at once. */
  run?: Partial<SessionRun>;
  /** Added to the chat with the next frame. */
  entry?: TranscriptEntry;
  /** `schedule`: the streaming state (or an entry) changed, show it with the next frame; `flush`: show it now. */
  frame?: 'schedule' | 'flush';
}

/** Where the run's model calls go, for the advice of an error alert. */
export interface RunEndpoint {
  baseUrl: string;
  provider: string;
  model: string;
}

/**
 * Reduces one agent event into the run's progress and the changes for the store (pure: side effects such as
 * persistence are the caller's). `run` is the session's SessionRun as it is now; notices stay data (key + values),
 * run-end alerts and model errors are worded in `language`.
 */
export function reduceRunEvent(
  progress: RunProgress,
  run: SessionRun,
  event: AgentEvent,
  endpoint: RunEndpoint,
  language: Language,
): RunEventChanges {
  // Output arriving (or the run ending) makes a retry notice stale.
  const clearingRetries = (): { progress: RunProgress; run?: Partial<SessionRun> } => {
    if (progress.retryNotices.length === 0) return { progress };
    const shown = new Set(progress.retryNotices.map(runNoticeIdentity));
    return {
      progress: { ...progress, retryNotices: [] },
      run: { notices: run.notices.filter((notice) => !shown.has(runNoticeIdentity(notice))) },
    };
  };
  switch (event.type) {
    case 'run-start':
      return { progress: { ...progress, runId: event.runId } };
    case 'step-start':
      return {
        progress: { ...progress, streaming: { runId: progress.runId, text: '', reasoning: '', toolCalls: [] } },
        frame: 'schedule',
      };
    case 'text-delta':
    case 'reasoning-delta':
    case 'decision-delta':
    case 'tool-call-delta': {
      const cleared = clearingRetries();
      const streaming = cleared.progress.streaming;
      if (!streaming) return event.type === 'tool-call-delta' ? cleared : { ...cleared, frame: 'schedule' };
      return {
        ...cleared,
        progress: { ...cleared.progress, streaming: streamDelta(streaming, event) },
        frame: 'schedule',
      };
    }
    case 'entry-added': {
      const cleared = clearingRetries();
      // The assistant entry replaces what streamed for its step.
      const streaming = event.entry.message.role === 'assistant' ? undefined : cleared.progress.streaming;
      return { ...cleared, progress: { ...cleared.progress, streaming }, entry: event.entry, frame: 'schedule' };
    }
    case 'approval-request':
      return { progress, run: { pendingApprovals: [...run.pendingApprovals, event.callId] } };
    case 'approval-resolve':
      return { progress, run: { pendingApprovals: run.pendingApprovals.filter((id) => id !== event.callId) } };
    case 'notice': {
      const notice: RunNotice = { kind: 'agent', text: event.text };
      return {
        progress:
          event.code === 'retry-wait' ? { ...progress, retryNotices: [...progress.retryNotices, notice] } : progress,
        run: { notices: [...run.notices, notice] },
      };
    }
    case 'step-end':
      return { progress, frame: 'schedule' };
    case 'delegated':
      return reduceDelegatedEvent(progress, run, event.callId, event.event);
    case 'run-end': {
      const cleared = clearingRetries();
      const alert = event.outcome === 'error' ? alertFor(event, endpoint, language) : undefined;
      const notices: RunNotice[] = event.outcome !== 'error' && event.text ? [{ kind: 'agent', text: event.text }] : [];
      return {
        progress: { ...cleared.progress, streaming: undefined, delegatedStreaming: undefined },
        run: {
          status: event.outcome,
          alert,
          notices: [...(cleared.run?.notices ?? run.notices), ...notices],
          streaming: undefined,
          delegatedStreaming: undefined,
          pendingApprovals: [],
        },
        frame: 'flush',
      };
    }
    default:
      return { progress };
  }
}

/** A streamed delta added to the step in flight (a new state; the old one is left as it was). */
function streamDelta(
  streaming: StreamingState,
  event: Extract<AgentEvent, { type: 'text-delta' | 'reasoning-delta' | 'tool-call-delta' | 'decision-delta' }>,
): StreamingState {
  if (event.type === 'text-delta') return { ...streaming, text: streaming.text + event.delta };
  if (event.type === 'decision-delta') return streamDecision(streaming, event.decision);
  if (event.type === 'reasoning-delta') return { ...streaming, reasoning: streaming.reasoning + event.delta };
  // Deltas come call after call: the one growing is almost always the last (no search through a flood of calls).
  const calls = streaming.toolCalls;
  const at =
    calls.at(-1)?.index === event.index ? calls.length - 1 : calls.findIndex((call) => call.index === event.index);
  const call = { ...(calls[at] ?? { index: event.index, arguments: '' }) };
  if (event.id) call.id = event.id;
  if (event.name) call.name = event.name;
  call.arguments += event.argumentsDelta;
  return { ...streaming, toolCalls: at >= 0 ? calls.with(at, call) : [...calls, call] };
}

/** A JSON plan decision streams as what it will show: the plan's steps, the answer's text, the tool call's card. */
function streamDecision(streaming: StreamingState, decision: PartialDecision): StreamingState {
  const isAnswer = decision.type === 'final' || (decision.type === undefined && decision.answer !== undefined);
  const toolCalls =
    decision.type === 'tool_call' && decision.tool
      ? [{ index: 0, name: decision.tool, arguments: JSON.stringify(decision.args ?? {}) }]
      : [];
  const { plan: _plan, ...rest } = streaming;
  return {
    ...rest,
    text: isAnswer ? (decision.answer ?? '') : '',
    toolCalls,
    ...(decision.type === 'plan' ? { plan: decision.plan ?? [] } : {}),
  };
}

/**
 * An event of a delegated run: its entries join the chat (grouped under the delegate call by their meta), its
 * step in flight streams into its group (keyed by that call), and its approvals are pending like any other; its
 * notices and run end are its own and leave the run alone.
 */
function reduceDelegatedEvent(
  progress: RunProgress,
  run: SessionRun,
  callId: string,
  event: AgentEvent,
): RunEventChanges {
  const setStreaming = (streaming: StreamingState | undefined): RunProgress => {
    const { [callId]: _previous, ...others } = progress.delegatedStreaming ?? {};
    return { ...progress, delegatedStreaming: streaming ? { ...others, [callId]: streaming } : others };
  };
  switch (event.type) {
    case 'step-start':
      return {
        progress: setStreaming({ runId: progress.runId, text: '', reasoning: '', toolCalls: [] }),
        frame: 'schedule',
      };
    case 'text-delta':
    case 'reasoning-delta':
    case 'tool-call-delta': {
      const streaming = progress.delegatedStreaming?.[callId];
      return streaming ? { progress: setStreaming(streamDelta(streaming, event)), frame: 'schedule' } : { progress };
    }
    case 'entry-added':
      // The assistant entry replaces what streamed for its step.
      return {
        progress: event.entry.message.role === 'assistant' ? setStreaming(undefined) : progress,
        entry: event.entry,
        frame: 'schedule',
      };
    case 'run-end':
      return { progress: setStreaming(undefined), frame: 'schedule' };
    case 'approval-request':
      return { progress, run: { pendingApprovals: [...run.pendingApprovals, event.callId] } };
    case 'approval-resolve':
      return { progress, run: { pendingApprovals: run.pendingApprovals.filter((id) => id !== event.callId) } };
    default:
      return { progress };
  }
}

type RunEnd = Extract<AgentEvent, { type: 'run-end' }>;

function alertFor(event: RunEnd, endpoint: RunEndpoint, language: Language): RunAlert {
  if (!event.error) {
    return {
      title:
        (event.text ? agentNoticeIn(language, event.text) : event.message) ??
        createMessageTranslate(language)('runFailed'),
      advice: '',
      retryable: true,
    };
  }
  const error = new ModelError(event.error.kind, event.error.message, {
    ...(event.error.status === undefined ? {} : { status: event.error.status }),
    ...(event.error.retryAfterMs === undefined ? {} : { retryAfterMs: event.error.retryAfterMs }),
  });
  // The advice lists the models the endpoint offers (a 404), in the same language as the rest.
  if (event.error.availableModels) error.availableModels = event.error.availableModels;
  const described = describeModelErrorIn(language, error, endpoint);
  return {
    title: described.title,
    advice: described.advice,
    retryable: event.error.kind !== 'auth',
    kind: event.error.kind,
    ...(event.error.availableModels ? { availableModels: event.error.availableModels } : {}),
  };
}
