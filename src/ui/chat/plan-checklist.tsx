import { createPlanTranslate } from '../../i18n/plan.ts';
import { classNames } from '../components/class-names.ts';
import { useLanguage } from '../use-t.ts';
import type { PlanView } from './plan-views.ts';

const MARK: Record<'done' | 'current' | 'pending', string> = { done: '✓', current: '→', pending: '○' };

/**
 * A JSON plan decision in the chat: the run's `Plan` checklist (a `list` named `Plan`, one `listitem` per step, a
 * done step with a visible ✓), or, for a later plan of the same run, what it changed. Plain text only.
 */
export function PlanChecklist({ view }: { view: PlanView }) {
  const t = createPlanTranslate(useLanguage());
  if (view.kind === 'update') {
    const parts = [
      ...(view.added.length > 0 ? [t('planAdded', { steps: view.added.join('; ') })] : []),
      ...(view.removed.length > 0 ? [t('planRemoved', { steps: view.removed.join('; ') })] : []),
    ];
    return (
      <p data-testid="plan-update" className="my-1 text-sm text-sky-900 dark:text-sky-200">
        <span className="font-medium">{t('planChanged')}</span>
        {' — '}
        {parts.length > 0 ? parts.join(' · ') : t('planUnchanged')}
      </p>
    );
  }
  return (
    <div className="my-1 rounded-lg border border-sky-200 bg-sky-50/60 px-3 py-2 dark:border-sky-800 dark:bg-sky-950/30">
      <p
        aria-hidden="true"
        className="mb-1 text-xs font-semibold tracking-wide text-sky-900 uppercase dark:text-sky-200"
      >
        {t('planTitle')}
      </p>
      <ol aria-label="Plan" className="flex flex-col gap-0.5 text-sm">
        {view.steps.map((step, index) => (
          <li
            key={`${index}:${step.text}`}
            data-state={step.state}
            className={classNames(
              'flex items-start gap-2',
              step.state === 'done' && 'text-zinc-500 dark:text-zinc-400',
              step.state === 'current' && 'font-medium text-zinc-900 dark:text-zinc-100',
            )}
          >
            <span
              aria-hidden="true"
              className={classNames(
                'w-4 shrink-0 text-center',
                step.state === 'done' ? 'text-emerald-600 dark:text-emerald-400' : 'text-sky-600 dark:text-sky-400',
              )}
            >
              {MARK[step.state]}
            </span>
            <span className="sr-only">
              {t(step.state === 'done' ? 'planDone' : step.state === 'current' ? 'planCurrent' : 'planPending')}:{' '}
            </span>
            <span className="min-w-0 break-words">{step.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
