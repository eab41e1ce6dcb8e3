/**
 * One run of a session in this tab, owned by one object: its Stop (abort signal), its pending approvals, the frame
 * batch that carries entries, spans and streamed text to the store, and everything the run saves.
 *
 * How a run is saved: one save per step, plus a journal when the page is hidden or goes away.
 * - The run's start saves the user's message (if any) with the status `running`.
 * - Each step is saved at its `step-end`: exactly the entries it added and the spans changed since the last save,
 *   in one transaction (never the whole session). A delegated run's step is saved the same way when it ends, with
 *   the parent's entries of the step in flight (the call it answers). The run's end saves its outcome, after every
 *   step's save (transactions commit in the order they start).
 * - When the page is hidden or goes away (`pagehide`), {@link RunController.flush} writes a journal synchronously to
 *   localStorage (flush-journal.ts): what this tab has not seen saved — the user's message, the entries of saves
 *   still in flight, the step in flight with its streamed text as a partial answer, and unsaved spans. An IndexedDB
 *   transaction started while the page unloads may never run, so the journal is what the next load applies when a
 *   tab went away mid-run; a save started after it clears it once that save completes. The finished part of the
 *   step (its entries so far, changed spans) is also saved to IndexedDB then, through the same save; the partial
 *   answer is not: it lives only in the journal, under an id minted at the step's `step-start` event, so a live
 *   run never has to replace it in storage and no id is set aside for the agent's entries.
 */
import type { AgentEvent } from '../../agent/events.ts';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { SessionPatch } from '../../db/sessions.ts';
import { protocolMemoryOf } from '../../model/endpoint-memory.ts';
import type { Span } from '../../trace/span.ts';
import { createTracer } from '../../trace/tracer.ts';
import { useAppStore } from '../app-store.ts';
import { clearFlushJournal, writeFlushJournal } from '../flush-journal.ts';
import { createFrameBatch } from '../frame-batch.ts';
import { runEnded } from '../message-queue.ts';
import { idleRun, type SessionRun } from '../run-slice.ts';
import { services } from '../services.ts';
import { currentLanguage } from './current-language.ts';
import type { AgentRuntime } from './load-agent-runtime.ts';
import { initialRunProgress, reduceRunEvent, type RunEndpoint, type RunProgress } from './run-event-reducer.ts';
import { attachedDataTables, runKnowledge } from './run-resources.ts';
import { withoutInterruptedPartial, type RunRequest } from './run-inputs.ts';
import { reportStorageError } from './storage-errors.ts';
import { storeText } from './store-text.ts';

/** The step in flight: the id its streamed text is journaled under, when it started, the entries it added so far. */
interface StepInFlight {
  partialId: string;
  startedAt: number;
  entries: TranscriptEntry[];
}

export class RunController {
  readonly sessionId: string;
  private readonly request: RunRequest;
  private readonly stop = new AbortController();
  private readonly approvals = new Map<string, (approved: boolean) => void>();
  private progress: RunProgress = initialRunProgress;
  /** Where the model calls go, named in error advice. */
  private endpoint: RunEndpoint = { baseUrl: '', provider: '', model: '' };
  private runId = '';
  private over = false;
  private step: StepInFlight | undefined;
  /** How many journals {@link flush} has written. */
  private journals = 0;
  /** Settles when every step's save has completed; the run's end waits for it. */
  private stepSaves: Promise<void> = Promise.resolve();
  /** Spans changed since the last save started: the next save writes them. */
  private readonly dirtySpans = new Map<string, Span>();
  /** Spans and entries no completed save has written yet: what a journal must carry. */
  private readonly unsavedSpans = new Map<string, Span>();
  private readonly unsavedEntries = new Map<string, TranscriptEntry>();
  /** What reaches the store with the next frame (the agent loop never waits for the chat to render). */
  private readonly frameEntries: TranscriptEntry[] = [];
  private readonly frameSpans = new Map<string, Span>();
  private readonly frame = createFrameBatch(() => this.showFrame());

  constructor(sessionId: string, request: RunRequest) {
    this.sessionId = sessionId;
    this.request = request;
  }

  /** Stop: the HTTP request, running tools and pending approvals see the signal. */
  abort(): void {
    this.stop.abort();
  }

  /** Answers a pending approval of a restricted tool call. */
  answerApproval(callId: string, approved: boolean): void {
    this.approvals.get(callId)?.(approved);
  }

