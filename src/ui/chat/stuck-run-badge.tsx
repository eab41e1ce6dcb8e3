import { memo, useMemo } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { createInsightsMarksTranslate } from '../../i18n/insights-marks.ts';
import { createStuckRunTranslate } from '../../i18n/stuck-run.ts';
import { useAppStore } from '../../store/app-store.ts';
import { stuckReasons } from '../../trace/insights/stuck.ts';
import { spansByRun } from '../../trace/spans-by-run.ts';
import { stuckReasonText } from '../insights/stuck-text.ts';
import { useLanguage } from '../use-t.ts';

/** Opens the trace at a run, leaving the chat where it is (at the badge). */
function showRun(runId: string): void {
  const state = useAppStore.getState();
  state.selectSpan(runId);
  state.setUi({ traceOpen: true, mobilePane: 'trace' });
}

/** Each run's last stored answer (not a delegated run's), per transcript: made once, asked by every row. */
const runEnds = new WeakMap<readonly TranscriptEntry[], ReadonlyMap<string, string>>();

function lastAnswers(entries: readonly TranscriptEntry[]): ReadonlyMap<string, string> {
  let ends = runEnds.get(entries);
  if (!ends) {
    const found = new Map<string, string>();
    for (const candidate of entries) {
      if (candidate.message.role === 'assistant' && !candidate.meta?.delegation)
        found.set(candidate.runId, candidate.id);
    }
    ends = found;
    runEnds.set(entries, ends);
  }
  return ends;
}

/** Whether `entry` is the last stored answer of its run (not a delegated run's): the row that carries the run's mark. */
function isRunEnd(entries: readonly TranscriptEntry[] | undefined, entry: TranscriptEntry): boolean {
  if (entry.message.role !== 'assistant' || entry.meta?.delegation || !entries) return false;
  return lastAnswers(entries).get(entry.runId) === entry.id;
}

/**
 * The mark under a run's last answer in the chat when the run looks stuck (more steps than the threshold in Settings,
 * the same error again and again, the same call with the same arguments): the reasons of the trace's banner and the
 * Insights list, in its tooltip; a click shows the run in the trace. Nothing on other rows, while the run is still
 * going, or when it looks fine.
 */
function StuckRunBadge({ entry }: { entry: TranscriptEntry }) {
  const { sessionId, runId } = entry;
  const entries = useAppStore((state) => state.entries[sessionId]);
  const spans = useAppStore((state) => state.spans[sessionId]);
  const threshold = useAppStore((state) => state.settings.stuckSteps);
  const language = useLanguage();
  const end = useMemo(() => isRunEnd(entries, entry), [entries, entry]);
  const reasons = useMemo(() => {
    if (!end) return [];
    const own = spans ? (spansByRun(spans).get(runId) ?? []) : [];
    return own.length === 0 || own.some((span) => span.status === 'running') ? [] : stuckReasons(own, threshold);
  }, [end, spans, runId, threshold]);
  if (reasons.length === 0) return null;
  const t = createStuckRunTranslate(language);
  const marks = createInsightsMarksTranslate(language);
  const why = t('why', { reasons: reasons.map((reason) => stuckReasonText(marks, reason)).join('; ') });
  return (
    <p className="px-4 py-1">
      <button
        type="button"
        data-testid="stuck-run-badge"
        data-run-id={runId}
        title={why}
        onClick={() => showRun(runId)}
        className="rounded bg-amber-50 px-2 py-1 text-xs font-semibold text-amber-900 underline dark:bg-amber-950/50 dark:text-amber-200"
      >
        {t('badge')}
      </button>
    </p>
  );
}

// Memoised: the list re-renders on every scrolled frame, and a row's entry (its only prop) changes only when stored again.
export default memo(StuckRunBadge);
