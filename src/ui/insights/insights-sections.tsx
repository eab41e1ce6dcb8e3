import { useMemo } from 'react';
import type { CountBucket } from '../../trace/insights/insights-report.ts';
import { formatCost, formatDuration, formatPercent, formatTokens, formatTokensCompact } from '../../trace/format.ts';
import { BarChart, type ChartSeries } from './bar-chart.tsx';
import {
  bucketLabel,
  COLORS,
  first,
  ms,
  OpenButton,
  Section,
  Table,
  type SectionProps,
} from './insights-section-parts.tsx';
import { stuckReasonText } from './stuck-text.ts';

/** Tokens in and out per bar with the cost as a line, and its table. */
export function TimelineSection({ report, t, onOpenRun }: SectionProps) {
  const categories = useMemo(
    () => report.timeline.map((bucket) => bucketLabel(bucket.start, report.bucketMs)),
    [report],
  );
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        name: t('inputTokens'),
        values: report.timeline.map((bucket) => bucket.inputTokens),
        color: COLORS.input,
        format: formatTokensCompact,
      },
      {
        name: t('outputTokens'),
        values: report.timeline.map((bucket) => bucket.outputTokens),
        color: COLORS.output,
        format: formatTokensCompact,
      },
      {
        name: t('cost'),
        values: report.timeline.map((bucket) => bucket.cost),
        color: COLORS.cost,
        line: true,
        format: formatCost,
      },
    ],
    [report, t],
  );
  const items = report.timeline.map((bucket, index) =>
    t('chartTimelineItem', {
      time: categories[index] ?? '',
      input: formatTokens(bucket.inputTokens),
      output: formatTokens(bucket.outputTokens),
      cost: formatCost(bucket.cost),
      runs: bucket.runCount,
    }),
  );
  return (
    <Section title={t('chartTimeline')}>
      <BarChart
        testId="insights-chart-timeline"
        label={t('chartTimelineLabel', { count: items.length, items: items.join('; ') || t('noData') })}
        categories={categories}
        series={series}
        onPick={(index) => {
          const run = first(report.timeline[index]);
          if (run) onOpenRun(run);
        }}
      />
      <Table
        caption={t('chartTimeline')}
        head={[t('time'), t('inputTokens'), t('outputTokens'), t('cost'), t('runs'), '']}
        rows={report.timeline.map((bucket, index) => ({
          key: String(bucket.start),
          cells: [
            categories[index],
            formatTokens(bucket.inputTokens),
            formatTokens(bucket.outputTokens),
            formatCost(bucket.cost),
            bucket.runCount,
            <OpenButton key="open" group={bucket} what={categories[index] ?? ''} t={t} onOpenRun={onOpenRun} />,
          ],
        }))}
      />
    </Section>
  );
}

/** A distribution (steps or tool calls per run): bars of run counts, and its table. */
export function DistributionSection(props: SectionProps & { kind: 'steps' | 'toolCalls' }) {
  const { report, t, onOpenRun, kind } = props;
  const buckets: CountBucket[] = kind === 'steps' ? report.stepsPerRun : report.toolCallsPerRun;
  const categories = useMemo(() => buckets.map((bucket) => String(bucket.value)), [buckets]);
  const series = useMemo<ChartSeries[]>(
    () => [{ name: t('runs'), values: buckets.map((bucket) => bucket.runCount), color: COLORS.count }],
    [buckets, t],
  );
  const itemKey = kind === 'steps' ? 'chartStepsItem' : 'chartToolCallsItem';
  const title = kind === 'steps' ? t('chartSteps') : t('chartToolCalls');
  const items = buckets.map((bucket) => t(itemKey, { value: bucket.value, runs: bucket.runCount }));
  return (
    <Section title={title}>
      <BarChart
        testId={`insights-chart-${kind === 'steps' ? 'steps' : 'tool-calls'}`}
        label={t(kind === 'steps' ? 'chartStepsLabel' : 'chartToolCallsLabel', {
          count: items.length,
          items: items.join('; ') || t('noData'),
        })}
        categories={categories}
        series={series}
        onPick={(index) => {
          const run = first(buckets[index]);
          if (run) onOpenRun(run);
        }}
      />
      <Table
        caption={title}
        head={[kind === 'steps' ? t('steps') : t('toolCalls'), t('runs'), '']}
        rows={buckets.map((bucket) => ({
          key: String(bucket.value),
          cells: [
            bucket.value,
            bucket.runCount,
            <OpenButton
              key="open"
              group={bucket}
              what={items[buckets.indexOf(bucket)] ?? ''}
              t={t}
              onOpenRun={onOpenRun}
            />,
          ],
        }))}
      />
    </Section>
  );
}

/** Success rate per tool, with latency p50/p95 in the table. */
export function ToolsSection({ report, t, onOpenRun }: SectionProps) {
  const categories = useMemo(() => report.tools.map((tool) => tool.name), [report]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        name: t('successRate'),
        values: report.tools.map((tool) => tool.successRate * 100),
        color: COLORS.ok,
        format: (value) => `${value}%`,
      },
    ],
    [report, t],
  );
  const items = report.tools.map((tool) =>
    t('chartToolsItem', {
      tool: tool.name,
      rate: formatPercent(tool.successRate),
      calls: tool.calls,
      p50: ms(tool.p50Ms),
      p95: ms(tool.p95Ms),
    }),
  );
  return (
    <Section title={t('chartTools')}>
      <BarChart
        testId="insights-chart-tools"
        label={t('chartToolsLabel', { count: items.length, items: items.join('; ') || t('noData') })}
        categories={categories}
        series={series}
        onPick={(index) => {
          const run = first(report.tools[index]);
          if (run) onOpenRun(run);
        }}
      />
      <Table
        caption={t('chartTools')}
        head={[t('tool'), t('calls'), t('succeeded'), t('successRate'), t('p50'), t('p95'), '']}
        rows={report.tools.map((tool) => ({
          key: tool.name,
          cells: [
            tool.name,
            tool.calls,
            tool.ok,
            formatPercent(tool.successRate),
            ms(tool.p50Ms),
            ms(tool.p95Ms),
            <OpenButton key="open" group={tool} what={tool.name} t={t} onOpenRun={onOpenRun} />,
          ],
        }))}
      />
    </Section>
  );
}

