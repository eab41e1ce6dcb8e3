import { useMemo } from 'react';
import type { InsightsMarksTranslate } from '../../i18n/insights-marks.ts';
import { formatCost } from '../../trace/format.ts';
import type { PriceTable } from '../../trace/insights/prices.ts';
import { costOfSpans, type CostSummary } from '../../trace/insights/span-cost.ts';
import { stuckReasons } from '../../trace/insights/stuck.ts';
import type { Span } from '../../trace/span.ts';
import { spansByRun } from '../../trace/spans-by-run.ts';
import { stuckReasonText } from '../insights/stuck-text.ts';
import { useCountedTokens } from './use-counted-tokens.ts';

function costText(summary: CostSummary, marks: InsightsMarksTranslate): string {
  if (summary.calls > 0 && summary.unpricedCalls === summary.calls) return marks('noPrice');
  return summary.unpricedCalls > 0 ? `${formatCost(summary.cost)} + ${marks('noPrice')}` : formatCost(summary.cost);
}

function sourcesText(summary: CostSummary, marks: InsightsMarksTranslate): string {
  const { reported, counted, estimated } = summary.tokenSources;
  const parts = [
    reported ? marks('sourceReported', { count: reported }) : '',
    counted ? marks('sourceCounted', { count: counted }) : '',
    estimated ? marks('sourceEstimated', { count: estimated }) : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/**
 * Cost and stuck marks of the trace: the cost of the session, of the selected span's run and of the selected model
 * call at the prices in Settings, and the runs of the session that look stuck, each selectable.
 */
export function TraceInsights(props: {
  spans: Span[];
  selectedSpanId: string | undefined;
  prices: PriceTable;
  stuckSteps: number;
  marks: InsightsMarksTranslate;
  onSelectSpan: (spanId: string) => void;
}) {
  const { spans, selectedSpanId, prices, stuckSteps, marks } = props;
  const byRun = spansByRun(spans);
  // Calls without reported usage are counted off the main thread where their model's tokenizer is known.
  const count = useCountedTokens(spans);
  const session = useMemo(() => costOfSpans(spans, prices, count), [spans, prices, count]);
  const selected = selectedSpanId === undefined ? undefined : spans.find((span) => span.spanId === selectedSpanId);
  const run = useMemo(
    () => (selected ? costOfSpans(byRun.get(selected.runId) ?? [], prices, count) : undefined),
    [selected, byRun, prices, count],
  );
  const call = selected?.kind === 'llm' ? costOfSpans([selected], prices, count) : undefined;
  const stuck = useMemo(
    () =>
      [...byRun.entries()]
        .map(([runId, list]) => ({
          runId,
          reasons: list.some((span) => span.status === 'running') ? [] : stuckReasons(list, stuckSteps),
          root: list.find((span) => span.spanId === runId),
        }))
        .filter((entry) => entry.reasons.length > 0),
    [byRun, stuckSteps],
  );
  if (session.calls === 0 && stuck.length === 0) return null;
  const title =
    session.unpricedModels.length > 0
      ? marks('costUnpriced', { models: session.unpricedModels.join(', ') })
      : marks('costTitle', { prices: sourcesText(session, marks) });
  return (
    <div className="flex flex-col gap-1 border-b border-zinc-200 px-3 py-1.5 text-xs dark:border-zinc-800">
      {session.calls > 0 ? (
        <p className="tabular-nums" title={title} data-testid="trace-cost">
          <span className="text-zinc-500 dark:text-zinc-400">{marks('cost')}:</span>{' '}
          <span data-testid="trace-cost-session">{costText(session, marks)}</span>{' '}
          <span className="text-zinc-500 dark:text-zinc-400" data-testid="trace-token-sources">
            ({sourcesText(session, marks)})
          </span>
          {run && run.calls > 0 ? (
            <span data-testid="trace-cost-run"> · {marks('costRun', { cost: costText(run, marks) })}</span>
          ) : null}
          {call ? (
            <span data-testid="trace-cost-span">
              {' '}
              · {marks('costCall', { cost: costText(call, marks), sources: sourcesText(call, marks) })}
            </span>
          ) : null}
        </p>
      ) : null}
      {stuck.map((entry) => (
        <p
          key={entry.runId}
          role="status"
          data-testid="trace-stuck"
          className="rounded bg-amber-50 px-2 py-1 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
        >
          <button type="button" className="font-semibold underline" onClick={() => props.onSelectSpan(entry.runId)}>
            {marks('stuckBadge')}
          </button>
          {`: ${entry.root?.name ?? entry.runId} — ${entry.reasons.map((reason) => stuckReasonText(marks, reason)).join('; ')}`}
        </p>
      ))}
    </div>
  );
}
