import { useEffect, useMemo, useState } from 'react';
import { fillPlaceholders, type TraceStringKey, type TraceTranslate } from '../../i18n/trace.ts';
import type { ComparableRun } from '../../store/actions/trace-actions.ts';
import { useNames } from '../use-t.ts';
import {
  compareRuns,
  type FieldComparison,
  type JsonChange,
  type RunComparison as RunComparisonResult,
  type StepPair,
  type TextPart,
} from '../../trace/compare-runs.ts';
import type { ForkAlignment } from '../../trace/compare-align.ts';
import { formatClockTime, formatDuration, formatTokens } from '../../trace/format.ts';
import { showJson } from '../../json/deep-json.ts';

/** Props of `RunComparison`: the runs to pick from, the chosen ids, and where choices go. */
export interface RunComparisonProps {
  /** Undefined while loading. */
  runs: ComparableRun[] | undefined;
  activeSessionId?: string;
  firstRunId?: string;
  secondRunId?: string;
  onChange(choice: { firstRunId: string; secondRunId: string }): void;
  onClose(): void;
  t: TraceTranslate;
}

const select =
  'w-full min-w-0 rounded border border-zinc-300 bg-white px-1 py-1 text-xs dark:border-zinc-600 dark:bg-zinc-900';

function runLabel(run: ComparableRun): string {
  const input = run.input.replace(/\s+/g, ' ').trim();
  return `${run.sessionTitle} · ${formatClockTime(run.startTime)} · ${input.length > 60 ? `${input.slice(0, 60)}…` : input}`;
}

/** How the two runs align when one is a fork of the other (its first run, made from a span of the other). */
function forkAlignment(first: ComparableRun, second: ComparableRun): ForkAlignment | undefined {
  if (second.forkedFrom?.runId === first.runId) return { spanId: second.forkedFrom.spanId, fork: 'second' };
  if (first.forkedFrom?.runId === second.runId) return { spanId: first.forkedFrom.spanId, fork: 'first' };
  return undefined;
}

function TextDiff({ parts }: { parts: TextPart[] }) {
  return (
    <pre className="whitespace-pre-wrap break-words font-mono text-[11px]">
      {parts.map((part, index) =>
        part.type === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.type === 'added' ? (
          <ins key={index} data-change="added" className="bg-emerald-100 no-underline dark:bg-emerald-900/60">
            {part.text}
          </ins>
        ) : (
          <del key={index} data-change="removed" className="bg-red-100 dark:bg-red-900/60">
            {part.text}
          </del>
        ),
      )}
    </pre>
  );
}

