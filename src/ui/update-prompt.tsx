import { dismissUpdate, reloadToUpdate } from '../store/actions/app-update.ts';
import { useAppStore } from '../store/app-store.ts';
import { useNames, useT } from './use-t.ts';

/** "Reload to update": shown when a new version of the app is installed and waiting (store/actions/app-update.ts). */
export function UpdatePrompt() {
  const t = useT();
  const names = useNames();
  const appUpdate = useAppStore((state) => state.appUpdate);
  if (appUpdate === 'none') return null;
  return (
    <div
      role="status"
      aria-label={names('App update')}
      className="flex items-center gap-2 border-b border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      <p className="flex-1">{appUpdate === 'after-run' ? t('update.afterRun') : t('update.ready')}</p>
      {appUpdate === 'ready' ? (
        <>
          <button
            type="button"
            aria-label={names('Reload to update')}
            className="rounded-md border border-sky-400 px-2 py-0.5 text-xs font-medium hover:bg-sky-100 dark:border-sky-700 dark:hover:bg-sky-900"
            onClick={reloadToUpdate}
          >
            {t('update.reload')}
          </button>
          <button type="button" className="text-xs underline" onClick={dismissUpdate}>
            {t('update.later')}
          </button>
        </>
      ) : null}
    </div>
  );
}
