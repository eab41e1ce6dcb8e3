import { createDataTranslate } from '../../i18n/data.ts';
import { stringAttribute } from '../../trace/attributes.ts';
import { useLanguage } from '../use-t.ts';

/** The SQL and row count of a `query_data` span, as rows of the span details' field list. */
export function QuerySpanFields({ attributes }: { attributes: Record<string, unknown> }) {
  const t = createDataTranslate(useLanguage());
  const sql = stringAttribute(attributes, 'db.query.text');
  if (sql === undefined) return null;
  const total = attributes['glassbox.query.row_count'];
  const returned = attributes['db.response.returned_rows'];
  return (
    <>
      <dt className="text-zinc-500 dark:text-zinc-400">{t('spanSql')}</dt>
      <dd translate="no" className="min-w-0 whitespace-pre-wrap break-words font-mono">
        {sql}
      </dd>
      {typeof total === 'number' ? (
        <>
          <dt className="text-zinc-500 dark:text-zinc-400">{t('spanRows')}</dt>
          <dd className="min-w-0 tabular-nums">
            {typeof returned === 'number' && returned < total
              ? t('rowsShown', { shown: returned, total })
              : t('rowsAll', { total })}
          </dd>
        </>
      ) : null}
    </>
  );
}
