import { stringifyJson } from '../../json/deep-json.ts';
import { ATTR } from '../../trace/attributes.ts';
import type { Span } from '../../trace/span.ts';
import { useAppStore } from '../app-store.ts';
import { selectActiveEntries, selectActiveSpans } from '../selectors/sessions.ts';
import { entryForSpan } from '../selectors/trace.ts';
import { services } from '../services.ts';
import { storeText } from './store-text.ts';

/** Selects a span and scrolls the chat to the message it produced. */
export function selectSpanAndReveal(spanId: string): void {
  const state = useAppStore.getState();
  state.selectSpan(spanId);
  const entry = entryForSpan(selectActiveEntries(state), selectActiveSpans(state), spanId);
  if (!entry) {
    state.setUi({ scrollToEntryId: undefined });
    return;
  }
  if (state.scrollToEntryId !== entry.id) {
    state.setUi({ scrollToEntryId: entry.id });
    return;
  }
  // The chat scrolls when the target changes: clear it for a frame so selecting the same span again
  // brings its message back into view after the reader scrolled away.
  state.setUi({ scrollToEntryId: undefined });
  requestAnimationFrame(() => useAppStore.getState().setUi({ scrollToEntryId: entry.id }));
}

/** Selects the span of a tool call shown in the chat and opens the trace. */
export async function revealToolCall(callId: string): Promise<void> {
  const find = () =>
    selectActiveSpans(useAppStore.getState()).find(
      (candidate) => candidate.kind === 'tool' && candidate.attributes['tool.call_id'] === callId,
    );
  let span = find();
  const sessionId = useAppStore.getState().activeSessionId;
  // A call of an earlier run of a long session: its spans are read first.
  if (!span && sessionId && useAppStore.getState().olderSpans[sessionId]) {
    await (await import('./long-session.ts')).loadOlderSpans(sessionId);
    span = find();
  }
  const state = useAppStore.getState();
  if (!span || state.activeSessionId !== sessionId) return;
  state.selectSpan(span.spanId);
  state.setUi({ traceOpen: true });
  if (window.matchMedia?.('(max-width: 767px)').matches) state.setUi({ mobilePane: 'trace' });
}

/** A run the Run comparison view can pick: its session, its spans and what the list shows. */
export interface ComparableRun {
  runId: string;
  sessionId: string;
  sessionTitle: string;
  startTime: number;
  input: string;
  spans: Span[];
  /** On a fork's first run: the run and span of the original it was forked from. */
  forkedFrom?: { runId: string; spanId: string };
}

/** Opens the Run comparison view; without ids it picks the active session's last two runs (a fork passes its original). */
export function openCompare(firstRunId?: string, secondRunId?: string): void {
  useAppStore
    .getState()
    .setUi({ runComparison: { ...(firstRunId ? { firstRunId } : {}), ...(secondRunId ? { secondRunId } : {}) } });
}

/** Closes the Run comparison view. */
export function closeCompare(): void {
  useAppStore.getState().setUi({ runComparison: undefined });
}

/** The runs of every session (the active one from memory, the others from storage), oldest first per session. */
export async function loadComparableRuns(): Promise<ComparableRun[]> {
  const state = useAppStore.getState();
  const runs: ComparableRun[] = [];
  for (const session of state.sessions) {
    let spans = state.spans[session.id];
    if (!spans || session.id !== state.activeSessionId || state.olderSpans[session.id]) {
      try {
        spans = await services().persistence.listSpans(session.id);
      } catch {
        spans = state.spans[session.id] ?? [];
      }
    }
    const bySession = new Map<string, Span[]>();
    for (const span of spans) bySession.set(span.runId, [...(bySession.get(span.runId) ?? []), span]);
    const roots = spans.filter((span) => span.spanId === span.runId).sort((a, b) => a.startTime - b.startTime);
    for (const span of roots) {
      const input = span.attributes[ATTR.runInput];
      const origin = span === roots[0] ? session.forkedFrom : undefined;
      runs.push({
        ...(origin ? { forkedFrom: { runId: origin.runId, spanId: origin.spanId } } : {}),
        runId: span.runId,
        sessionId: session.id,
        sessionTitle: session.title,
        startTime: span.startTime,
        input: typeof input === 'string' ? input : span.name,
        spans: bySession.get(span.runId) ?? [],
      });
    }
  }
  return runs;
}

/** Downloads the active session's traces as OTLP/HTTP JSON, and sends them to the collector when one is set. */
export async function exportOtlp(): Promise<void> {
  const state = useAppStore.getState();
  const sessionId = state.activeSessionId;
  if (!sessionId) return;
  const { settings } = state;
  // The exporter is a chunk of its own, loaded on the first export.
  const { toOtlpRequest } = await import('../../trace/otlp.ts');
  const body = toOtlpRequest(selectActiveSpans(state), {
    serviceName: 'glassbox',
    redact: settings.apiKey ? [settings.apiKey] : [],
  });
  const date = new Date(services().now()).toISOString().slice(0, 10);
  services().download?.(`glassbox-otlp-${sessionId}-${date}.json`, stringifyJson(body, 2) ?? '');
  if (!settings.otlpEndpoint.trim()) return;
  const { parseOtlpHeaders, postOtlp } = await import('../../trace/otlp-post.ts');
  const headers = parseOtlpHeaders(settings.otlpHeaders);
  if (!headers.ok) {
    state.setUi({ appAlert: storeText('tracesFailed', { error: headers.message }) });
    return;
  }
  const result = await postOtlp(settings.otlpEndpoint.trim(), body, headers.headers, services().fetch);
  state.setUi(
    result.ok
      ? { toast: storeText('tracesSent', { url: settings.otlpEndpoint.trim() }) }
      : { appAlert: storeText('tracesFailed', { error: result.message }) },
  );
}
