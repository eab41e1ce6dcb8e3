import { lazy, Suspense, useMemo } from 'react';
import type { PassRate } from '../../evals/experiment-results.ts';
import type { ExperimentRecord } from '../../evals/experiment-types.ts';
import type { ExperimentsKey } from '../../i18n/experiments.ts';
import type { Translate } from '../../i18n/translate.ts';

// The Insights chart (uPlot), loaded when results are first shown.
const BarChart = lazy(() => import('../insights/bar-chart.tsx').then((module) => ({ default: module.BarChart })));

type T = Translate<ExperimentsKey>;

const PASS_COLOR = ['#059669', '#34d399'] as const;
const COST_COLOR = ['#2563eb', '#60a5fa'] as const;
const LATENCY_COLOR = ['#d97706', '#fbbf24'] as const;

/** Pass rate, mean cost and mean latency per variant, as Insights draws its charts. */
export function ExperimentCharts({ record, rates, t }: { record: ExperimentRecord; rates: PassRate[]; t: T }) {
  const categories = useMemo(() => rates.map((rate) => t('variant', { n: rate.variant + 1 })), [rates, t]);
  const means = useMemo(() => {
    const sums = rates.map(() => ({ cost: 0, latency: 0, runs: 0 }));
    for (const cell of record.cells) {
      const sum = sums[cell.variant];
      if (!sum || !cell.ran) continue;
      sum.cost += cell.costUsd;
      sum.latency += cell.latencyMs;
      sum.runs += 1;
    }
    return sums.map((sum) => ({
      cost: sum.runs > 0 ? sum.cost / sum.runs : 0,
      latency: sum.runs > 0 ? sum.latency / sum.runs : 0,
    }));
  }, [record.cells, rates]);
  if (rates.every((rate) => rate.total === 0)) return null;
  return (
    <Suspense fallback={null}>
      <div className="grid gap-2 sm:grid-cols-2">
        <BarChart
          label={t('chartPassRate')}
          categories={categories}
          series={[
            {
              name: t('series.passRate'),
              values: rates.map((rate) => rate.rate * 100),
              color: PASS_COLOR,
              format: (value) => `${Math.round(value)}%`,
            },
          ]}
        />
        <BarChart
          label={t('chartCost')}
          categories={categories}
          series={[
            {
              name: t('series.cost'),
              values: means.map((mean) => mean.cost),
              color: COST_COLOR,
              format: (value) => `$${value.toFixed(4)}`,
            },
            {
              name: t('series.latency'),
              values: means.map((mean) => mean.latency),
              color: LATENCY_COLOR,
              line: true,
              format: (value) => `${Math.round(value)} ms`,
            },
          ]}
        />
      </div>
    </Suspense>
  );
}
