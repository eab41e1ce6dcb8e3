import { useState } from 'react';
import { createSyncShareTranslate } from '../../i18n/sync-share.ts';
import type { SyncProblem } from '../../sync/sync-types.ts';
import { Button } from '../components/button.tsx';
import { useLanguage } from '../use-t.ts';

/** Props of {@link SyncProblemAlert}. `onCreateDatabase`: offered when the database is missing. */
export interface SyncProblemAlertProps {
  problem: SyncProblem;
  onCreateDatabase?: () => void | Promise<void>;
}

/**
 * A sync problem named in the contract's words (unreachable, CORS with the CouchDB setting to change, user or
 * password, database with `Create database`, passphrase, quota, nonsense with what came back). The detail is shown
 * as text, never as HTML: it may hold what a server sent.
 */
export function SyncProblemAlert({ problem, onCreateDatabase }: SyncProblemAlertProps) {
  const t = createSyncShareTranslate(useLanguage());
  const [creating, setCreating] = useState<'idle' | 'busy' | { error: string }>('idle');
  const create = async () => {
    if (!onCreateDatabase) return;
    setCreating('busy');
    try {
      await onCreateDatabase();
      setCreating('idle');
    } catch (error) {
      setCreating({ error: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div
      role="alert"
      data-sync-problem={problem.kind}
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm break-words text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>{t(`problem.${problem.kind}`, { detail: problem.detail ?? '' })}</p>
      {problem.kind === 'database-missing' && onCreateDatabase ? (
        <div className="flex items-center gap-2">
          <Button size="sm" disabled={creating === 'busy'} onClick={() => void create()} aria-label="Create database">
            {t('createDatabase')}
          </Button>
          {creating === 'busy' ? <span role="status">{t('creatingDatabase')}</span> : null}
        </div>
      ) : null}
      {typeof creating === 'object' ? <p>{t('createFailed', { error: creating.error })}</p> : null}
    </div>
  );
}
