import { memo } from 'react';
import type { CellSummary } from '../../evals/experiment-types.ts';
import type { ExperimentsKey } from '../../i18n/experiments.ts';
import type { Translate } from '../../i18n/translate.ts';
import { formatDuration } from '../../trace/format.ts';
import { EVALS_NAMES } from './evals-names.ts';

type T = Translate<ExperimentsKey>;

const STATUS_CLASS: Record<string, string> = {
  pass: 'text-emerald-700 dark:text-emerald-400',
  fail: 'text-red-700 dark:text-red-400',
  other: 'text-slate-500 dark:text-slate-400',
};

/** A cell's verdict word: pass / fail for a scored run, else where it stands. */
export function cellVerdict(cell: CellSummary, t: T): { text: string; tone: keyof typeof STATUS_CLASS } {
  if (cell.status === 'done')
    return cell.pass ? { text: t('cell.pass'), tone: 'pass' } : { text: t('cell.fail'), tone: 'fail' };
  if (cell.status === 'failed') return { text: t('cell.failed'), tone: 'fail' };
  return { text: t(`cell.${cell.status}`), tone: 'other' };
}

const money = (usd: number) => (usd === 0 ? '$0' : usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`);

/** One grid cell: verdict and score, the figures, the reason (text and title) and `Open run`. */
export const ResultCell = memo(function ResultCell(props: {
  cell: CellSummary | undefined;
  t: T;
  onOpen(cell: CellSummary): void;
}) {
  const { cell, t } = props;
  if (!cell) return <td className="px-2 py-1" />;
  const verdict = cellVerdict(cell, t);
  const reason = cell.reasons;
  const ran = cell.ran;
  return (
    <td
      className="px-2 py-1 align-top"
      title={reason || undefined}
      data-status={cell.status}
      data-pass={cell.pass === undefined ? undefined : String(cell.pass)}
    >
      <span className={`font-medium ${STATUS_CLASS[verdict.tone]}`}>{verdict.text}</span>
      {cell.score !== undefined ? <span className="ml-1 tabular-nums">{cell.score.toFixed(2)}</span> : null}
      {ran ? (
        <span className="block text-[11px] text-slate-500 tabular-nums dark:text-slate-400">
          {t('cellFigures', {
            cost: money(cell.costUsd),
            tokens: cell.tokens,
            latency: formatDuration(cell.latencyMs),
            steps: cell.steps,
          })}
        </span>
      ) : null}
      {reason ? (
        <span className="block max-w-64 truncate text-[11px] text-slate-600 dark:text-slate-300">{reason}</span>
      ) : null}
      {ran ? (
        <button
          type="button"
          aria-label={EVALS_NAMES.openRun}
          className="mt-0.5 text-[11px] text-blue-700 underline dark:text-blue-300"
          onClick={() => props.onOpen(cell)}
        >
          {t('openRun')}
        </button>
      ) : null}
    </td>
  );
});
