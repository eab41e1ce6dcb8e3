import { useMemo, useState } from 'react';
import type { ExperimentsKey } from '../../i18n/experiments.ts';
import { createTraceTranslate } from '../../i18n/trace.ts';
import type { Translate } from '../../i18n/translate.ts';
import { closeExperimentView, comparableRun } from '../../store/actions/experiment-view-actions.ts';
import type { ExperimentView } from '../../store/experiment-store.ts';
import { RunComparison } from '../trace/run-comparison.tsx';
import { TracePanel } from '../trace/trace-panel.tsx';
import { useLanguage } from '../use-t.ts';
import { EVALS_NAMES } from './evals-names.ts';

const button =
  'rounded-md border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';

/** A run opened from the results, in the trace viewer, or two runs in Compare runs. */
export function ExperimentRunView({ view, t }: { view: ExperimentView; t: Translate<ExperimentsKey> }) {
  const language = useLanguage();
  const traceT = useMemo(() => createTraceTranslate(language), [language]);
  const [selected, setSelected] = useState<string>();
  const [choice, setChoice] = useState<{ firstRunId: string; secondRunId: string }>();
  const runs = useMemo(
    () => (view.kind === 'compare' ? view.runs.map((run, index) => comparableRun(run, view.titles[index] ?? '')) : []),
    [view],
  );
  return (
    <div className="flex min-h-[60vh] flex-col gap-2">
      <div className="flex items-center gap-2">
        <button type="button" className={button} onClick={closeExperimentView}>
          {t('back')}
        </button>
        {view.kind === 'run' ? <h3 className="truncate text-sm font-medium">{view.title}</h3> : null}
      </div>
      {view.kind === 'run' ? (
        <div className="flex min-h-0 flex-1 flex-col" aria-label={EVALS_NAMES.run} role="region">
          <TracePanel
            spans={view.run.spans}
            {...(selected ? { selectedSpanId: selected } : {})}
            onSelectSpan={setSelected}
            onExportOtlp={() => undefined}
            t={traceT}
          />
        </div>
      ) : (
        <RunComparison
          runs={runs}
          firstRunId={choice?.firstRunId ?? view.runs[0].runId}
          secondRunId={choice?.secondRunId ?? view.runs[1].runId}
          onChange={setChoice}
          onClose={closeExperimentView}
          t={traceT}
        />
      )}
    </div>
  );
}
