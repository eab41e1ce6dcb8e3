import { useEffect, useState } from 'react';
import { formatBytes, storageText, type StorageStringKey } from '../../i18n/storage.ts';
import { NEARLY_FULL, readStorageStatus, usageShare, type StorageStatus } from '../../store/storage-status.ts';
import { useLanguage, useNames } from '../use-t.ts';

/** The storage line of Settings: `12.4 MB of 2.1 GB · persistent`, and a warning past 80% of the quota. */
export function StorageUsage() {
  const names = useNames();
  const language = useLanguage();
  const [status, setStatus] = useState<StorageStatus | undefined>();
  useEffect(() => {
    let live = true;
    void readStorageStatus().then((read) => {
      if (live) setStatus(read);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!status) return null;
  const text = (key: StorageStringKey, values?: Record<string, string | number>) => storageText(language, key, values);
  const usage =
    status.usage !== undefined && status.quota !== undefined
      ? text('usage', { used: formatBytes(status.usage), quota: formatBytes(status.quota) })
      : text('unknown');
  const persistence =
    status.persistent === undefined
      ? text('persistenceUnknown')
      : text(status.persistent ? 'persistent' : 'notPersistent');
  const share = usageShare(status);
  return (
    <section aria-label={names('Storage')} className="grid gap-1 text-xs text-slate-600 dark:text-slate-300">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{text('heading')}</h3>
      <p data-testid="storage-usage">
        {usage} · {persistence}
      </p>
      {share !== undefined && share > NEARLY_FULL ? (
        <p role="status" className="text-amber-700 dark:text-amber-300">
          {text('nearlyFull', { percent: Math.round(share * 100) })}
        </p>
      ) : null}
    </section>
  );
}
