import type { AgentEvent } from '../../agent/events.ts';
import { runAgent } from '../../agent/run-agent.ts';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { defaultSystemPrompt } from '../../config/system-prompt.ts';
import type { ChatMessage } from '../../model/model.ts';
import { describeModelError } from '../../model/describe-error.ts';
import { ModelError } from '../../model/model-error.ts';
import { builtinTools, enabledTools } from '../../tools/registry.ts';
import type { Span } from '../../trace/span.ts';
import { createTracer } from '../../trace/tracer.ts';
import { useAppStore } from '../app-store.ts';
import { createFrameBatch } from '../frame-batch.ts';
import type { RunAlert, StreamingState } from '../run-slice.ts';
import { services } from '../services.ts';
import { createModel, resolveEndpoint } from './create-model.ts';
import { reportStorageError } from './storage-errors.ts';

interface ActiveRun {
  controller: AbortController;
  approvals: Map<string, (approved: boolean) => void>;
}

const activeRuns = new Map<string, ActiveRun>();
const protocolChoices = new Map<string, 'tools' | 'react'>();

/** Whether this tab is running the session. */
export function isRunning(sessionId: string): boolean {
  return activeRuns.has(sessionId);
}

/** Aborts the session's run: the HTTP request and running tools see the signal. */
export function abortRun(sessionId: string): void {
  activeRuns.get(sessionId)?.controller.abort();
}

/** Answers a pending approval for a restricted tool call. */
export function answerApproval(sessionId: string, callId: string, approved: boolean): void {
  const resolve = activeRuns.get(sessionId)?.approvals.get(callId);
  resolve?.(approved);
}

/** What a run starts from. */
export interface RunRequest {
  history: ChatMessage[];
  runInput: string;
  /** A new user message, saved together with the run's first write. */
  userEntry?: TranscriptEntry;
}

/**
 * Runs the agent on a session: streams into the store, persists each step, records the trace.
 * Holds the session's cross-tab lock for the whole run; returns false when another tab holds it.
 */
export async function runSession(sessionId: string, request: RunRequest): Promise<boolean> {
  if (activeRuns.has(sessionId)) return false;
  const { withSessionLock } = services();
  if (!withSessionLock) {
    await runUnlocked(sessionId, request);
    return true;
  }
  const acquired = await withSessionLock(sessionId, () => runUnlocked(sessionId, request));
  if (!acquired) {
    useAppStore.getState().setUi({
      appAlert: 'This session is running in another tab. Wait for it to finish there, or continue in that tab.',
    });
  }
  return acquired;
}

