import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAppStore } from '../../store/app-store.ts';
import { selectActiveSpans } from '../../store/selectors/sessions.ts';

/**
 * The Trace region without the span tree, its virtualiser, details and fork dialog in the first load: they are a
 * chunk of their own, fetched once the app is idle (`requestTracePane`, from src/main.tsx) or as soon as the open
 * session has spans to show. Until then the region is there, empty (a new session has no spans to show anyway).
 */
const TracePane = lazy(() => import('./trace-pane.tsx').then((module) => ({ default: module.TracePane })));

let requested = false;
const listeners = new Set<() => void>();

/** Asks for the trace pane's code (once the app is idle, or on first use). */
export function requestTracePane(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function EmptyTrace() {
  return (
    <aside
      aria-label="Trace"
      className="flex h-full min-h-0 w-full flex-col border-l border-slate-200 dark:border-slate-800"
    />
  );
}

/** The Trace region: the real pane once its code is asked for or spans are there to show, an empty region before. */
export function LazyTracePane() {
  const wanted = useSyncExternalStore(subscribe, () => requested);
  const hasSpans = useAppStore((state) => selectActiveSpans(state).length > 0 || state.runComparison !== undefined);
  if (!wanted && !hasSpans) return <EmptyTrace />;
  return (
    <Suspense fallback={<EmptyTrace />}>
      <TracePane />
    </Suspense>
  );
}
