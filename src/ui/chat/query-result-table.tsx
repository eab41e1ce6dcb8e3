import { useMemo, useState } from 'react';
import { createDataTranslate } from '../../i18n/data.ts';
import { useLanguage } from '../use-t.ts';

import { formatCell, type Cell, type QueryResultData } from './query-result-read.ts';

function compareCells(left: Cell, right: Cell): number {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left).localeCompare(String(right), undefined, { numeric: true });
}

/** The rows of a `query_data` result as a table; a column header sorts by that column (again: the other way). */
export function QueryResultTable({ result }: { result: QueryResultData }) {
  const t = createDataTranslate(useLanguage());
  const [sort, setSort] = useState<{ column: number; ascending: boolean } | undefined>(undefined);
  const rows = useMemo(() => {
    if (!sort) return result.rows;
    const sign = sort.ascending ? 1 : -1;
    // Nulls stay last whichever way the column is sorted.
    return [...result.rows].sort((a, b) => {
      const left = a[sort.column] ?? null;
      const right = b[sort.column] ?? null;
      if (left === null || right === null) return compareCells(left, right);
      return sign * compareCells(left, right);
    });
  }, [result.rows, sort]);
  const caption =
    result.rowCount > result.rows.length
      ? t('rowsShown', { shown: result.rows.length, total: result.rowCount })
      : t('rowsAll', { total: result.rowCount });
  return (
    <div className="max-h-80 overflow-auto rounded-md border border-zinc-200 dark:border-zinc-700">
      <table aria-label={t('resultTable')} className="w-full border-collapse text-left text-xs">
        <caption className="caption-bottom px-2 py-1 text-left text-zinc-500 dark:text-zinc-400">{caption}</caption>
        <thead className="sticky top-0 bg-zinc-100 dark:bg-zinc-800">
          <tr>
            {result.columns.map((column, index) => {
              const active = sort?.column === index;
              return (
                <th
                  key={`${index}-${column}`}
                  scope="col"
                  aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
                  className="px-2 py-1 font-medium"
                >
                  <button
                    type="button"
                    title={t('sortBy', { column })}
                    className="flex items-center gap-1 rounded font-mono focus-visible:outline-2 focus-visible:outline-indigo-500"
                    onClick={() => setSort({ column: index, ascending: active ? !sort.ascending : true })}
                  >
                    <span translate="no">{column}</span>
                    <span aria-hidden="true" className="text-zinc-400">
                      {active ? (sort.ascending ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-t border-zinc-100 dark:border-zinc-800">
              {result.columns.map((column, index) => {
                const cell = row[index] ?? null;
                return (
                  <td
                    key={`${index}-${column}`}
                    translate="no"
                    className={typeof cell === 'number' ? 'px-2 py-0.5 text-right tabular-nums' : 'px-2 py-0.5'}
                  >
                    {cell === null ? <span className="text-zinc-400">{t('nullCell')}</span> : formatCell(cell)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
