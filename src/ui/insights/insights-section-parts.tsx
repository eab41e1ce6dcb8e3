import type { ReactNode } from 'react';
import type { InsightsTranslate } from '../../i18n/insights.ts';
import type { InsightsMarksTranslate } from '../../i18n/insights-marks.ts';
import type { InsightsReport, RunGroup, RunRef } from '../../trace/insights/insights-report.ts';
import { formatDuration } from '../../trace/format.ts';

/** What the sections need besides the report: the translations, session titles and how to open a run. */
export interface SectionProps {
  report: InsightsReport;
  t: InsightsTranslate;
  marks: InsightsMarksTranslate;
  titleOf: (sessionId: string) => string;
  onOpenRun: (run: RunRef) => void;
}

/** Light and dark colours of each kind of series. */
export const COLORS = {
  input: ['#0284c7', '#38bdf8'],
  output: ['#d97706', '#fbbf24'],
  cost: ['#059669', '#34d399'],
  count: ['#4f46e5', '#818cf8'],
  ok: ['#059669', '#34d399'],
  error: ['#dc2626', '#f87171'],
} as const;

/** A duration, or a dash when there is none. */
export const ms = (value: number | undefined) => (value === undefined ? '—' : formatDuration(value));
const thClass = 'border-b border-slate-200 px-2 py-1 text-left font-medium dark:border-slate-700';
const tdClass = 'border-b border-slate-100 px-2 py-1 tabular-nums dark:border-slate-800';
/** The last column (each table's Open button) stays in view when a narrow screen scrolls the table sideways. */
const actionClass = 'sticky right-0 bg-white dark:bg-zinc-900';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A bar's time label: `11-30 14:00` for hourly bars, `11-30` for daily and weekly ones. */
export function bucketLabel(start: number, bucketMs: number): string {
  const date = new Date(start);
  const day = `${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return bucketMs < 86_400_000 ? `${day} ${pad(date.getHours())}:00` : day;
}

/** A titled card holding one chart or table. */
export function Section(props: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={props.title}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <h3 className="text-sm font-semibold">{props.title}</h3>
      {props.children}
    </section>
  );
}

/** Opens the first run of a group; its name says which. */
export function OpenButton(props: {
  group: RunGroup;
  what: string;
  t: InsightsTranslate;
  onOpenRun: (run: RunRef) => void;
}) {
  const run = props.group.runs[0];
  if (!run) return null;
  return (
    <button
      type="button"
      className="rounded border border-slate-300 px-1.5 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      aria-label={props.t('openRunOf', { what: props.what })}
      onClick={() => props.onOpenRun(run)}
    >
      {props.t('openRun')}
    </button>
  );
}

/** A captioned table whose last column (the Open button) stays in view. */
export function Table(props: { caption: string; head: string[]; rows: Array<{ key: string; cells: ReactNode[] }> }) {
  return (
    <div className="max-h-56 overflow-auto">
      <table className="w-full border-collapse text-xs">
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            {props.head.map((cell, index) => (
              <th
                key={cell}
                scope="col"
                className={index === props.head.length - 1 ? `${thClass} ${actionClass}` : thClass}
              >
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={index} className={index === row.cells.length - 1 ? `${tdClass} ${actionClass}` : tdClass}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The run a bar or row opens: its group's first. */
export function first(group: RunGroup | undefined): RunRef | undefined {
  return group?.runs[0];
}
