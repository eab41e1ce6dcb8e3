import { useCallback, useMemo, useState } from 'react';
import { cellsByKey, passRates, regressions, type PassRate } from '../../evals/experiment-results.ts';
import type { CellSummary, ExperimentRecord } from '../../evals/experiment-types.ts';
import type { ExperimentsKey } from '../../i18n/experiments.ts';
import type { Translate } from '../../i18n/translate.ts';
import {
  compareCells,
  exportExperimentOtlp,
  exportResults,
  openCellRun,
} from '../../store/actions/experiment-view-actions.ts';
import { ExperimentCharts } from './experiment-charts.tsx';
import { ResultCell } from './experiment-cells.tsx';
import { EVALS_NAMES, variantName } from './evals-names.ts';

type T = Translate<ExperimentsKey>;

/** Rows per page of the grid: a page renders at once however many cells the experiment has. */
const PAGE_ROWS = 50;

const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;
const button =
  'rounded-md border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800';

function PassRates({ rates, t }: { rates: PassRate[]; t: T }) {
  return (
    <ul className="flex flex-wrap gap-3 text-sm">
      {rates.map((rate) => (
        <li key={rate.variant} data-testid="pass-rate" data-variant={variantName(rate.variant)}>
          {t('passRate', {
            name: t('variant', { n: rate.variant + 1 }),
            rate: percent(rate.rate),
            passes: rate.passes,
            total: rate.total,
            low: percent(rate.low),
            high: percent(rate.high),
          })}
          {rate.notRun > 0 ? (
            <span className="ml-1 text-slate-500">({t('notRunCount', { count: rate.notRun })})</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The items that passed under the baseline and not under another variant, each with both runs. */
function Regressions(props: { record: ExperimentRecord; baseline: number; t: T; titleOf(cell: CellSummary): string }) {
  const { record, baseline, t, titleOf } = props;
  const found = useMemo(() => regressions(record.cells, baseline), [record.cells, baseline]);
  return (
    <section aria-label={t('regressions')} className="text-sm">
      <h4 className="font-medium">{t('regressions')}</h4>
      {found.length === 0 ? <p className="text-xs text-slate-500">{t('noRegressions')}</p> : null}
      <ul className="flex flex-col gap-1">
        {found.slice(0, 100).map((regression) => (
          <li key={regression.cell.key} className="flex flex-wrap items-center gap-2 text-xs" data-testid="regression">
            <span>
              {t('regression', {
                item: record.config.items[regression.itemIndex]?.input ?? '',
                baseline: t('variant', { n: baseline + 1 }),
                variant: t('variant', { n: regression.variant + 1 }),
              })}
            </span>
            <button
              type="button"
              aria-label={EVALS_NAMES.openRun}
              className={button}
              onClick={() => void openCellRun(record.id, regression.cell.key, titleOf(regression.cell))}
            >
              {t('openRun')}
            </button>
            <button
              type="button"
              className={button}
              onClick={() =>
                void compareCells(
                  record.id,
                  [regression.baseline.key, regression.cell.key],
                  [titleOf(regression.baseline), titleOf(regression.cell)],
                )
              }
            >
              {t('compare')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExportButtons({ record, t }: { record: ExperimentRecord; t: T }) {
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <select
        aria-label={t('exportFormat')}
        className="rounded border border-slate-300 px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
        value={format}
        onChange={(event) => setFormat(event.target.value as 'csv' | 'json')}
      >
        {(['csv', 'json'] as const).map((choice) => (
          <option key={choice} value={choice}>
            {choice.toUpperCase()}
          </option>
        ))}
      </select>
      <button
        type="button"
        aria-label={EVALS_NAMES.exportResults}
        className={button}
        onClick={() => void exportResults(record.id, format)}
      >
        {t('export')}
      </button>
      <button type="button" className={button} onClick={() => void exportExperimentOtlp(record.id)}>
        {t('exportOtlp')}
      </button>
    </div>
  );
}

/** The grid: a row per item (and repetition), a column per variant; one page of rows at a time. */
function ResultsTable(props: { record: ExperimentRecord; t: T; titleOf(cell: CellSummary): string }) {
  const { record, t, titleOf } = props;
  const { items, variants, repetitions } = record.config;
  const byKey = useMemo(() => cellsByKey(record.cells), [record.cells]);
  const rows = items.length * repetitions;
  const pages = Math.max(1, Math.ceil(rows / PAGE_ROWS));
  const [page, setPage] = useState(0);
  const current = Math.min(page, pages - 1);
  const first = current * PAGE_ROWS;
  const rowIndexes = Array.from({ length: Math.min(PAGE_ROWS, rows - first) }, (_, offset) => first + offset);
  const open = useCallback(
    (cell: CellSummary) => void openCellRun(record.id, cell.key, titleOf(cell)),
    [record.id, titleOf],
  );
  return (
    <div className="flex flex-col gap-1">
      <div className="overflow-x-auto">
        <table aria-label={EVALS_NAMES.results} className="w-full border-collapse text-xs">
          <thead>
            <tr className="border-b border-slate-200 text-left dark:border-slate-700">
              <th scope="col" className="px-2 py-1">
                {t('item')}
              </th>
              {variants.map((_, variant) => (
                <th key={variant} scope="col" className="px-2 py-1">
                  {t('variant', { n: variant + 1 })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rowIndexes.map((row) => {
              const itemIndex = Math.floor(row / repetitions);
              const repetition = row % repetitions;
              const item = items[itemIndex];
              return (
                <tr key={row} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="max-w-56 truncate px-2 py-1 text-left font-normal" title={item?.input}>
                    {item?.input}
                    {repetitions > 1 ? <span className="ml-1 text-slate-500">#{repetition + 1}</span> : null}
                  </th>
                  {variants.map((_, variant) => (
                    <ResultCell
                      key={variant}
                      cell={byKey.get(`${itemIndex}:${variant}:${repetition}`)}
                      t={t}
                      onOpen={open}
                    />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <div className="flex items-center gap-2 text-xs">
          <button type="button" className={button} disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('previous')}
          </button>
          <span>{t('page', { page: current + 1, pages })}</span>
          <button type="button" className={button} disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            {t('next')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** One experiment's results: pass rates with their interval, charts, regressions against a baseline, the grid. */
export function ExperimentResults({ record, t }: { record: ExperimentRecord; t: T }) {
  const [baseline, setBaseline] = useState(0);
  const { variants, items } = record.config;
  const rates = useMemo(() => passRates(record.cells, variants.length), [record.cells, variants.length]);
  const titleOf = useCallback(
    (cell: CellSummary) =>
      t('runTitle', {
        item: items[cell.itemIndex]?.input ?? '',
        variant: t('variant', { n: cell.variant + 1 }),
        repetition: cell.repetition + 1,
      }),
    [items, t],
  );
  return (
    <div className="flex flex-col gap-2">
      <PassRates rates={rates} t={t} />
      {/* Drawn once the experiment is over: redrawing the charts every frame of a run would cost frames. */}
      {record.status === 'running' ? null : <ExperimentCharts record={record} rates={rates} t={t} />}
      {variants.length > 1 ? (
        <label className="text-xs">
          {t('baseline')}{' '}
          <select
            className="rounded border border-slate-300 px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
            value={baseline}
            onChange={(event) => setBaseline(Number(event.target.value))}
          >
            {variants.map((_, variant) => (
              <option key={variant} value={variant}>
                {t('variant', { n: variant + 1 })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {variants.length > 1 ? <Regressions record={record} baseline={baseline} t={t} titleOf={titleOf} /> : null}
      <ExportButtons record={record} t={t} />
      <ResultsTable record={record} t={t} titleOf={titleOf} />
    </div>
  );
}
