import { useState } from 'react';
import type { ExperimentRecord } from '../../evals/experiment-types.ts';
import type { ExperimentsKey } from '../../i18n/experiments.ts';
import type { Translate } from '../../i18n/translate.ts';
import { deleteExperiment } from '../../store/actions/experiment-list-actions.ts';
import { useExperimentStore } from '../../store/experiment-store.ts';
import { ConfirmDialog } from '../sessions/confirm-dialog.tsx';
import { EVALS_NAMES } from './evals-names.ts';

const button =
  'self-start rounded-md border border-red-300 px-2 py-0.5 text-xs text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950';

/** `Delete experiment`, after a confirmation: the record and its runs' traces (not while it runs in this tab). */
export function DeleteExperiment({ record, t }: { record: ExperimentRecord; t: Translate<ExperimentsKey> }) {
  const running = useExperimentStore((state) => state.runningId === record.id);
  const [confirming, setConfirming] = useState(false);
  if (running) return null;
  return (
    <>
      <button
        type="button"
        aria-label={EVALS_NAMES.deleteExperiment}
        className={button}
        onClick={() => setConfirming(true)}
      >
        {t('deleteExperiment')}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t('deleteConfirmTitle')}
          body={t('deleteConfirmBody', { name: record.name, count: record.cells.filter((cell) => cell.ran).length })}
          confirmLabel="Delete"
          confirmText={t('deleteConfirm')}
          cancelText={t('cancel')}
          fallbackFocus={() => document.querySelector<HTMLElement>('button[aria-label="New experiment"]')}
          onConfirm={() => {
            setConfirming(false);
            void deleteExperiment(record.id);
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
