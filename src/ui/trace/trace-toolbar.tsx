import type { TraceTranslate } from '../../i18n/trace.ts';
import type { SpanKind } from '../../trace/span.ts';
import { SPAN_KINDS } from './span-style.ts';
import { useNames } from '../use-t.ts';

interface TraceToolbarProps {
  kind: SpanKind | 'all';
  errorsOnly: boolean;
  search: string;
  canExport: boolean;
  onKindChange(kind: SpanKind | 'all'): void;
  onErrorsOnlyChange(value: boolean): void;
  onSearchChange(value: string): void;
  onExpandAll(): void;
  onCollapseAll(): void;
  onExportOtlp(): void;
  onCompare?: () => void;
  t: TraceTranslate;
}

const button =
  'rounded border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-600 dark:hover:bg-zinc-800';

/** The trace panel's controls: expand/collapse, export, kind filter, errors only and search. */
export function TraceToolbar(props: TraceToolbarProps) {
  const names = useNames();
  const { t } = props;
  return (
    <div className="flex flex-col gap-1.5 border-b border-zinc-200 px-3 pb-2 dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-1.5">
        <button type="button" aria-label="Expand all" className={button} onClick={props.onExpandAll}>
          {t('trace.expandAll')}
        </button>
        <button type="button" aria-label={names('Collapse all')} className={button} onClick={props.onCollapseAll}>
          {t('trace.collapseAll')}
        </button>
        <span className="flex-1" />
        {props.onCompare && (
          <button type="button" aria-label="Compare runs" className={button} onClick={props.onCompare}>
            {t('compare.open')}
          </button>
        )}
        <button
          type="button"
          aria-label="Export OTLP"
          className={button}
          onClick={props.onExportOtlp}
          disabled={!props.canExport}
        >
          {t('trace.exportOtlp')}
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <input
          type="search"
          aria-label={names('Search spans')}
          placeholder={t('trace.searchPlaceholder')}
          value={props.search}
          onChange={(event) => props.onSearchChange(event.target.value)}
          className="min-w-32 flex-1 rounded border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-600 dark:bg-zinc-900"
        />
        <select
          aria-label={names('Filter by kind')}
          value={props.kind}
          onChange={(event) => props.onKindChange(event.target.value as SpanKind | 'all')}
          className="rounded border border-zinc-300 bg-white px-1 py-1 text-xs dark:border-zinc-600 dark:bg-zinc-900"
        >
          <option value="all">{t('trace.allKinds')}</option>
          {SPAN_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kind.${kind}` as const)}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1 text-xs">
          <input
            type="checkbox"
            aria-label={names('Errors only')}
            checked={props.errorsOnly}
            onChange={(event) => props.onErrorsOnlyChange(event.target.checked)}
          />
          <span aria-hidden="true">{t('trace.errorsOnly')}</span>
        </label>
      </div>
    </div>
  );
}
