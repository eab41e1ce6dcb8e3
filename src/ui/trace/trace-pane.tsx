import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { createTraceTranslate, type TraceTranslate } from '../../i18n/trace.ts';
import type { Span } from '../../trace/span.ts';
import {
  closeCompare,
  exportOtlp,
  loadComparableRuns,
  openCompare,
  selectSpanAndReveal,
} from '../../store/actions/trace-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import type { AppState } from '../../store/app-store.ts';
import { selectActiveRun, selectActiveSpans } from '../../store/selectors/sessions.ts';
import type { StreamingState } from '../../store/run-slice.ts';
import { useLanguage } from '../use-t.ts';
import { isImportedTrace } from '../../trace/imported.ts';
import { compareActiveSession, forkRun } from '../../store/actions/fork-actions.ts';
import { findForkPoint } from '../../store/actions/fork-plan.ts';
import { selectActiveEntries } from '../../store/selectors/sessions.ts';
import { ForkDialog } from './fork-dialog.tsx';
import { TracePanel } from './trace-panel.tsx';
import { createInsightsMarksTranslate } from '../../i18n/insights-marks.ts';

const RunComparison = lazy(() => import('./run-comparison.tsx'));
// Cost and stuck marks need the pricing and token-estimate code: a chunk of its own, loaded once there are spans.
// Shown only for a long session opened at its latest run (issue 20): a chunk of its own.
const OlderRunsNotice = lazy(() =>
  import('./older-runs-notice.tsx').then((module) => ({ default: module.OlderRunsNotice })),
);
const TraceInsights = lazy(() => import('./trace-insights.tsx').then((module) => ({ default: module.TraceInsights })));

/** Ticks every 250 ms while `active`, so running spans show a live duration. */
function useClock(active: boolean): number | undefined {
  const [now, setNow] = useState<number>();
  useEffect(() => {
    if (!active) return undefined;
    const tick = () => setNow(performance.timeOrigin + performance.now());
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [active]);
  return active ? now : undefined;
}

/** The streamed output of the run in flight, only while the selected span is its running model call. */
function selectLiveOutput(state: AppState): StreamingState | undefined {
  const streaming = selectActiveRun(state).streaming;
  if (!streaming || !state.selectedSpanId) return undefined;
  const selected = selectActiveSpans(state).find((span) => span.spanId === state.selectedSpanId);
  return selected?.kind === 'llm' && selected.status === 'running' && selected.runId === streaming.runId
    ? streaming
    : undefined;
}

/** The Run comparison in place of the tree, loaded on first use. */
function ComparisonView({
  comparison,
  activeSessionId,
  t,
}: {
  comparison: NonNullable<AppState['runComparison']>;
  activeSessionId: string | null;
  t: TraceTranslate;
}) {
  return (
    <Suspense fallback={<p className="px-3 py-2 text-xs">{t('compare.loading')}</p>}>
      <RunComparison
        load={loadComparableRuns}
        {...(activeSessionId ? { activeSessionId } : {})}
        {...(comparison.firstRunId ? { firstRunId: comparison.firstRunId } : {})}
        {...(comparison.secondRunId ? { secondRunId: comparison.secondRunId } : {})}
        onChange={(choice) => openCompare(choice.firstRunId, choice.secondRunId)}
        onClose={closeCompare}
        t={t}
      />
    </Suspense>
  );
}

/** Above the tree: the notice of older runs not read yet, and the session's cost and stuck marks. */
function TraceMarks({ spans, selectedSpanId }: { spans: Span[]; selectedSpanId: string | undefined }) {
  const language = useLanguage();
  const marks = useMemo(() => createInsightsMarksTranslate(language), [language]);
  const prices = useAppStore((state) => state.settings.modelPrices);
  const stuckSteps = useAppStore((state) => state.settings.stuckSteps);
  const activeSessionId = useAppStore((state) => state.activeSessionId);
  const olderSpans = useAppStore((state) =>
    state.activeSessionId ? state.olderSpans[state.activeSessionId] : undefined,
  );
  return (
    <>
      {olderSpans && activeSessionId ? (
        <Suspense fallback={null}>
          <OlderRunsNotice sessionId={activeSessionId} count={olderSpans.count} loading={olderSpans.loading} />
        </Suspense>
      ) : null}
      {spans.length > 0 ? (
        <Suspense fallback={null}>
          <TraceInsights
            spans={spans}
            selectedSpanId={selectedSpanId}
            prices={prices}
            stuckSteps={stuckSteps}
            marks={marks}
            onSelectSpan={selectSpanAndReveal}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The Trace region: the active session's span tree, wired to the store. */
export function TracePane() {
  const spans = useAppStore(selectActiveSpans);
  const selectedSpanId = useAppStore((state) => state.selectedSpanId);
  const running = useAppStore((state) => selectActiveRun(state).status === 'running');
  const language = useLanguage();
  const t = useMemo(() => createTraceTranslate(language), [language]);
  const now = useClock(running);
  const liveOutput = useAppStore(selectLiveOutput);
  const comparison = useAppStore((state) => state.runComparison);
  const activeSessionId = useAppStore((state) => state.activeSessionId);
  // The dialog holds the fork point found when it opened: what the step received then.
  const [fork, setFork] = useState<{ spanId: string; point: ReturnType<typeof findForkPoint> }>();
  const openFork = (spanId: string) => {
    const state = useAppStore.getState();
    setFork({ spanId, point: findForkPoint(selectActiveEntries(state), selectActiveSpans(state), spanId) });
  };
  const readOnly = isImportedTrace(spans);
  return (
    <aside
      aria-label="Trace"
      className="flex h-full min-h-0 w-full flex-col border-l border-slate-200 dark:border-slate-800"
    >
      {comparison ? (
        <ComparisonView comparison={comparison} activeSessionId={activeSessionId} t={t} />
      ) : (
        <>
          <TraceMarks spans={spans} selectedSpanId={selectedSpanId} />
          <div className="flex min-h-0 flex-1 flex-col">
            <TracePanel
              spans={spans}
              {...(selectedSpanId ? { selectedSpanId } : {})}
              onSelectSpan={selectSpanAndReveal}
              onExportOtlp={() => void exportOtlp()}
              onCompare={compareActiveSession}
              {...(readOnly || running ? {} : { onFork: (span: { spanId: string }) => openFork(span.spanId) })}
              {...(now === undefined ? {} : { now })}
              {...(liveOutput ? { liveOutput } : {})}
              t={t}
            />
          </div>
        </>
      )}
      {fork ? (
        <ForkDialog
          key={fork.spanId}
          point={fork.point}
          onClose={() => setFork(undefined)}
          onRun={(choice) => {
            setFork(undefined);
            if (!('error' in fork.point)) void forkRun(fork.point, choice);
          }}
          t={t}
        />
      ) : null}
    </aside>
  );
}
