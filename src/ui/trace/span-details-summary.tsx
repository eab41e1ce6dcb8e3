import type { ReactNode } from 'react';
import type { TraceTranslate } from '../../i18n/trace.ts';
import { ATTR } from '../../trace/attributes.ts';
import { formatClockTime, formatDuration } from '../../trace/format.ts';
import type { Span } from '../../trace/span.ts';
import { useNames } from '../use-t.ts';
import { KIND_BADGE, STATUS_BADGE } from './span-style.ts';

/** Whether the last copy of the shown span's JSON worked. */
export type CopyState = 'idle' | 'copied' | 'failed';

/** One label/value pair of a details list. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** The span's name with its actions (fork when given, copy as JSON) and the copy's outcome for screen readers. */
export function DetailsHeader({
  span,
  copyState,
  onCopy,
  onFork,
  t,
}: {
  span: Span;
  copyState: CopyState;
  onCopy(): void;
  onFork?: (span: Span) => void;
  t: TraceTranslate;
}) {
  const names = useNames();
  return (
    <>
      <header className="flex flex-wrap items-start gap-2">
        <h3 className="min-w-0 flex-1 font-semibold break-words">{span.name}</h3>
        {onFork ? (
          <button
            type="button"
            aria-label="Fork from here"
            onClick={() => onFork(span)}
            className="rounded border border-indigo-300 px-2 py-0.5 text-xs text-indigo-800 hover:bg-indigo-50 dark:border-indigo-700 dark:text-indigo-200 dark:hover:bg-indigo-950"
          >
            {t('fork.button')}
          </button>
        ) : null}
        <button
          type="button"
          aria-label={names('Copy JSON')}
          onClick={onCopy}
          className="rounded border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
        >
          {t('details.copyJson')}
        </button>
      </header>
      <span role="status" className={copyState === 'idle' ? 'sr-only' : 'text-xs text-zinc-500 dark:text-zinc-400'}>
        {copyState === 'copied' ? t('details.copied') : copyState === 'failed' ? t('details.copyFailed') : ''}
      </span>
    </>
  );
}

/** Kind, status and (for a replayed tool call) the replay mark. */
export function SpanBadges({ span, t }: { span: Span; t: TraceTranslate }) {
  return (
    <div className="flex flex-wrap gap-1.5 text-xs">
      <span
        translate="no"
        title={t(`kind.${span.kind}`)}
        className={`rounded px-1.5 font-mono uppercase ${KIND_BADGE[span.kind]}`}
        data-testid="span-details-kind"
      >
        {span.kind}
      </span>
      <span className={`rounded px-1.5 ${STATUS_BADGE[span.status]}`} data-testid="span-details-status">
        {t(`status.${span.status}` as const)}
      </span>
      {span.attributes[ATTR.toolReplayed] === true ? (
        <span
          className="rounded bg-violet-100 px-1.5 text-violet-800 dark:bg-violet-950 dark:text-violet-200"
          data-testid="span-details-replayed"
        >
          {t('fork.replayed')}
        </span>
      ) : null}
    </div>
  );
}

/** Duration, start/end clock times, offset in its run, and the span and trace ids. */
export function TimingFields({
  span,
  duration,
  runStart,
  t,
}: {
  span: Span;
  duration: number | undefined;
  runStart: number | undefined;
  t: TraceTranslate;
}) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      <Field label={t('details.duration')}>
        <span data-testid="span-duration" className="tabular-nums">
          {duration === undefined ? t('status.running') : formatDuration(duration)}
        </span>
      </Field>
      <Field label={t('details.start')}>
        <span className="tabular-nums">{formatClockTime(span.startTime)}</span>
      </Field>
      {span.endTime !== undefined && (
        <Field label={t('details.end')}>
          <span className="tabular-nums">{formatClockTime(span.endTime)}</span>
        </Field>
      )}
      {runStart !== undefined && span.parentSpanId !== undefined && (
        <Field label={t('details.offset')}>+{formatDuration(Math.max(0, span.startTime - runStart))}</Field>
      )}
      <Field label={t('details.spanId')}>
        <span translate="no" className="font-mono text-[11px]">
          {span.spanId}
        </span>
      </Field>
      <Field label={t('details.traceId')}>
        <span translate="no" className="font-mono text-[11px] break-all">
          {span.traceId}
        </span>
      </Field>
    </dl>
  );
}

/** The span's error: its type and message, as plain text. */
export function SpanErrorBox({ error, t }: { error: NonNullable<Span['error']>; t: TraceTranslate }) {
  return (
    <div
      className="rounded-md border border-red-300 bg-red-50 p-2 text-xs text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
      data-testid="span-error"
    >
      <div className="font-semibold">
        {t('details.error')}: <span className="font-mono">{error.type}</span>
      </div>
      <p className="break-words whitespace-pre-wrap">{error.message}</p>
    </div>
  );
}