  /** Runs the agent: streams into the store, saves each step, records the trace. Resolves when the run is over. */
  async run(runtime: AgentRuntime): Promise<void> {
    const { sessionId, request } = this;
    const state = useAppStore.getState();
    // The session's own model and system prompt (the chat header's "Session model and prompt") win over the global ones.
    const settings = runtime.withSessionOverrides(
      state.settings,
      state.sessions.find((session) => session.id === sessionId)?.overrides,
    );
    const endpoint = runtime.resolveEndpoint(settings);
    this.endpoint = endpoint;
    const history = await withoutInterruptedPartial(sessionId, request.history, request.userEntry !== undefined);
    const dataTables = await attachedDataTables(sessionId, runtime);
    const knowledge = await runKnowledge(settings, runtime);
    const track = (span: Span) => this.trackSpan(span);
    const tracer = createTracer({ sessionId, processors: [{ onStart: track, onUpdate: track, onEnd: track }] });
    this.patchRun({ status: 'running', alert: undefined, notices: [], streaming: undefined, pendingApprovals: [] });
    try {
      await runtime.runAgent(
        runtime.buildRunOptions({
          sessionId,
          settings,
          runtime,
          services: services(),
          dataTables,
          ...(knowledge ? { knowledge } : {}),
          endpoint,
          history,
          runInput: request.runInput,
          ...(request.replay ? { replay: request.replay } : {}),
          ...(request.resumedDelegations ? { resumedDelegations: request.resumedDelegations } : {}),
          tracer,
          protocolMemory: protocolMemoryOf(services().endpointMemory),
          signal: this.stop.signal,
          approve: ({ callId }) => this.awaitApproval(callId),
          onEvent: (event) => this.handle(event),
          newId: (prefix) => services().newId(prefix),
          onNotice: (notice) => this.patchRun((run) => ({ notices: [...run.notices, notice] })),
        }),
      );
    } catch (error) {
      // runAgent reports its own failures through run-end; reaching here is a bug worth showing.
      this.patchRun({
        status: 'error',
        streaming: undefined,
        alert: { title: storeText('runFailedUnexpectedly'), advice: String(error), retryable: true },
      });
    }
  }

  /**
   * The page is hidden or going away: journals what is not saved yet and saves the finished part of the step in
   * flight (see the comment at the top of this file). Does nothing once the run has ended.
   */
  flush(): void {
    if (this.over || !this.runId) return;
    const entries = [...(this.step?.entries ?? [])];
    // Started before the journal is written, so its completion does not clear it (the partial answer is only there).
    // A page going away may never run it. No status in the patch: a flush must never undo the run's end.
    if (entries.length > 0 || this.dirtySpans.size > 0) void this.save(entries, {});
    const partial = this.partialAnswer();
    const current = new Set([...entries, ...(partial ? [partial] : [])].map((entry) => entry.id));
    const userEntry = this.request.userEntry;
    const pending = [...this.unsavedEntries.values()].filter(
      (entry) => !current.has(entry.id) && entry.id !== userEntry?.id,
    );
    this.journals += 1;
    writeFlushJournal({
      sessionId: this.sessionId,
      runId: this.runId,
      savedAt: services().now(),
      entries: [...(userEntry ? [userEntry] : []), ...pending, ...entries, ...(partial ? [partial] : [])],
      spans: [...this.unsavedSpans.values()],
    });
  }

  /** Takes in one agent event: the store changes it makes are shown, and its saves are started. */
  async handle(event: AgentEvent): Promise<void> {
    const store = useAppStore.getState();
    const run = store.runs[this.sessionId] ?? idleRun;
    const changes = reduceRunEvent(this.progress, run, event, this.endpoint, currentLanguage());
    this.progress = changes.progress;
    if (changes.entry) this.frameEntries.push(changes.entry);
    if (changes.frame === 'flush') this.frame.flushNow();
    else if (changes.frame === 'schedule') this.frame.schedule();
    if (changes.run) this.patchRun(changes.run);
    switch (event.type) {
      case 'run-start':
        this.runId = event.runId;
        if (this.request.userEntry) this.request.userEntry.runId = event.runId;
        await this.save(this.request.userEntry ? [this.request.userEntry] : [], { status: 'running' });
        return;
      case 'step-start':
        this.step = { partialId: services().newId('msg'), startedAt: services().now(), entries: [] };
        return;
      case 'entry-added':
        this.step?.entries.push(event.entry);
        return;
      case 'step-end':
        this.step = undefined;
        this.afterStepSave(this.save(event.entries, { status: 'running' }));
        return;
      case 'delegated':
        // The parent's entries of the step in flight go first: the delegated step answers its call.
        if (event.event.type === 'step-end')
          this.afterStepSave(this.save([...(this.step?.entries ?? []), ...event.event.entries], { status: 'running' }));
        return;
      case 'run-end':
        await this.ended(event, changes.run?.alert);
        return;
      default:
        return;
    }
  }

