import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { createExperimentsTranslate, type ExperimentsKey } from '../../i18n/experiments.ts';
import type { Translate } from '../../i18n/translate.ts';
import { loadExperiments } from '../../store/actions/experiment-list-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { useExperimentStore } from '../../store/experiment-store.ts';
import { Dialog } from '../components/dialog.tsx';
import { useLanguage, useNames } from '../use-t.ts';
import { DatasetsPanel } from './datasets-panel.tsx';
import { DeleteExperiment } from './delete-experiment.tsx';
import { ExperimentForm } from './experiment-form.tsx';
import { ExperimentResults } from './experiment-results.tsx';
import { EVALS_NAMES } from './evals-names.ts';

type T = Translate<ExperimentsKey>;

// The trace viewer and Compare runs load when a run is first opened.
const ExperimentRunView = lazy(() =>
  import('./experiment-run-view.tsx').then((module) => ({ default: module.ExperimentRunView })),
);

const button =
  'rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';

/** The running experiment's progress bar. */
function Progress({ t }: { t: T }) {
  const record = useExperimentStore((state) => state.experiments?.find((entry) => entry.id === state.runningId));
  if (!record) return null;
  const total = record.cells.length;
  const done = record.cells.filter((cell) => cell.status !== 'pending' && cell.status !== 'running').length;
  return (
    <div className="flex items-center gap-2 text-xs">
      <progress aria-label={EVALS_NAMES.progress} max={total} value={done} className="w-48" />
      <span>{t('progressText', { done, total })}</span>
    </div>
  );
}

/** The experiments: New experiment, the list to pick from, and the chosen one's results. */
function ExperimentsSection({ t }: { t: T }) {
  const experiments = useExperimentStore((state) => state.experiments);
  const selectedId = useExperimentStore((state) => state.selectedId);
  const error = useExperimentStore((state) => state.error);
  const [formOpen, setFormOpen] = useState(false);
  const selected = experiments?.find((record) => record.id === selectedId) ?? experiments?.[0];
  return (
    <section aria-labelledby="evals-experiments-heading" className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <h3 id="evals-experiments-heading" className="text-sm font-semibold">
          {t('experiments')}
        </h3>
        <button
          type="button"
          aria-label={EVALS_NAMES.newExperiment}
          className={button}
          onClick={() => setFormOpen(true)}
        >
          {t('newExperiment')}
        </button>
      </div>
      {formOpen || experiments?.length === 0 ? <ExperimentForm t={t} /> : null}
      <Progress t={t} />
      {error ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {experiments === undefined ? <p className="text-xs">{t('loading')}</p> : null}
      {experiments && experiments.length > 1 ? (
        <label className="text-xs">
          {t('experiment')}{' '}
          <select
            className="rounded border border-slate-300 px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
            value={selected?.id}
            onChange={(event) => useExperimentStore.setState({ selectedId: event.target.value })}
          >
            {experiments.map((record) => (
              <option key={record.id} value={record.id}>
                {`${record.name} · ${new Date(record.createdAt).toLocaleString()} · ${t(`status.${record.status}`)}`}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {selected ? <DeleteExperiment record={selected} t={t} /> : null}
      {selected ? <ExperimentResults key={selected.id} record={selected} t={t} /> : null}
    </section>
  );
}

/** The Evals dialog: datasets (evals-data's panel) and experiments; a run opened from the results replaces them. */
export function EvalsDialog() {
  const language = useLanguage();
  const names = useNames();
  const t = useMemo(() => createExperimentsTranslate(language), [language]);
  const view = useExperimentStore((state) => state.view);
  useEffect(() => {
    // The header's button has started reading them already.
    if (useExperimentStore.getState().experiments === undefined) void loadExperiments();
  }, []);
  return (
    <Dialog
      open
      label={EVALS_NAMES.dialog}
      title={t('title')}
      onClose={() => useAppStore.getState().setUi({ evalsOpen: false })}
      closeLabel={names('Close')}
      widthClassName="w-[min(72rem,96vw)]"
      bodyClassName="flex flex-col gap-4 p-4"
    >
      {view ? (
        <Suspense fallback={<p className="text-xs">{t('loading')}</p>}>
          <ExperimentRunView view={view} t={t} />
        </Suspense>
      ) : (
        <>
          <DatasetsPanel />
          <ExperimentsSection t={t} />
        </>
      )}
    </Dialog>
  );
}
