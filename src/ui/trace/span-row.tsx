import { memo } from 'react';
import type { TraceTranslate } from '../../i18n/trace.ts';
import { ATTR, numberAttribute } from '../../trace/attributes.ts';
import type { VisibleRow } from '../../trace/build-span-tree.ts';
import { formatDuration, formatTokensCompact } from '../../trace/format.ts';
import type { Span } from '../../trace/span.ts';
import { spanDurationMs } from '../../trace/totals.ts';
import { KIND_BADGE, STATUS_BAR } from './span-style.ts';

/** The time range a run's waterfall bars are drawn against. */
export interface TimeAxis {
  start: number;
  end: number;
}

/** Height of one tree row in pixels (rows are fixed-height for virtualisation). */
export const ROW_HEIGHT = 30;

interface SpanRowProps {
  row: VisibleRow;
  selected: boolean;
  active: boolean;
  axis: TimeAxis | undefined;
  now: number | undefined;
  metaId: string;
  /** In a virtualised tree: the row's offset from the top (a number, so an unchanged row skips rendering). */
  offset?: number;
  onSelect(spanId: string): void;
  onToggle(spanId: string, expand: boolean): void;
  registerRef(spanId: string, element: HTMLDivElement | null): void;
  t: TraceTranslate;
}

function barGeometry(
  start: number,
  duration: number | undefined,
  axis: TimeAxis | undefined,
): { left: number; width: number } {
  if (!axis) return { left: 0, width: 100 };
  const length = Math.max(axis.end - axis.start, 1);
  const left = Math.min(Math.max(((start - axis.start) / length) * 100, 0), 100);
  const width = Math.max(Math.min(((duration ?? 0) / length) * 100, 100 - left), 0.75);
  return { left: Math.min(left, 99.25), width };
}

/** The row's short facts before its duration: tokens (or time to first token) for a call, totals for a parent. */
function rowDetails(row: VisibleRow, t: TraceTranslate): string[] {
  const { span, aggregates } = row.node;
  const details: string[] = [];
  if (span.kind === 'llm') {
    const input = numberAttribute(span.attributes, ATTR.llmUsageInputTokens);
    const output = numberAttribute(span.attributes, ATTR.llmUsageOutputTokens);
    const firstToken = numberAttribute(span.attributes, ATTR.llmTimeToFirstTokenMs);
    if (input !== undefined || output !== undefined) {
      details.push(`${formatTokensCompact(input ?? 0)}→${formatTokensCompact(output ?? 0)} ${t('trace.tokensShort')}`);
    } else if (span.status === 'running' && firstToken !== undefined) {
      details.push(t('row.firstToken', { duration: formatDuration(firstToken) }));
    }
  } else if (span.kind === 'run' || row.hasChildren) {
    const tokens = aggregates.inputTokens + aggregates.outputTokens;
    if (tokens > 0) details.push(`${formatTokensCompact(tokens)} ${t('trace.tokensShort')}`);
    if ((span.kind === 'run' || span.kind === 'agent') && aggregates.toolCalls > 0)
      details.push(t('row.tools', { count: aggregates.toolCalls }));
    const childErrors = aggregates.errors - (span.status === 'error' ? 1 : 0);
    if ((span.kind === 'run' || span.kind === 'agent') && childErrors > 0)
      details.push(t('row.errors', { count: childErrors }));
  }
  return details;
}

/** Fixed size and contained: a row scrolled into view lays out and paints on its own, never the tree's others. */
function rowStyle(offset: number | undefined) {
  return offset === undefined
    ? { height: ROW_HEIGHT, contain: 'strict' as const }
    : {
        height: ROW_HEIGHT,
        contain: 'strict' as const,
        position: 'absolute' as const,
        top: 0,
        left: 0,
        transform: `translateY(${offset}px)`,
      };
}

function rowClassName(selected: boolean, matches: boolean): string {
  return [
    'flex w-full cursor-pointer items-center gap-1.5 border-l-2 pr-2 text-left text-[13px] outline-none select-none',
    'focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-inset',
    selected
      ? 'border-sky-500 bg-sky-50 dark:bg-sky-950/60'
      : 'border-transparent hover:bg-zinc-100 dark:hover:bg-zinc-800/70',
    matches ? '' : 'opacity-60',
  ].join(' ');
}

/** The span's bar on its run's time axis. */
function WaterfallBar({ status, bar }: { status: Span['status']; bar: { left: number; width: number } }) {
  return (
    <span aria-hidden="true" className="relative h-2.5 w-16 shrink-0 rounded-sm bg-zinc-100 sm:w-24 dark:bg-zinc-800">
      <span
        className={`absolute top-0 h-full rounded-sm ${STATUS_BAR[status]}`}
        style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
      />
    </span>
  );
}

function SpanRowView({
  row,
  selected,
  active,
  axis,
  now,
  metaId,
  offset,
  onSelect,
  onToggle,
  registerRef,
  t,
}: SpanRowProps) {
  const { span } = row.node;
  const duration = spanDurationMs(span, now);
  const durationText = duration === undefined ? '…' : formatDuration(duration);
  const bar = barGeometry(span.startTime, duration, axis);
  const details = rowDetails(row, t);
  const statusText = span.status === 'ok' ? '' : t(`status.${span.status}` as const);

  return (
    <div
      ref={(element) => registerRef(span.spanId, element)}
      role="treeitem"
      aria-label={`${span.kind}: ${span.name}`}
      aria-describedby={metaId}
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={selected}
      tabIndex={active ? 0 : -1}
      data-span-id={span.spanId}
      data-span-kind={span.kind}
      data-span-status={span.status}
      style={rowStyle(offset)}
      onClick={() => onSelect(span.spanId)}
      className={rowClassName(selected, row.matches)}
    >
      <span aria-hidden="true" className="shrink-0" style={{ width: (row.level - 1) * 14 }} />
      <span
        aria-hidden="true"
        className="flex h-5 w-4 shrink-0 items-center justify-center text-zinc-500 dark:text-zinc-400 hover:text-zinc-900 dark:hover:text-zinc-100"
        onClick={(event) => {
          if (!row.hasChildren) return;
          event.stopPropagation();
          onToggle(span.spanId, !row.expanded);
        }}
      >
        {row.hasChildren ? (row.expanded ? '▾' : '▸') : ''}
      </span>
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${STATUS_BAR[span.status]}`} />
      <span
        translate="no"
        title={t(`kind.${span.kind}`)}
        className={`shrink-0 rounded px-1 font-mono text-[10px] leading-4 uppercase ${KIND_BADGE[span.kind]}`}
      >
        {span.kind}
      </span>
      <span
        className={`min-w-0 flex-1 truncate ${span.status === 'error' ? 'text-red-700 dark:text-red-300' : ''}`}
        title={span.name}
        translate="no"
      >
        {span.name}
      </span>
      <span
        id={metaId}
        className="shrink-0 text-[11px] whitespace-nowrap text-zinc-500 tabular-nums dark:text-zinc-400"
      >
        {[...details, durationText].join(' · ')}
        {statusText && <span className="sr-only">, {statusText}</span>}
      </span>
      <WaterfallBar status={span.status} bar={bar} />
    </div>
  );
}

/** One span as a WAI-ARIA treeitem: kind, name, tokens, duration, status colour and waterfall bar. */
export const SpanRow = memo(SpanRowView);
