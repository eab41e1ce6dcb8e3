import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { SessionRecord } from '../../db/schema.ts';
import type { Span } from '../../trace/span.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { isRunning } from './run-session.ts';
import { reportStorageError } from './storage-errors.ts';

/** How many of the latest messages are painted first. */
const LATEST_MESSAGES = 60;
/** Above this many spans, only the latest run's spans are read on open; the earlier runs when asked for. */
const LATEST_RUN_SPANS = 10_000;

type ShowLoaded = (
  record: SessionRecord,
  entries: TranscriptEntry[],
  spans: Span[],
  status: SessionRecord['status'],
) => void;

/**
 * A long session (issue 20: 10,000 messages, 50,000 spans) is painted from its end: its latest messages and the
 * spans of their run first, then every message once read. A turn sent meanwhile waits for them (whenLoaded). A
 * session of many spans keeps its earlier runs unread until asked for ({@link loadOlderSpans}).
 */
/**
 * Shows a long session exactly as it was just written (an import) the way an open shows it: every message, but of
 * many spans only the latest run's, the earlier runs left for Load earlier runs. Holding all of them would make each
 * later render of the trace (switching back to it, too) walk every span.
 */
export function showWrittenLatestFirst(
  session: SessionRecord,
  entries: TranscriptEntry[],
  spans: Span[],
  showLoaded: ShowLoaded,
): void {
  if (session.spanCount <= LATEST_RUN_SPANS) {
    showLoaded(session, entries, spans, session.status);
    return;
  }
  const runId = entries.at(-1)?.runId;
  const latest = runId ? spans.filter((span) => span.runId === runId) : [];
  showLoaded(session, entries, latest, session.status);
  if (latest.length < spans.length)
    useAppStore.getState().setOlderSpans(session.id, { count: spans.length - latest.length, loading: false });
}

export async function loadLatestFirst(session: SessionRecord, showLoaded: ShowLoaded): Promise<void> {
  const { persistence } = services();
  const latest = await persistence.listMessages(session.id, { latest: LATEST_MESSAGES });
  const runId = latest.at(-1)?.runId;
  const manySpans = session.spanCount > LATEST_RUN_SPANS;
  const spans = !manySpans
    ? await persistence.listSpans(session.id)
    : runId
      ? await persistence.listSpans(session.id, { runId })
      : [];
  if (isRunning(session.id)) return;
  useAppStore.getState().upsertSession(session);
  showLoaded(session, latest, spans, session.status);
  if (manySpans && spans.length < session.spanCount) {
    useAppStore.getState().setOlderSpans(session.id, { count: session.spanCount - spans.length, loading: false });
  }
  if (latest.length < LATEST_MESSAGES) return; // that was every message
  let entries = await persistence.listMessages(session.id);
  if (isRunning(session.id)) return;
  // Something was written over the latest messages meanwhile (a turn deleted): read again, after that write.
  if (useAppStore.getState().entries[session.id] !== latest) entries = await persistence.listMessages(session.id);
  if (isRunning(session.id)) return;
  useAppStore.getState().setEntries(session.id, entries);
}

const olderLoads = new Map<string, Promise<void>>();

/**
 * Reads the spans of a long session's earlier runs (the trace's Load earlier runs, a tool call of an earlier run
 * revealed, Compare runs). Spans already in the store (a run going on) are kept as they are there.
 */
export function loadOlderSpans(sessionId: string): Promise<void> {
  const pending = olderLoads.get(sessionId);
  if (pending) return pending;
  const older = useAppStore.getState().olderSpans[sessionId];
  if (!older) return Promise.resolve();
  const load = (async () => {
    useAppStore.getState().setOlderSpans(sessionId, { ...older, loading: true });
    try {
      const stored = await services().persistence.listSpans(sessionId);
      const state = useAppStore.getState();
      const inStore = new Map((state.spans[sessionId] ?? []).map((span) => [span.spanId, span]));
      const merged = stored.map((span) => {
        const current = inStore.get(span.spanId);
        inStore.delete(span.spanId);
        return current ?? span;
      });
      for (const span of inStore.values()) merged.push(span);
      state.setSpans(sessionId, merged);
      state.setOlderSpans(sessionId, undefined);
    } catch (error) {
      useAppStore.getState().setOlderSpans(sessionId, older);
      reportStorageError(error);
    }
  })().finally(() => olderLoads.delete(sessionId));
  olderLoads.set(sessionId, load);
  return load;
}
