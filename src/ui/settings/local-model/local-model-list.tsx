import type { LocalModelFile } from '../../../model/local/local-model-types.ts';
import { formatModelSize, formatParameterCount, splitPart } from '../../../model/local/model-file-rules.ts';
import type { ModelFileListing } from '../../../model/local/model-files.ts';
import type { Translate } from '../../../i18n/translate.ts';
import type { LocalFilesKey } from '../../../i18n/local-files.ts';

export const smallButton =
  'rounded-md border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800';

interface ListProps {
  listing: ModelFileListing;
  chosen: string;
  busy: boolean;
  t: Translate<LocalFilesKey>;
  onUse(file: LocalModelFile): void;
  onResume(file: LocalModelFile): void;
  onDelete(name: string): void;
}

/** What the header says: quantisation, parameters, context length (or which part of a split model this is). */
function details(file: LocalModelFile, t: Translate<LocalFilesKey>): string {
  const part = splitPart(file.name);
  if (part && part.index > 1) return t('splitPart', { index: part.index, count: part.count });
  const { info } = file;
  const text = t('details', {
    quantisation: info.quantisation ?? t('unknown'),
    parameters: info.parameterCount === undefined ? t('unknown') : formatParameterCount(info.parameterCount),
    context: info.contextLength ?? t('unknown'),
  });
  return part ? `${text} · ${t('splitPart', { index: part.index, count: part.count })}` : text;
}

/** The stored models (`Local models`): name, size and header facts, Use, Resume for a partial download, Delete. */
export function LocalModelList(props: ListProps) {
  const { listing, t } = props;
  if (listing.files.length === 0 && listing.unreadable.length === 0) {
    return <p className="text-xs text-slate-500 dark:text-slate-400">{t('none')}</p>;
  }
  return (
    <ul aria-label="Local models" className="flex flex-col gap-1">
      {listing.files.map((file) => (
        <li
          key={file.name}
          className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-slate-200 px-2 py-1 text-xs dark:border-slate-700"
        >
          <span className="font-medium break-all">{file.name}</span>
          <span className="text-slate-500 dark:text-slate-400">
            {file.partial
              ? t('partial', {
                  received: formatModelSize(file.partial.received),
                  total: file.partial.total ? formatModelSize(file.partial.total) : t('sizeUnknown'),
                })
              : `${formatModelSize(file.bytes)} · ${details(file, t)}`}
          </span>
          <span className="ml-auto flex gap-1">
            {file.partial ? (
              <button type="button" className={smallButton} disabled={props.busy} onClick={() => props.onResume(file)}>
                {t('resume')}
              </button>
            ) : file.name === props.chosen ? (
              <span className="px-2 text-emerald-700 dark:text-emerald-400">{t('inUse')}</span>
            ) : (
              <button type="button" className={smallButton} onClick={() => props.onUse(file)}>
                {t('use')}
              </button>
            )}
            <DeleteButton name={file.name} disabled={props.busy} label={t('delete')} onDelete={props.onDelete} />
          </span>
        </li>
      ))}
      {listing.unreadable.map((file) => (
        <li key={file.name} className="flex flex-wrap items-center gap-2 px-2 py-1 text-xs">
          <span className="font-medium break-all">{file.name}</span>
          <span className="text-red-700 dark:text-red-400">
            {formatModelSize(file.bytes)} · {t('unreadable', { problem: file.problem })}
          </span>
          <span className="ml-auto">
            <DeleteButton name={file.name} disabled={props.busy} label={t('delete')} onDelete={props.onDelete} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function DeleteButton(props: { name: string; disabled: boolean; label: string; onDelete(name: string): void }) {
  return (
    <button
      type="button"
      aria-label={`Delete model ${props.name}`}
      className={smallButton}
      disabled={props.disabled}
      onClick={() => props.onDelete(props.name)}
    >
      {props.label}
    </button>
  );
}
