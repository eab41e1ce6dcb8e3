import { bigImportText } from '../../i18n/big-import.ts';
import { cancelImport } from '../../store/actions/file-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { useLanguage, useNames, useT } from '../use-t.ts';
import { buttonClass } from './sidebar-styles.ts';

const formatBytes = (bytes: number) =>
  bytes < 1048576 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

/** The progress of a large import: bytes read of the file, then spans mapped or conversations written; Cancel. */
export function ImportProgressBar() {
  const t = useT();
  const language = useLanguage();
  const names = useNames();
  const progress = useAppStore((state) => state.importProgress);
  if (!progress) return null;
  const read = progress.phase === 'read';
  const label =
    progress.phase === 'write'
      ? bigImportText(language, 'progressWrite', {
          file: progress.fileName,
          done: progress.done,
          total: progress.total,
          bytes: formatBytes(progress.bytesDone ?? 0),
          size: formatBytes(progress.bytesTotal ?? 0),
        })
      : t(read ? 'import.progress.read' : 'import.progress.map', {
          file: progress.fileName,
          done: read ? formatBytes(progress.done) : progress.done,
          total: read ? formatBytes(progress.total) : progress.total,
        });
  return (
    <div className="flex flex-col gap-0.5 text-[11px] text-slate-600 dark:text-slate-300">
      <div className="flex items-center gap-1">
        <progress
          aria-label={names('Import progress')}
          aria-valuetext={label}
          data-phase={progress.phase}
          max={Math.max(1, progress.total)}
          value={progress.done}
          className="h-1.5 min-w-0 flex-1"
        />
        {progress.cancellable ? (
          <button type="button" className={buttonClass} aria-label={names('Cancel import')} onClick={cancelImport}>
            {bigImportText(language, 'cancel')}
          </button>
        ) : null}
      </div>
      <span>{label}</span>
    </div>
  );
}
