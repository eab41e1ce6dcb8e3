import type { AgentEvent } from '../../agent/events.ts';
import { LANGUAGES } from '../../i18n/translate.ts';
import { createMessageTranslate } from '../../i18n/messages.ts';
import type { ToolReplay } from '../../agent/execute-tool-calls.ts';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { ChatMessage } from '../../model/model.ts';
import { protocolMemoryOf } from '../../model/endpoint-memory.ts';
import type { Span } from '../../trace/span.ts';
import { createTracer } from '../../trace/tracer.ts';
import { useAppStore } from '../app-store.ts';
import { createFrameBatch } from '../frame-batch.ts';
import { runEnded } from '../message-queue.ts';
import { idleRun } from '../run-slice.ts';
import { services } from '../services.ts';
import { loadAgentRuntime, type AgentRuntime } from './load-agent-runtime.ts';
import { initialRunProgress, reduceRunEvent, type RunProgress } from './run-event-reducer.ts';
import { buildRunOptions } from './run-options.ts';
import { createRunWriter, withoutInterruptedPartial } from './run-writer.ts';
import { currentLanguage } from './current-language.ts';
import { storeText } from './store-text.ts';

interface ActiveRun {
  controller: AbortController;
  approvals: Map<string, (approved: boolean) => void>;
  /** Saves the step in flight as far as it got: the page is hidden, or (`leaving`) going away. */
  flush: (leaving: boolean) => void;
}

const activeRuns = new Map<string, ActiveRun>();

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

/** Waits for Approve / Deny on a tool call (answered by {@link answerApproval}); a stopped run denies it. */
function awaitApproval(active: ActiveRun, callId: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    active.approvals.set(callId, (approved) => {
      active.approvals.delete(callId);
      resolve(approved);
    });
    active.controller.signal.addEventListener('abort', () => resolve(false), { once: true });
  });
}

/** What a run starts from. */
export interface RunRequest {
  history: ChatMessage[];
  runInput: string;
  /** A new user message, saved together with the run's first write. */
  userEntry?: TranscriptEntry;
  /** Answers tool calls from recorded results instead of running them (a fork). */
  replay?: ToolReplay;
  /** A resume: the stored transcripts of the delegations left unanswered, by their delegate call id. */
  resumedDelegations?: ReadonlyMap<string, readonly ChatMessage[]>;
}

/**
 * Runs the agent on a session: streams into the store, persists each step, records the trace.
 * Holds the session's cross-tab lock for the whole run; returns false when another tab holds it.
 */
export async function runSession(sessionId: string, request: RunRequest): Promise<boolean> {
  if (activeRuns.has(sessionId)) return false;
  // Registered before anything is awaited: the run shows as running at once, so Stop must reach it at once too
  // (a stop while the agent chunk or the lock is awaited makes the run start stopped, its message kept).
  const active: ActiveRun = { controller: new AbortController(), approvals: new Map(), flush: () => undefined };
  activeRuns.set(sessionId, active);
  const takeBackUserEntry = (appAlert: string) => {
    const state = useAppStore.getState();
    // The message was shown at once but never saved: take it back so this tab does not diverge from storage.
    const userEntryId = request.userEntry?.id;
    if (userEntryId)
      state.setEntries(
        sessionId,
        (state.entries[sessionId] ?? []).filter((entry) => entry.id !== userEntryId),
      );
    state.setUi({ appAlert });
  };
  try {
    let runtime: AgentRuntime;
    try {
      // The agent loop, model clients and tools are a chunk of their own (usually loaded already, when idle).
      runtime = await loadAgentRuntime();
    } catch (error) {
      takeBackUserEntry(
        storeText('agentLoadFailed', { error: error instanceof Error ? error.message : String(error) }),
      );
      return false;
    }
    const { withSessionLock } = services();
    if (!withSessionLock) {
      await runUnlocked(sessionId, request, runtime, active);
      return true;
    }
    const acquired = await withSessionLock(sessionId, () => runUnlocked(sessionId, request, runtime, active));
    if (!acquired) takeBackUserEntry(runningElsewhere());
    return acquired;
  } finally {
    activeRuns.delete(sessionId);
  }
}

/** What a tab says when another tab runs the session, in the current language. */
export function runningElsewhere(): string {
  return storeText('runningElsewhere');
}

/** Whether a notice is {@link runningElsewhere} in any language (the language may have changed since it was shown). */
export function isRunningElsewhere(notice: string): boolean {
  return LANGUAGES.some((language) => notice === createMessageTranslate(language)('runningElsewhere'));
}

