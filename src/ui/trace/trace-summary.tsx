import { fillPlaceholders, type TraceTranslate } from '../../i18n/trace.ts';
import { formatDuration, formatTokens, formatTokensCompact } from '../../trace/format.ts';
import type { TraceTotals } from '../../trace/totals.ts';
import { useNames } from '../use-t.ts';

function Stat({
  label,
  value,
  title,
  testId,
  alert = false,
}: {
  label: string;
  value: string;
  title?: string;
  testId: string;
  alert?: boolean;
}) {
  return (
    <div className="flex flex-col" title={title} data-testid={testId}>
      <dt className="text-[10px] tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{label}</dt>
      <dd className={`text-sm font-semibold tabular-nums ${alert ? 'text-red-600 dark:text-red-400' : ''}`}>{value}</dd>
    </div>
  );
}

/** Totals of the session: runs, tokens (in/out), time, llm and tool calls, errors. */
export function TraceSummary({ totals, t }: { totals: TraceTotals; t: TraceTranslate }) {
  const names = useNames();
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 px-3 py-2" aria-label={names('Session totals')}>
      <Stat
        testId="trace-total-runs"
        label={t('trace.runs')}
        value={String(totals.runs)}
        title={fillPlaceholders(t('trace.spans'), { count: totals.spans })}
      />
      <Stat
        testId="trace-total-tokens"
        label={t('trace.tokens')}
        value={formatTokensCompact(totals.totalTokens)}
        title={`${formatTokens(totals.inputTokens)} in / ${formatTokens(totals.outputTokens)} out${totals.reasoningTokens ? ` / ${formatTokens(totals.reasoningTokens)} reasoning` : ''}${totals.cachedTokens ? ` / ${formatTokens(totals.cachedTokens)} cached` : ''}`}
      />
      <Stat testId="trace-total-time" label={t('trace.time')} value={formatDuration(totals.durationMs)} />
      <Stat testId="trace-total-llm-calls" label={t('trace.llmCalls')} value={String(totals.llmCalls)} />
      <Stat testId="trace-total-tool-calls" label={t('trace.toolCalls')} value={String(totals.toolCalls)} />
      <Stat
        testId="trace-total-errors"
        label={t('trace.errors')}
        value={String(totals.errors)}
        alert={totals.errors > 0}
      />
    </dl>
  );
}
