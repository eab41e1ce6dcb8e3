import type { Language } from '../../i18n/translate.ts';
import { syncText, type SyncStringKey } from '../../i18n/sync.ts';
import { cancelSync, createSyncDatabase, dismissConflict, loadSyncSettings } from '../../store/actions/sync-actions.ts';
import { useSyncStore } from '../../store/sync-store.ts';
import type { SyncConflict, SyncStatus } from '../../sync/sync-types.ts';
import { useLanguage } from '../use-t.ts';
import { SyncProblemAlert } from './sync-problem-alert.tsx';

/** `Create database` outside Settings: the saved server and database. */
async function createSavedDatabase(): Promise<void> {
  await createSyncDatabase(await loadSyncSettings());
}

/** The status line's text: the state, when it last synced, what is pending and what failed. */
export function statusText(language: Language, status: SyncStatus): string {
  const parts = [syncText(language, `state.${status.state}`)];
  if (status.state !== 'off') {
    parts.push(
      status.lastSyncedAt
        ? syncText(language, 'lastSynced', { time: new Date(status.lastSyncedAt).toLocaleTimeString(language) })
        : syncText(language, 'never'),
    );
    if (status.pending > 0) parts.push(syncText(language, 'pending', { count: status.pending }));
    if (status.failed > 0) parts.push(syncText(language, 'failed', { count: status.failed }));
  }
  return parts.join(' · ');
}

const SETTING_NAMES: Record<string, SyncStringKey> = {
  'settings:customTools': 'setting.customTools',
  'settings:mcpServers': 'setting.mcpServers',
  'settings:agents': 'setting.agents',
  'settings:prices': 'setting.prices',
};

function conflictText(language: Language, conflict: SyncConflict): string {
  const name = conflict.kind === 'setting' ? SETTING_NAMES[conflict.subject] : undefined;
  const subject = name ? syncText(language, name) : conflict.subject;
  return syncText(language, `conflict.${conflict.kind}`, { subject, detail: conflict.detail ?? '' });
}

/** The status element (`data-testid="sync-status"`, `data-sync-state`), used in Settings → Sync and the header. */
export function SyncStatusLine({ compact = false }: { compact?: boolean }) {
  const language = useLanguage();
  const status = useSyncStore((state) => state.status);
  const text = statusText(language, status);
  return (
    <span
      data-testid="sync-status"
      data-sync-state={status.state}
      data-last-synced={status.lastSyncedAt ?? ''}
      title={text}
      className={
        compact
          ? 'max-w-48 truncate rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800'
          : 'text-sm text-slate-700 dark:text-slate-300'
      }
    >
      {text}
    </span>
  );
}

/** The first sync's progress bar and Cancel, while a large history comes in. */
export function SyncProgress() {
  const language = useLanguage();
  const progress = useSyncStore((state) => state.status.progress);
  if (!progress) return null;
  return (
    <div className="flex items-center gap-2 text-xs">
      <progress aria-label="Sync progress" max={progress.total} value={progress.done} className="w-40" />
      <span>{syncText(language, 'progress', progress)}</span>
      <button
        type="button"
        aria-label="Cancel sync"
        className="rounded-md border border-slate-300 px-2 py-0.5 dark:border-slate-600"
        onClick={cancelSync}
      >
        {syncText(language, 'cancel')}
      </button>
    </div>
  );
}

/** The problem sync stopped or paused on (an alert naming the cause), and the conflicts kept (each an alert). */
export function SyncNotices() {
  const language = useLanguage();
  const problem = useSyncStore((state) => state.status.problem);
  const conflicts = useSyncStore((state) => state.conflicts);
  return (
    <>
      {problem ? <SyncProblemAlert problem={problem} onCreateDatabase={createSavedDatabase} /> : null}
      {conflicts.map((conflict, index) => (
        <p
          // Conflicts are only appended or dismissed: position and text identify one.
          key={`${index}-${conflict.kind}-${conflict.subject}`}
          role="alert"
          className="flex items-start gap-2 rounded-md bg-sky-50 px-2 py-1 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100"
        >
          <span className="flex-1">{conflictText(language, conflict)}</span>
          <button type="button" className="text-xs underline" onClick={() => dismissConflict(index)}>
            {syncText(language, 'dismiss')}
          </button>
        </p>
      ))}
    </>
  );
}

/** What the header shows while sync is on: the status, the first sync's progress, problems and conflicts. */
export function SyncHeaderStatus() {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <SyncStatusLine compact />
      <SyncProgress />
      <span className="fixed right-3 bottom-3 z-40 flex max-w-md flex-col gap-2">
        <SyncNotices />
      </span>
    </span>
  );
}