async function runUnlocked(
  sessionId: string,
  request: RunRequest,
  runtime: AgentRuntime,
  active: ActiveRun,
): Promise<void> {
  const store = useAppStore;
  // The session's own model and system prompt (the chat header's "Session model and prompt") win over the global ones.
  const state = store.getState();
  const settings = runtime.withSessionOverrides(
    state.settings,
    state.sessions.find((session) => session.id === sessionId)?.overrides,
  );
  const endpoint = runtime.resolveEndpoint(settings);
  const history = await withoutInterruptedPartial(sessionId, request.history, request.userEntry !== undefined);
  const dataTables = await attachedDataTables(sessionId, runtime);
  const writer = createRunWriter(sessionId, request.userEntry);
  let progress: RunProgress = initialRunProgress;
  let stepSave: Promise<void> = Promise.resolve();

  // Entries and spans reach the store with the next frame, like tokens: the agent loop never waits for the chat to render.
  const addedEntries: TranscriptEntry[] = [];
  const changedSpans = new Map<string, Span>();
  const frame = createFrameBatch(() => {
    for (const entry of addedEntries.splice(0)) store.getState().appendEntry(sessionId, entry);
    if (changedSpans.size > 0) {
      store.getState().upsertSpans(sessionId, [...changedSpans.values()]);
      changedSpans.clear();
    }
    store
      .getState()
      .patchRun(sessionId, { streaming: progress.streaming, delegatedStreaming: progress.delegatedStreaming });
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
  active.flush = (leaving) => writer.flush(leaving, progress.streaming);

  store
    .getState()
    .patchRun(sessionId, {
      status: 'running',
      alert: undefined,
      notices: [],
      streaming: undefined,
      pendingApprovals: [],
    });

  const onEvent = async (event: AgentEvent): Promise<void> => {
    const changes = reduceRunEvent(
      progress,
      store.getState().runs[sessionId] ?? idleRun,
      event,
      endpoint,
      currentLanguage(),
    );
    progress = changes.progress;
    if (changes.entry) addedEntries.push(changes.entry);
    if (changes.frame === 'flush') frame.flushNow();
    else if (changes.frame === 'schedule') frame.schedule();
    if (changes.run) store.getState().patchRun(sessionId, changes.run);
    // Persistence: each step is written as the loop goes on (transactions commit in the order they start); the run's end waits for it.
    switch (event.type) {
      case 'run-start':
        await writer.start(progress.runId, request.userEntry);
        return;
      case 'step-start':
        writer.stepStarted();
        return;
      case 'entry-added':
        writer.entryAdded(event.entry);
        return;
      case 'step-end':
        stepSave = writer.stepEnded(event.entries);
        return;
      case 'delegated':
        // A delegated run is written per step by the same writer; the run's end waits for these writes too.
        if (event.event.type === 'step-end') {
          const save = writer.delegatedStepEnded(event.event.entries);
          const before = stepSave;
          stepSave = Promise.all([before, save]).then(() => undefined);
        }
        return;
      case 'run-end': {
        const alert = changes.run?.alert;
        // The queue's pause is decided now: a message sent while the end is being saved goes on after it.
        const ended = store.getState().runs[sessionId]?.status;
        if (ended) store.getState().updateQueue(sessionId, (queue) => runEnded(queue, ended));
        await stepSave;
        await writer.ended({
          status: event.outcome,
          activeRunId: undefined,
          lastError: alert ? `${alert.title} ${alert.advice}` : undefined,
        });
        return;
      }
      default:
        return;
    }
  };

  try {
    await runtime.runAgent(
      buildRunOptions({
        sessionId,
        settings,
        runtime,
        services: services(),
        dataTables,
        endpoint,
        history,
        runInput: request.runInput,
        ...(request.replay ? { replay: request.replay } : {}),
        ...(request.resumedDelegations ? { resumedDelegations: request.resumedDelegations } : {}),
        tracer,
        protocolMemory: protocolMemoryOf(services().endpointMemory),
        signal: active.controller.signal,
        approve: ({ callId }) => awaitApproval(active, callId),
        onEvent,
        newId: writer.newId,
        onNotice: (message) => store.getState().patchRun(sessionId, (run) => ({ notices: [...run.notices, message] })),
      }),
    );
  } catch (error) {
    // runAgent reports its own failures through run-end; reaching here is a bug worth showing.
    store.getState().patchRun(sessionId, {
      status: 'error',
      streaming: undefined,
      alert: { title: storeText('runFailedUnexpectedly'), advice: String(error), retryable: true },
    });
  }
}

/** How long the SQL worker may take to outline the attached files before the run starts without their columns. */
const OUTLINE_TIMEOUT_MS = 30_000;

/** The tables `query_data` offers for the session's attached files; none when they cannot be read (the tool is then left out). */
async function attachedDataTables(sessionId: string, runtime: AgentRuntime) {
  try {
    const { persistence, queryData } = services();
    return await runtime.describeDataTables(
      persistence.attachments,
      sessionId,
      queryData,
      AbortSignal.timeout(OUTLINE_TIMEOUT_MS),
    );
  } catch {
    return [];
  }
}
