import { useEffect, useState } from 'react';
import { syncText, type SyncStringKey } from '../../i18n/sync.ts';
import { createSyncDatabase, loadSyncSettings, syncNowWith } from '../../store/actions/sync-actions.ts';
import { EMPTY_SYNC_SETTINGS } from '../../store/sync-settings-record.ts';
import { useSyncStore } from '../../store/sync-store.ts';
import type { SyncSettings } from '../../sync/sync-types.ts';
import { SyncProblemAlert } from '../sync/sync-problem-alert.tsx';
import { SyncStatusLine } from '../sync/sync-status.tsx';
import { useLanguage } from '../use-t.ts';
import { Field, inputClass } from './settings-fields.tsx';

type TextField = Exclude<keyof SyncSettings, 'live'>;

const FIELDS: ReadonlyArray<{ key: TextField; name: string; text: SyncStringKey; type: string; placeholder?: string }> =
  [
    { key: 'url', name: 'Sync server URL', text: 'url', type: 'url', placeholder: 'http://127.0.0.1:5984' },
    { key: 'database', name: 'Sync database', text: 'database', type: 'text' },
    { key: 'user', name: 'Sync user', text: 'user', type: 'text' },
    { key: 'password', name: 'Sync password', text: 'password', type: 'password' },
    { key: 'passphrase', name: 'Sync passphrase', text: 'passphrase', type: 'password' },
  ];

/**
 * Settings → Sync: the server, database, user, password, passphrase and Live sync (an edit goes to `onDraft`, saved
 * with the dialog's Save, which starts sync at once when it is on), the status, and `Sync now`.
 */
export function SyncTab({ onDraft }: { onDraft: (next: SyncSettings) => void }) {
  const language = useLanguage();
  const [settings, setSettings] = useState<SyncSettings>(EMPTY_SYNC_SETTINGS);
  const [edited, setEdited] = useState(false);
  const problem = useSyncStore((state) => state.status.problem);
  useEffect(() => {
    let live = true;
    void loadSyncSettings().then((saved) => {
      if (live && !edited) setSettings(saved);
    });
    return () => {
      live = false;
    };
  }, [edited]);
  const change = (patch: Partial<SyncSettings>) => {
    const next = { ...settings, ...patch };
    setEdited(true);
    setSettings(next);
    onDraft(next);
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold">{syncText(language, 'legend')}</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">{syncText(language, 'intro')}</p>
      {FIELDS.map((field) => (
        <Field key={field.key} label={syncText(language, field.text)}>
          <input
            aria-label={field.name}
            type={field.type}
            autoComplete={field.type === 'password' ? 'new-password' : 'off'}
            className={inputClass}
            placeholder={field.placeholder}
            value={settings[field.key]}
            onChange={(event) => change({ [field.key]: event.target.value })}
          />
        </Field>
      ))}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          aria-label="Live sync"
          checked={settings.live}
          onChange={(event) => change({ live: event.target.checked })}
        />
        {syncText(language, 'live')}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          aria-label="Sync now"
          className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
          onClick={() => void syncNowWith(settings)}
        >
          {syncText(language, 'syncNow')}
        </button>
        <SyncStatusLine />
      </div>
      {problem ? <SyncProblemAlert problem={problem} onCreateDatabase={() => createSyncDatabase(settings)} /> : null}
    </fieldset>
  );
}
