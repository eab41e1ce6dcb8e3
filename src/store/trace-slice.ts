import type { Span } from '../trace/span.ts';
import type { Slice } from './slice.ts';

/** Spans per session, in start order, and the selected span. */
export interface TraceSlice {
  spans: Record<string, Span[]>;
  selectedSpanId: string | undefined;
  /** Per session, how many of its stored spans are not read yet (a long session shows its latest run first). */
  olderSpans: Record<string, { count: number; loading: boolean }>;
  setOlderSpans(sessionId: string, older: { count: number; loading: boolean } | undefined): void;
  setSpans(sessionId: string, spans: Span[]): void;
  /** Inserts or replaces spans by id (a batch, applied once per frame while streaming). */
  upsertSpans(sessionId: string, spans: Span[]): void;
  selectSpan(spanId: string | undefined): void;
}

export const createTraceSlice: Slice<TraceSlice> = (set) => ({
  spans: {},
  selectedSpanId: undefined,
  olderSpans: {},
  setOlderSpans: (sessionId, older) =>
    set((state) => {
      const next = { ...state.olderSpans };
      if (older) next[sessionId] = older;
      else delete next[sessionId];
      return { olderSpans: next };
    }),
  setSpans: (sessionId, spans) => set((state) => ({ spans: { ...state.spans, [sessionId]: spans } })),
  upsertSpans: (sessionId, changed) =>
    set((state) => {
      const current = state.spans[sessionId] ?? [];
      const byId = new Map(changed.map((span) => [span.spanId, span]));
      const next = current.map((span) => {
        const replacement = byId.get(span.spanId);
        if (replacement) byId.delete(span.spanId);
        return replacement ?? span;
      });
      for (const span of byId.values()) next.push(span);
      return { spans: { ...state.spans, [sessionId]: next } };
    }),
  selectSpan: (spanId) => set({ selectedSpanId: spanId }),
});
