import type { AgentEvent } from '../../agent/events.ts';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { defaultSystemPrompt } from '../../config/system-prompt.ts';
import type { ChatMessage } from '../../model/model.ts';
import { describeModelError } from '../../model/describe-error.ts';
import { ModelError } from '../../model/model-error.ts';
import type { Span } from '../../trace/span.ts';
import { createTracer } from '../../trace/tracer.ts';
import { useAppStore } from '../app-store.ts';
import { createFrameBatch } from '../frame-batch.ts';
import type { RunAlert, StreamingState } from '../run-slice.ts';
import { services } from '../services.ts';
import { loadAgentRuntime, type AgentRuntime } from './load-agent-runtime.ts';
import { createRunWriter, withoutInterruptedPartial } from './run-writer.ts';
import { sessionSummaryStore } from './session-summary-store.ts';

interface ActiveRun {
  controller: AbortController;
  approvals: Map<string, (approved: boolean) => void>;
  /** Saves the step in flight as far as it got: the page is hidden, or (`leaving`) going away. */
  flush: (leaving: boolean) => void;
}

const activeRuns = new Map<string, ActiveRun>();
const protocolChoices = new Map<string, 'tools' | 'react'>();

/** Whether this tab is running the session. */
export function isRunning(sessionId: string): boolean {
  return activeRuns.has(sessionId);
}

/** Aborts the session's run: the HTTP request and running tools see the signal. A run in another tab is asked to stop. */
export function abortRun(sessionId: string): void {
  const active = activeRuns.get(sessionId);
  if (active) active.controller.abort();
  else services().broadcast?.({ type: 'stop-run', sessionId });
}

/** Saves what every run in this tab has in flight; called when the page is hidden or (`leaving`) unloaded. */
export function flushActiveRuns(leaving: boolean): void {
  for (const active of activeRuns.values()) active.flush(leaving);
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
  const takeBackUserEntry = (appAlert: string) => {
    const state = useAppStore.getState();
    // The message was shown at once but never saved: take it back so this tab does not diverge from storage.
    const userEntryId = request.userEntry?.id;
    if (userEntryId) state.setEntries(sessionId, (state.entries[sessionId] ?? []).filter((entry) => entry.id !== userEntryId));
    state.setUi({ appAlert });
  };
  let runtime: AgentRuntime;
  try {
    // The agent loop, model clients and tools are a chunk of their own (usually loaded already, when idle).
    runtime = await loadAgentRuntime();
  } catch (error) {
    takeBackUserEntry(`The agent could not be loaded (${error instanceof Error ? error.message : String(error)}). Check the connection and reload the page.`);
    return false;
  }
  if (activeRuns.has(sessionId)) return false;
  const { withSessionLock } = services();
  if (!withSessionLock) {
    await runUnlocked(sessionId, request, runtime);
    return true;
  }
  const acquired = await withSessionLock(sessionId, () => runUnlocked(sessionId, request, runtime));
  if (!acquired) takeBackUserEntry(RUNNING_ELSEWHERE);
  return acquired;
}

/** What a tab says when another tab runs the session. */
export const RUNNING_ELSEWHERE = 'This session is running in another tab. Wait for it to finish there, or stop it with Stop.';