  private afterStepSave(save: Promise<void>): void {
    const before = this.stepSaves;
    this.stepSaves = Promise.all([before, save]).then(() => undefined);
  }

  private async ended(
    event: Extract<AgentEvent, { type: 'run-end' }>,
    alert: { title: string; advice: string } | undefined,
  ) {
    const store = useAppStore.getState();
    // The queue's pause is decided now: a message sent while the end is being saved goes on after it.
    const status = store.runs[this.sessionId]?.status;
    if (status) store.updateQueue(this.sessionId, (queue) => runEnded(queue, status));
    await this.stepSaves;
    this.over = true;
    await this.save([], {
      status: event.outcome,
      activeRunId: undefined,
      lastError: alert ? `${alert.title} ${alert.advice}` : undefined,
    });
    // The run's Insights facts are kept now, in the Insights worker: its first open need not read these spans.
    const { sessionId, runId } = this;
    void import('./insights-actions.ts').then(
      (insights) => insights.indexSessionFacts([sessionId], runId),
      () => undefined,
    );
  }

  /**
   * Writes entries and the changed spans in one transaction; `running` patches carry the run's id. A completed save
   * clears the journal when none was written since it started (what a journal could hold is then older).
   */
  private async save(entries: TranscriptEntry[], patch: SessionPatch): Promise<void> {
    const journals = this.journals;
    const { persistence, broadcast } = services();
    const spans = [...this.dirtySpans.values()];
    this.dirtySpans.clear();
    for (const entry of entries) this.unsavedEntries.set(entry.id, entry);
    const session = patch.status === 'running' ? { ...patch, activeRunId: this.runId } : patch;
    try {
      const saved = await persistence.saveStep({ sessionId: this.sessionId, entries, spans, session });
      for (const span of spans) if (this.unsavedSpans.get(span.spanId) === span) this.unsavedSpans.delete(span.spanId);
      for (const entry of entries)
        if (this.unsavedEntries.get(entry.id) === entry) this.unsavedEntries.delete(entry.id);
      if (this.journals === journals) clearFlushJournal(this.sessionId);
      if (saved) useAppStore.getState().upsertSession(saved);
      broadcast?.({ type: 'session-changed', sessionId: this.sessionId });
    } catch (error) {
      reportStorageError(error);
    }
  }

  /** The step in flight's streamed text as a partial assistant entry, for the journal; none before any text. */
  private partialAnswer(): TranscriptEntry | undefined {
    const streaming = this.progress.streaming;
    if (!this.step || !streaming || (streaming.text === '' && streaming.reasoning === '')) return undefined;
    return {
      id: this.step.partialId,
      sessionId: this.sessionId,
      runId: this.runId,
      createdAt: this.step.startedAt,
      message: { role: 'assistant', content: streaming.text },
      ...(streaming.reasoning !== '' ? { reasoning: streaming.reasoning } : {}),
      meta: { partial: true },
    };
  }

  private trackSpan(span: Span): void {
    this.dirtySpans.set(span.spanId, span);
    this.unsavedSpans.set(span.spanId, span);
    this.frameSpans.set(span.spanId, span);
    this.frame.schedule();
  }

  private showFrame(): void {
    const store = useAppStore.getState();
    for (const entry of this.frameEntries.splice(0)) store.appendEntry(this.sessionId, entry);
    if (this.frameSpans.size > 0) {
      store.upsertSpans(this.sessionId, [...this.frameSpans.values()]);
      this.frameSpans.clear();
    }
    const { streaming, delegatedStreaming } = this.progress;
    store.patchRun(this.sessionId, { streaming, delegatedStreaming });
  }

  private patchRun(patch: Partial<SessionRun> | ((run: SessionRun) => Partial<SessionRun>)): void {
    useAppStore.getState().patchRun(this.sessionId, patch);
  }

  /** Waits for Approve / Deny on a tool call (answered by {@link answerApproval}); a stopped run denies it. */
  private awaitApproval(callId: string): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      this.approvals.set(callId, (approved) => {
        this.approvals.delete(callId);
        resolve(approved);
      });
      this.stop.signal.addEventListener('abort', () => resolve(false), { once: true });
    });
  }
}