const shortJson = (value: unknown): string => {
  const text = value === undefined ? '—' : showJson(value, { indent: 0, maxDepth: 200 }).text;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

function JsonDiff({ changes, t }: { changes: JsonChange[]; t: TraceTranslate }) {
  return (
    <ul className="font-mono text-[11px]">
      {changes.map((change) => (
        <li key={`${change.type}:${change.path}`} data-change={change.type} className="break-words">
          <span className="font-semibold">{change.path || t('compare.rootValue')}</span>{' '}
          <span className="text-zinc-500">{t(`compare.${change.type}`)}</span>{' '}
          {change.type !== 'added' && <del className="bg-red-100 dark:bg-red-900/60">{shortJson(change.first)}</del>}
          {change.type === 'changed' && ' → '}
          {change.type !== 'removed' && (
            <ins className="bg-emerald-100 no-underline dark:bg-emerald-900/60">{shortJson(change.second)}</ins>
          )}
        </li>
      ))}
    </ul>
  );
}

function FieldView({ field, t }: { field: FieldComparison; t: TraceTranslate }) {
  const label = t(`compare.field.${field.field}` as TraceStringKey);
  if (field.field === 'duration') {
    const ms = (value: string) => (value === '' ? '—' : formatDuration(Number(value)));
    return (
      <div className="text-xs">
        <span className="text-zinc-500">{label}:</span> {ms(field.first)} → {ms(field.second)}
      </div>
    );
  }
  if (!field.changed) {
    if (field.first === '') return null;
    return (
      <div className="text-xs text-zinc-500">
        {label}: {t('compare.unchanged')}
      </div>
    );
  }
  return (
    <div className="text-xs" data-field={field.field}>
      <div className="font-medium">{label}</div>
      {field.json ? (
        <JsonDiff changes={field.json} t={t} />
      ) : field.text ? (
        <TextDiff parts={field.text} />
      ) : (
        <div>
          <del className="bg-red-100 dark:bg-red-900/60">{field.first || '—'}</del> →{' '}
          <ins className="bg-emerald-100 no-underline dark:bg-emerald-900/60">{field.second || '—'}</ins>
        </div>
      )}
    </div>
  );
}

function PairView({ pair, t }: { pair: StepPair; t: TraceTranslate }) {
  const only = pair.carried
    ? t('compare.carried')
    : !pair.first
      ? t('compare.onlySecond')
      : !pair.second
        ? t('compare.onlyFirst')
        : undefined;
  return (
    <li
      aria-label={pair.label}
      data-changed={pair.changed}
      className="border-b border-zinc-200 px-3 py-2 dark:border-zinc-800"
    >
      <div className="mb-1 flex items-center gap-2 text-xs font-semibold">
        <span>{pair.label}</span>
        {only ? (
          <span className="font-normal text-amber-700 dark:text-amber-400">{only}</span>
        ) : (
          !pair.changed && <span className="font-normal text-zinc-500">{t('compare.unchanged')}</span>
        )}
      </div>
      {pair.fields.map((field) => (
        <FieldView key={field.field} field={field} t={t} />
      ))}
    </li>
  );
}

/** The two run pickers; each lists every run. */
function RunPickers({
  runs,
  firstId,
  secondId,
  onChoose,
  t,
}: {
  runs: ComparableRun[];
  firstId: string | undefined;
  secondId: string | undefined;
  onChoose(which: 'first' | 'second', runId: string): void;
  t: TraceTranslate;
}) {
  return (
    <div className="grid grid-cols-2 gap-2 px-3 py-2">
      {(['first', 'second'] as const).map((which) => (
        <label key={which} className="flex min-w-0 flex-col gap-0.5 text-xs">
          {t(which === 'first' ? 'compare.first' : 'compare.second')}
          <select
            aria-label={which === 'first' ? 'First run' : 'Second run'}
            className={select}
            value={(which === 'first' ? firstId : secondId) ?? ''}
            onChange={(event) => onChoose(which, event.target.value)}
          >
            {runs.map((run) => (
              <option key={run.runId} value={run.runId}>
                {runLabel(run)}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}

/** One line: steps, tokens and time of both runs, and whether the answer changed. */
function ComparisonSummary({ comparison, t }: { comparison: RunComparisonResult; t: TraceTranslate }) {
  return (
    <p role="status" className="border-b border-zinc-200 px-3 pb-2 text-xs font-medium dark:border-zinc-800">
      {fillPlaceholders(t('compare.summary'), {
        steps1: comparison.first.steps,
        steps2: comparison.second.steps,
        tokens1: formatTokens(comparison.first.tokens),
        tokens2: formatTokens(comparison.second.tokens),
        time1: formatDuration(comparison.first.durationMs),
        time2: formatDuration(comparison.second.durationMs),
        answer: t(comparison.answerChanged ? 'compare.answerChanged' : 'compare.answerSame'),
      })}
    </p>
  );
}

/** The Run comparison region: two run pickers, a summary line and the aligned steps with their differences. */
export function RunComparison({
  runs,
  activeSessionId,
  firstRunId,
  secondRunId,
  onChange,
  onClose,
  t,
}: RunComparisonProps) {
  const names = useNames();
  const defaults = useMemo(() => {
    const own = (runs ?? []).filter((run) => run.sessionId === activeSessionId);
    const pool = own.length > 0 ? own : (runs ?? []);
    return { first: pool.at(-2)?.runId ?? pool.at(-1)?.runId, second: pool.at(-1)?.runId };
  }, [runs, activeSessionId]);
  const firstId = firstRunId ?? defaults.first;
  const secondId = secondRunId ?? defaults.second;
  const first = runs?.find((run) => run.runId === firstId);
  const second = runs?.find((run) => run.runId === secondId);
  const comparison = useMemo(
    () =>
      first && second
        ? compareRuns(first.spans, first.runId, second.spans, second.runId, forkAlignment(first, second))
        : undefined,
    [first, second],
  );
  const choose = (which: 'first' | 'second', runId: string) =>
    onChange({
      firstRunId: which === 'first' ? runId : (firstId ?? runId),
      secondRunId: which === 'second' ? runId : (secondId ?? runId),
    });

  return (
    <section
      aria-label="Run comparison"
      className="flex min-h-0 flex-1 flex-col bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100"
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <h2 className="flex-1 text-sm font-semibold">{t('compare.title')}</h2>
        <button
          type="button"
          aria-label={names('Close comparison')}
          className="rounded border border-zinc-300 px-2 py-0.5 text-xs dark:border-zinc-600"
          onClick={onClose}
        >
          {t('compare.close')}
        </button>
      </div>
      {runs === undefined ? (
        <p className="px-3 py-2 text-xs">{t('compare.loading')}</p>
      ) : runs.length === 0 ? (
        <p className="px-3 py-2 text-xs">{t('compare.needRuns')}</p>
      ) : (
        <>
          <RunPickers runs={runs} firstId={firstId} secondId={secondId} onChoose={choose} t={t} />
          {comparison && <ComparisonSummary comparison={comparison} t={t} />}
          <ol className="min-h-0 flex-1 overflow-auto">
            {comparison?.pairs.map((pair) => (
              <PairView key={pair.label} pair={pair} t={t} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** Loads the runs of every session once, then shows the comparison. */
export function RunComparisonLoader(props: Omit<RunComparisonProps, 'runs'> & { load(): Promise<ComparableRun[]> }) {
  const { load, ...rest } = props;
  const [runs, setRuns] = useState<ComparableRun[]>();
  useEffect(() => {
    let live = true;
    void load().then(
      (loaded) => live && setRuns(loaded),
      () => live && setRuns([]),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return <RunComparison runs={runs} {...rest} />;
}

export default RunComparisonLoader;