async function runUnlocked(sessionId: string, request: RunRequest, runtime: AgentRuntime): Promise<void> {
  const { resolveEndpoint, createModel, runAgent, builtinTools, enabledTools, createContextPreparer, estimateFixedTokens, toToolSpec } = runtime;
  const { persistence, now, fetch, runSandboxed } = services();
  const store = useAppStore;
  const settings = store.getState().settings;
  const endpoint = resolveEndpoint(settings);
  const active: ActiveRun = { controller: new AbortController(), approvals: new Map(), flush: () => undefined };
  activeRuns.set(sessionId, active);
  const history = await withoutInterruptedPartial(sessionId, request.history, request.userEntry !== undefined);
  const writer = createRunWriter(sessionId, request.userEntry);

  const changedSpans = new Map<string, Span>();
  let streaming: StreamingState | undefined;
  let runId = '';
  let stepSave: Promise<void> = Promise.resolve();

  // Entries reach the store with the next frame, like tokens: the agent loop never waits for the chat to render.
  const addedEntries: TranscriptEntry[] = [];
  const frame = createFrameBatch(() => {
    for (const entry of addedEntries.splice(0)) store.getState().appendEntry(sessionId, entry);
    if (changedSpans.size > 0) {
      store.getState().upsertSpans(sessionId, [...changedSpans.values()]);
      changedSpans.clear();
    }
    store.getState().patchRun(sessionId, { streaming: streaming ? { ...streaming, toolCalls: [...streaming.toolCalls] } : undefined });
  });

  const trackSpan = (span: Span) => {
    writer.trackSpan(span);
    changedSpans.set(span.spanId, span);
    frame.schedule();
  };
  const tracer = createTracer({
    sessionId,
    processors: [{ onStart: trackSpan, onUpdate: trackSpan, onEnd: trackSpan }],
  });

  active.flush = (leaving) => writer.flush(leaving, streaming);

  store.getState().patchRun(sessionId, { status: 'running', alert: undefined, notices: [], streaming: undefined, pendingApprovals: [] });

  // "Retrying in 2 s" matters while the wait lasts; once output arrives or the run ends, the trace keeps the record.
  const retryNotices = new Set<string>();
  const clearRetryNotices = () => {
    if (retryNotices.size === 0) return;
    const shown = new Set(retryNotices);
    retryNotices.clear();
    store.getState().patchRun(sessionId, (run) => ({ notices: run.notices.filter((notice) => !shown.has(notice)) }));
  };

  const onEvent = async (event: AgentEvent): Promise<void> => {
    const state = store.getState();
    switch (event.type) {
      case 'run-start':
        runId = event.runId;
        await writer.start(runId, request.userEntry);
        return;
      case 'step-start':
        streaming = { runId, text: '', reasoning: '', toolCalls: [] };
        writer.stepStarted();
        frame.schedule();
        return;
      case 'text-delta':
        clearRetryNotices();
        if (streaming) streaming.text += event.delta;
        frame.schedule();
        return;
      case 'reasoning-delta':
        clearRetryNotices();
        if (streaming) streaming.reasoning += event.delta;
        frame.schedule();
        return;
      case 'tool-call-delta': {
        clearRetryNotices();
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
        clearRetryNotices();
        writer.entryAdded(event.entry);
        if (event.entry.message.role === 'assistant') streaming = undefined;
        addedEntries.push(event.entry);
        frame.schedule();
        return;
      case 'approval-request':
        state.patchRun(sessionId, (run) => ({ pendingApprovals: [...run.pendingApprovals, event.callId] }));
        return;
      case 'approval-resolve':
        state.patchRun(sessionId, (run) => ({ pendingApprovals: run.pendingApprovals.filter((id) => id !== event.callId) }));
        return;
      case 'notice':
        if (event.code === 'retry-wait') retryNotices.add(event.message);
        state.patchRun(sessionId, (run) => ({ notices: [...run.notices, event.message] }));
        return;
      case 'step-end':
        frame.schedule();
        // The loop goes on while the step is written (transactions commit in the order they start); the run's
        // end waits for it.
        stepSave = writer.stepEnded(event.entries);
        return;
      case 'run-end': {
        clearRetryNotices();
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
        await stepSave;
        await writer.ended({ status: event.outcome, activeRunId: undefined, lastError: alert ? `${alert.title} ${alert.advice}` : undefined });
        return;
      }
      default:
        return;
    }
  };

  try {
    const tools = enabledTools(builtinTools, settings.enabledTools);
    const model = createModel(settings, fetch);
    const systemPrompt = settings.systemPrompt.trim() || defaultSystemPrompt(new Date(now()));
    const prepareContext = createContextPreparer({
      model,
      contextWindow: settings.contextWindow,
      compactionShare: settings.compactionShare,
      fixedTokens: estimateFixedTokens(systemPrompt, tools.map(toToolSpec)),
      summary: sessionSummaryStore(sessionId),
      ...(settings.memoryRecall ? { recall: persistence.notes } : {}),
      tracer,
      now,
      onCompaction: (info) => store.getState().patchRun(sessionId, (run) => ({ notices: [...run.notices, info.message] })),
    });
    await runAgent({
      sessionId,
      model,
      tools,
      history,
      systemPrompt,
      prepareContext,
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
      newId: writer.newId,
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
  // The view lists `availableModels` itself; describing them here as well would show the list twice.
  const described = describeModelError(error, endpoint);
  return {
    title: described.title,
    advice: described.advice,
    retryable: event.error.kind !== 'auth',
    kind: event.error.kind,
    ...(event.error.availableModels ? { availableModels: event.error.availableModels } : {}),
  };
}