/** Time to first token and total latency per model, with tokens and cost in the table. */
export function ModelsSection({ report, t, marks, onOpenRun }: SectionProps) {
  const categories = useMemo(() => report.models.map((model) => model.model), [report]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        name: t('ttftP50'),
        values: report.models.map((model) => model.ttftP50Ms ?? 0),
        color: COLORS.input,
        format: (value) => formatDuration(value),
      },
      {
        name: t('totalP50'),
        values: report.models.map((model) => model.p50Ms ?? 0),
        color: COLORS.output,
        format: (value) => formatDuration(value),
      },
    ],
    [report, t],
  );
  const items = report.models.map((model) =>
    t('chartModelsItem', {
      model: model.model,
      ttft50: ms(model.ttftP50Ms),
      ttft95: ms(model.ttftP95Ms),
      p50: ms(model.p50Ms),
      p95: ms(model.p95Ms),
    }),
  );
  const source = (sources: Record<'reported' | 'counted' | 'estimated', number>) =>
    (['reported', 'counted', 'estimated'] as const)
      .filter((key) => sources[key] > 0)
      .map((key) => t(key))
      .join(', ');
  return (
    <Section title={t('chartModels')}>
      <BarChart
        testId="insights-chart-models"
        label={t('chartModelsLabel', { count: items.length, items: items.join('; ') || t('noData') })}
        categories={categories}
        series={series}
        onPick={(index) => {
          const run = first(report.models[index]);
          if (run) onOpenRun(run);
        }}
      />
      <Table
        caption={t('chartModels')}
        head={[
          t('model'),
          t('calls'),
          t('ttftP50'),
          t('ttftP95'),
          t('totalP50'),
          t('totalP95'),
          t('tokens'),
          t('cost'),
          '',
        ]}
        rows={report.models.map((model) => ({
          key: model.model,
          cells: [
            model.model,
            model.calls,
            ms(model.ttftP50Ms),
            ms(model.ttftP95Ms),
            ms(model.p50Ms),
            ms(model.p95Ms),
            `${formatTokens(model.inputTokens)} / ${formatTokens(model.outputTokens)} (${source(model.tokenSources)})`,
            model.cost === undefined
              ? marks('noPrice')
              : `${formatCost(model.cost)}${model.priceSource === 'default' ? ` (${t('priceDefault')})` : ''}`,
            <OpenButton key="open" group={model} what={model.model} t={t} onOpenRun={onOpenRun} />,
          ],
        }))}
      />
    </Section>
  );
}

/** Errors by kind. */
export function ErrorsSection({ report, t, onOpenRun }: SectionProps) {
  const categories = useMemo(() => report.errors.map((error) => error.kind), [report]);
  const series = useMemo<ChartSeries[]>(
    () => [{ name: t('count'), values: report.errors.map((error) => error.count), color: COLORS.error }],
    [report, t],
  );
  const items = report.errors.map((error) => t('chartErrorsItem', { kind: error.kind, count: error.count }));
  return (
    <Section title={t('chartErrors')}>
      <BarChart
        testId="insights-chart-errors"
        label={t('chartErrorsLabel', { count: items.length, items: items.join('; ') || t('noData') })}
        categories={categories}
        series={series}
        onPick={(index) => {
          const run = first(report.errors[index]);
          if (run) onOpenRun(run);
        }}
      />
      <Table
        caption={t('chartErrors')}
        head={[t('kind'), t('count'), t('runs'), '']}
        rows={report.errors.map((error) => ({
          key: error.kind,
          cells: [
            error.kind,
            error.count,
            error.runCount,
            <OpenButton key="open" group={error} what={error.kind} t={t} onOpenRun={onOpenRun} />,
          ],
        }))}
      />
    </Section>
  );
}

/** The runs that look stuck, with why, each opening its run. */
export function StuckSection({ report, t, marks, titleOf, onOpenRun }: SectionProps) {
  return (
    <Section title={t('stuckTitle')}>
      {report.stuck.length === 0 ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('stuckNone')}</p>
      ) : (
        <Table
          caption={t('stuckTitle')}
          head={[t('run'), t('started'), t('steps'), t('reasons'), '']}
          rows={report.stuck.map((run) => ({
            key: `${run.sessionId}:${run.runId}`,
            cells: [
              `${titleOf(run.sessionId)} — ${run.input}`,
              new Date(run.startTime).toLocaleString(),
              run.steps,
              run.reasons.map((reason) => stuckReasonText(marks, reason)).join('; '),
              <OpenButton
                key="open"
                group={{ runs: [run], runCount: 1 }}
                what={run.input}
                t={t}
                onOpenRun={onOpenRun}
              />,
            ],
          }))}
        />
      )}
    </Section>
  );
}