async function runUnlocked(sessionId: string, request: RunRequest): Promise<void> {
  const { persistence, now, newId, fetch, runSandboxed, broadcast } = services();
  const store = useAppStore;
  const settings = store.getState().settings;
  const endpoint = resolveEndpoint(settings);
  const active: ActiveRun = { controller: new AbortController(), approvals: new Map() };
  activeRuns.set(sessionId, active);

  const dirtySpans = new Map<string, Span>();
  const changedSpans = new Map<string, Span>();
  let streaming: StreamingState | undefined;
  let runId = '';

  const frame = createFrameBatch(() => {
    if (changedSpans.size > 0) {
      store.getState().upsertSpans(sessionId, [...changedSpans.values()]);
      changedSpans.clear();
    }
    store.getState().patchRun(sessionId, { streaming: streaming ? { ...streaming, toolCalls: [...streaming.toolCalls] } : undefined });
  });

  const trackSpan = (span: Span) => {
    dirtySpans.set(span.spanId, span);
    changedSpans.set(span.spanId, span);
    frame.schedule();
  };
  const tracer = createTracer({
    sessionId,
    processors: [{ onStart: trackSpan, onUpdate: trackSpan, onEnd: trackSpan }],
  });

  const save = async (entries: TranscriptEntry[], sessionPatch: Record<string, unknown>) => {
    const spans = [...dirtySpans.values()];
    dirtySpans.clear();
    try {
      const session = await persistence.saveStep({ sessionId, entries, spans, session: sessionPatch });
      if (session) store.getState().upsertSession(session);
      broadcast?.({ type: 'session-changed', sessionId });
    } catch (error) {
      reportStorageError(error);
    }
  };

  store.getState().patchRun(sessionId, { status: 'running', alert: undefined, notices: [], streaming: undefined, pendingApprovals: [] });

  const onEvent = async (event: AgentEvent): Promise<void> => {
    const state = store.getState();
    switch (event.type) {
      case 'run-start': {
        runId = event.runId;
        if (request.userEntry) {
          request.userEntry.runId = runId;
          await save([request.userEntry], { status: 'running', activeRunId: runId });
        } else {
          await save([], { status: 'running', activeRunId: runId });
        }
        return;
      }
      case 'step-start':
        streaming = { runId, text: '', reasoning: '', toolCalls: [] };
        frame.schedule();
        return;
      case 'text-delta':
        if (streaming) streaming.text += event.delta;
        frame.schedule();
        return;
      case 'reasoning-delta':
        if (streaming) streaming.reasoning += event.delta;
        frame.schedule();
        return;
      case 'tool-call-delta': {
        if (!streaming) return;
        let call = streaming.toolCalls.find((candidate) => candidate.index === event.index);
        if (!call) {
          call = { index: event.index, arguments: '' };
          streaming.toolCalls.push(call);
        }
        if (event.id) call.id = event.id;
        if (event.name) call.name = event.name;
        call.arguments += event.argumentsDelta;
        frame.schedule();
        return;
      }
      case 'entry-added':
        if (event.entry.message.role === 'assistant') streaming = undefined;
        state.appendEntry(sessionId, event.entry);
        frame.flushNow();
        return;
      case 'approval-request':
        state.patchRun(sessionId, (run) => ({ pendingApprovals: [...run.pendingApprovals, event.callId] }));
        return;
      case 'approval-resolve':
        state.patchRun(sessionId, (run) => ({ pendingApprovals: run.pendingApprovals.filter((id) => id !== event.callId) }));
        return;
      case 'notice':
        state.patchRun(sessionId, (run) => ({ notices: [...run.notices, event.message] }));
        return;
      case 'step-end':
        frame.flushNow();
        await save(event.entries, { status: 'running', activeRunId: runId });
        return;
      case 'run-end': {
        streaming = undefined;
        frame.flushNow();
        const alert = event.outcome === 'error' ? alertFor(event, endpoint) : undefined;
        const notices = event.outcome !== 'error' && event.message ? [event.message] : [];
        state.patchRun(sessionId, (run) => ({
          status: event.outcome,
          alert,
          notices: [...run.notices, ...notices],
          streaming: undefined,
          pendingApprovals: [],
        }));
        await save([], { status: event.outcome, activeRunId: undefined, lastError: alert ? `${alert.title} ${alert.advice}` : undefined });
        return;
      }
      default:
        return;
    }
  };

  try {
    const tools = enabledTools(builtinTools, settings.enabledTools);
    await runAgent({
      sessionId,
      model: createModel(settings, fetch),
      tools,
      history: request.history,
      systemPrompt: settings.systemPrompt.trim() || defaultSystemPrompt(new Date(now())),
      limits: {
        maxSteps: settings.maxSteps,
        maxToolCalls: settings.maxToolCalls,
        deadlineMs: settings.deadlineSeconds * 1000,
        toolTimeoutMs: settings.toolTimeoutSeconds * 1000,
        maxObservationChars: settings.maxObservationChars,
      },
      protocol: settings.protocol,
      protocolMemory: { get: (key) => protocolChoices.get(key), set: (key, value) => protocolChoices.set(key, value) },
      endpointKey: `${endpoint.provider} ${endpoint.baseUrl} ${endpoint.model}`,
      tracer,
      runInput: request.runInput,
      toolContext: {
        fetch,
        now: () => new Date(now()),
        toolState: persistence.toolState,
        notes: persistence.notes,
        attachments: persistence.attachments,
        ...(runSandboxed ? { runSandboxed } : {}),
      },
      approve: ({ callId }) =>
        new Promise<boolean>((resolve) => {
          active.approvals.set(callId, (approved) => {
            active.approvals.delete(callId);
            resolve(approved);
          });
          active.controller.signal.addEventListener('abort', () => resolve(false), { once: true });
        }),
      signal: active.controller.signal,
      onEvent,
      newId: (prefix) => newId(prefix),
      now,
    });
  } catch (error) {
    // runAgent reports its own failures through run-end; reaching here is a bug worth showing.
    store.getState().patchRun(sessionId, {
      status: 'error',
      streaming: undefined,
      alert: { title: 'The run failed unexpectedly.', advice: String(error), retryable: true },
    });
  } finally {
    activeRuns.delete(sessionId);
  }
}

function alertFor(event: Extract<AgentEvent, { type: 'run-end' }>, endpoint: { baseUrl: string; provider: string; model: string }): RunAlert {
  if (!event.error) {
    return { title: event.message ?? 'The run failed.', advice: '', retryable: true };
  }
  const error = new ModelError(event.error.kind, event.error.message, {
    ...(event.error.status === undefined ? {} : { status: event.error.status }),
    ...(event.error.retryAfterMs === undefined ? {} : { retryAfterMs: event.error.retryAfterMs }),
  });
  if (event.error.availableModels) error.availableModels = event.error.availableModels;
  const described = describeModelError(error, endpoint);
  return {
    title: described.title,
    advice: described.advice,
    retryable: event.error.kind !== 'auth',
    kind: event.error.kind,
    ...(event.error.availableModels ? { availableModels: event.error.availableModels } : {}),
  };
}
