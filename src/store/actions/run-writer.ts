import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { SessionPatch } from '../../db/sessions.ts';
import type { ChatMessage } from '../../model/model.ts';
import type { Span } from '../../trace/span.ts';
import { useAppStore } from '../app-store.ts';
import { clearFlushJournal, writeFlushJournal } from '../flush-journal.ts';
import type { StreamingState } from '../run-slice.ts';
import { services } from '../services.ts';
import { reportStorageError } from './storage-errors.ts';

/**
 * Writes one run to storage incrementally: each step's entries and spans at its end (a step writes what it
 * added, never the whole session), and on a flush the step in flight as far as it got.
 */
export interface RunWriter {
  /** A span started, changed or ended: written with the next save. */
  trackSpan(span: Span): void;
  /** The run began: saves the user's message (if any) with the status `running`. */
  start(runId: string, userEntry: TranscriptEntry | undefined): Promise<void>;
  /** A model step began: its assistant entry will get a reserved id, so a flushed partial is later updated in place. */
  stepStarted(): void;
  entryAdded(entry: TranscriptEntry): void;
  stepEnded(entries: TranscriptEntry[]): Promise<void>;
  /**
   * A step of a delegated run ended: its entries are written now, after the parent's entries of the step in
   * flight (the call it answers), which are written again, unchanged, when that step ends.
   */
  delegatedStepEnded(entries: TranscriptEntry[]): Promise<void>;
  /** The run ended: its status and error are saved; flushes do nothing from now on. */
  ended(patch: SessionPatch): Promise<void>;
  /** The id maker handed to the agent: a step's first `msg` id is the reserved one. */
  newId(prefix: 'msg'): string;
  /** Saves the step in flight; `leaving` (pagehide) also journals it synchronously to localStorage. */
  flush(leaving: boolean, streaming: StreamingState | undefined): void;
}

/** Creates the writer for one run of a session. */
export function createRunWriter(sessionId: string, userEntry: TranscriptEntry | undefined): RunWriter {
  const { persistence, now, newId, broadcast } = services();
  const dirtySpans = new Map<string, Span>();
  // Spans written by no completed save yet: what a journal must carry when the page goes away.
  const unsavedSpans = new Map<string, Span>();
  // Entries handed to a write that has not completed yet (a step's end, a delegate's step): a page that goes away
  // meanwhile may lose that write, so a journal must carry them too.
  const unsavedEntries = new Map<string, TranscriptEntry>();
  let stepEntries: TranscriptEntry[] = [];
  let inFlightEntryId: string | undefined;
  let inFlightStartedAt = 0;
  let runId = '';
  let over = false;

  const save = async (entries: TranscriptEntry[], patch: SessionPatch) => {
    const spans = [...dirtySpans.values()];
    dirtySpans.clear();
    for (const entry of entries) unsavedEntries.set(entry.id, entry);
    try {
      const session = await persistence.saveStep({ sessionId, entries, spans, session: patch });
      for (const span of spans) if (unsavedSpans.get(span.spanId) === span) unsavedSpans.delete(span.spanId);
      for (const entry of entries) if (unsavedEntries.get(entry.id) === entry) unsavedEntries.delete(entry.id);
      // Everything a journal could hold is older than this write (or written by it).
      clearFlushJournal(sessionId);
      if (session) useAppStore.getState().upsertSession(session);
      broadcast?.({ type: 'session-changed', sessionId });
    } catch (error) {
      reportStorageError(error);
    }
  };

  return {
    trackSpan: (span) => {
      dirtySpans.set(span.spanId, span);
      unsavedSpans.set(span.spanId, span);
    },
    start: async (id, entry) => {
      runId = id;
      if (entry) entry.runId = id;
      await save(entry ? [entry] : [], { status: 'running', activeRunId: id });
    },
    stepStarted: () => {
      inFlightEntryId = newId('msg');
      inFlightStartedAt = now();
    },
    entryAdded: (entry) => {
      stepEntries.push(entry);
    },
    stepEnded: async (entries) => {
      stepEntries = [];
      await save(entries, { status: 'running', activeRunId: runId });
    },
    delegatedStepEnded: async (entries) => {
      await save([...stepEntries, ...entries], { status: 'running', activeRunId: runId });
    },
    ended: async (patch) => {
      over = true;
      await save([], patch);
      // The run's Insights facts are kept now, in the Insights worker: its first open need not read these spans.
      void import('./insights-actions.ts').then(
        (insights) => insights.indexSessionFacts([sessionId], runId),
        () => undefined,
      );
    },
    newId: (prefix) => {
      const reserved = inFlightEntryId;
      if (prefix !== 'msg' || reserved === undefined) return newId(prefix);
      inFlightEntryId = undefined;
      return reserved;
    },
    flush: (leaving, streaming) => {
      if (over) return;
      const entries = [...stepEntries];
      if (streaming && inFlightEntryId !== undefined && (streaming.text !== '' || streaming.reasoning !== '')) {
        entries.push({
          id: inFlightEntryId,
          sessionId,
          runId,
          createdAt: inFlightStartedAt,
          message: { role: 'assistant', content: streaming.text },
          ...(streaming.reasoning !== '' ? { reasoning: streaming.reasoning } : {}),
          meta: { partial: true },
        });
      }
      if (leaving && runId) {
        // The page is going away: only synchronous work is sure to happen (an IndexedDB transaction started now
        // never runs its later requests). The journal holds what this tab has not seen saved, the user's message too.
        const current = new Set(entries.map((entry) => entry.id));
        const pending = [...unsavedEntries.values()].filter(
          (entry) => !current.has(entry.id) && entry.id !== userEntry?.id,
        );
        const journalEntries = [...(userEntry ? [userEntry] : []), ...pending, ...entries];
        writeFlushJournal({
          sessionId,
          runId,
          savedAt: now(),
          entries: journalEntries,
          spans: [...unsavedSpans.values()],
        });
      }
      if (entries.length === 0 && dirtySpans.size === 0) return;
      // No status in the patch: the run-start write said `running`, and a flush must never undo the run's end.
      void save(entries, {});
    },
  };
}

/**
 * A resumed run redoes the step that was in flight, so the partial answer flushed when the page went away is
 * replaced rather than continued: it leaves storage, the chat and the context sent to the model.
 */
export async function withoutInterruptedPartial(
  sessionId: string,
  history: ChatMessage[],
  isNewTurn: boolean,
): Promise<ChatMessage[]> {
  const state = useAppStore.getState();
  if (isNewTurn || state.runs[sessionId]?.status !== 'interrupted') return history;
  const entries = state.entries[sessionId] ?? [];
  const last = entries.at(-1);
  if (!last || last.message.role !== 'assistant' || !last.meta?.partial || last.message.tool_calls?.length)
    return history;
  try {
    await services().persistence.deleteEntries(sessionId, [last.id]);
  } catch (error) {
    reportStorageError(error);
  }
  state.setEntries(sessionId, entries.slice(0, -1));
  const partial = last.message;
  return history.filter((message) => message !== partial);
}
