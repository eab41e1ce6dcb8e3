import { useEffect, useMemo, useRef, useState } from 'react';
import { createInsightsTranslate, type InsightsTranslate } from '../../i18n/insights.ts';
import { createDatasetsTranslate } from '../../i18n/datasets.ts';
import { createInsightsMarksTranslate, type InsightsMarksTranslate } from '../../i18n/insights-marks.ts';
import {
  closeInsights,
  openInsightsRun,
  openInsightsSource,
  type InsightsSource,
} from '../../store/actions/insights-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import type { InsightsReport, RunRef } from '../../trace/insights/insights-report.ts';
import { formatCost, formatPercent, formatTokens } from '../../trace/format.ts';
import { Dialog } from '../components/dialog.tsx';
import { useLanguage } from '../use-t.ts';
import {
  DistributionSection,
  ErrorsSection,
  ModelsSection,
  StuckSection,
  TimelineSection,
  ToolsSection,
} from './insights-sections.tsx';
import type { SectionProps } from './insights-section-parts.tsx';

type Scope = 'session' | 'all';
type Range = 'hour' | 'day' | 'week' | 'month' | 'all';

const RANGE_MS: Record<Range, number | undefined> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
  all: undefined,
};
const RANGE_KEYS = {
  hour: 'rangeHour',
  day: 'rangeDay',
  week: 'rangeWeek',
  month: 'rangeMonth',
  all: 'rangeAll',
} as const;
const selectClass =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950';

function Stat(props: { label: string; value: string; title?: string; testId: string; alert?: boolean }) {
  return (
    <div className="flex flex-col" title={props.title} data-testid={props.testId}>
      <dt className="text-[10px] tracking-wide text-slate-500 uppercase dark:text-slate-400">{props.label}</dt>
      <dd className={`text-sm font-semibold tabular-nums ${props.alert ? 'text-red-600 dark:text-red-400' : ''}`}>
        {props.value}
      </dd>
    </div>
  );
}

function Totals({ report, t, marks }: { report: InsightsReport; t: InsightsTranslate; marks: InsightsMarksTranslate }) {
  const totals = report.totals;
  const feedbackT = createDatasetsTranslate(useLanguage());
  const nonePriced = totals.llmCalls > 0 && totals.unpricedModels.length === report.models.length;
  const cost = nonePriced
    ? marks('noPrice')
    : totals.unpricedModels.length > 0
      ? t('partialCost', { cost: formatCost(totals.cost) })
      : formatCost(totals.cost);
  return (
    <div className="flex flex-col gap-1">
      <dl aria-label={t('title')} className="flex flex-wrap gap-x-5 gap-y-2">
        <Stat
          testId="insights-runs"
          label={t('runs')}
          value={String(totals.runs)}
          title={`${t('sessions')}: ${totals.sessions}`}
        />
        <Stat testId="insights-steps" label={t('steps')} value={String(totals.steps)} />
        <Stat testId="insights-tool-calls" label={t('toolCalls')} value={String(totals.toolCalls)} />
        <Stat
          testId="insights-tool-success"
          label={t('toolSuccess')}
          value={totals.toolSuccessRate === undefined ? '—' : formatPercent(totals.toolSuccessRate)}
        />
        <Stat
          testId="insights-tokens-in"
          label={t('tokensIn')}
          value={formatTokens(totals.inputTokens)}
          title={`${formatTokens(totals.cachedTokens)} ${t('cached')}`}
        />
        <Stat testId="insights-tokens-out" label={t('tokensOut')} value={formatTokens(totals.outputTokens)} />
        <Stat testId="insights-cost" label={t('cost')} value={cost} />
        <Stat testId="insights-errors" label={t('errors')} value={String(totals.errors)} alert={totals.errors > 0} />
        <Stat testId="insights-retries" label={t('retries')} value={String(totals.retries)} />
        <Stat testId="insights-compactions" label={t('compactions')} value={String(totals.compactions)} />
        <Stat
          testId="insights-stuck"
          label={t('stuckRuns')}
          value={String(totals.stuckRuns)}
          alert={totals.stuckRuns > 0}
        />
        <Stat testId="insights-good-answers" label={feedbackT('goodAnswers')} value={String(totals.goodAnswers)} />
        <Stat testId="insights-bad-answers" label={feedbackT('badAnswers')} value={String(totals.badAnswers)} />
      </dl>
      <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="insights-token-sources">
        {t('tokenSources', totals.tokenSources)}
      </p>
      {totals.unpricedModels.length > 0 ? (
        <p className="text-xs text-amber-700 dark:text-amber-300" data-testid="insights-unpriced">
          {t('unpriced', { models: totals.unpricedModels.join(', ') })}
        </p>
      ) : null}
    </div>
  );
}

type ReportState = { report?: InsightsReport; error?: string; loading: boolean };

/**
 * The report for a range and scope, read from one insights source opened with the dialog: the first query refreshes
 * it, later ones reuse it; an answer to a superseded query is dropped.
 */
function useInsightsReport(range: Range, sessionId: string | undefined): ReportState {
  const prices = useAppStore((state) => state.settings.modelPrices);
  const stuckSteps = useAppStore((state) => state.settings.stuckSteps);
  const [state, setState] = useState<ReportState>({ loading: true });
  const source = useRef<InsightsSource | undefined>(undefined);
  const refreshed = useRef(false);
  const serial = useRef(0);

  useEffect(() => {
    source.current = openInsightsSource();
    refreshed.current = false;
  }, []);

  useEffect(() => {
    const current = source.current;
    if (!current) return;
    const id = (serial.current += 1);
    const span = RANGE_MS[range];
    const refresh = !refreshed.current;
    refreshed.current = true;
    setState((previous) => ({ ...previous, loading: true }));
    current
      .query(
        {
          ...(span === undefined ? {} : { from: Date.now() - span }),
          ...(sessionId ? { sessionId } : {}),
          prices,
          stuckSteps,
        },
        refresh,
      )
      .then((report) => {
        if (id === serial.current) setState({ report, loading: false });
      })
      .catch((error: unknown) => {
        if (id === serial.current)
          setState({ error: error instanceof Error ? error.message : String(error), loading: false });
      });
  }, [range, sessionId, prices, stuckSteps]);
  return state;
}

/** The scope and range pickers, with the loading status beside them. */
function InsightsFilters({
  sessionScope,
  canScopeSession,
  range,
  loading,
  onScope,
  onRange,
  t,
}: {
  sessionScope: boolean;
  canScopeSession: boolean;
  range: Range;
  loading: boolean;
  onScope(scope: Scope): void;
  onRange(range: Range): void;
  t: InsightsTranslate;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-xs font-medium">
        {t('scope')}
        <select
          className={selectClass}
          value={sessionScope ? 'session' : 'all'}
          onChange={(event) => onScope(event.target.value as Scope)}
        >
          <option value="session" disabled={!canScopeSession}>
            {t('scopeSession')}
          </option>
          <option value="all">{t('scopeAll')}</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium">
        {t('range')}
        <select className={selectClass} value={range} onChange={(event) => onRange(event.target.value as Range)}>
          {(Object.keys(RANGE_KEYS) as Range[]).map((key) => (
            <option key={key} value={key}>
              {t(RANGE_KEYS[key])}
            </option>
          ))}
        </select>
      </label>
      <p role="status" className="text-xs text-slate-500 dark:text-slate-400">
        {loading ? t('loading') : ''}
      </p>
    </div>
  );
}

/** The report: totals, then (when there are runs) the timeline and the sections; figures carry their timing. */
function InsightsReportView({ props, loading }: { props: SectionProps; loading: boolean }) {
  const { report, t, marks } = props;
  return (
    <div
      className="flex flex-col gap-3"
      aria-busy={loading}
      data-testid="insights-report"
      data-read-ms={report.timing ? Math.round(report.timing.readMs) : undefined}
      data-aggregate-ms={report.timing ? Math.round(report.timing.aggregateMs) : undefined}
      data-timing={report.timing ? JSON.stringify(report.timing) : undefined}
    >
      <Totals report={report} t={t} marks={marks} />
      {report.totals.runs === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('empty')}</p>
      ) : (
        <>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('clickHint')}</p>
          <TimelineSection {...props} />
          <div className="grid gap-3 md:grid-cols-2">
            <DistributionSection {...props} kind="steps" />
            <DistributionSection {...props} kind="toolCalls" />
            <ToolsSection {...props} />
            <ModelsSection {...props} />
            <ErrorsSection {...props} />
            <StuckSection {...props} />
          </div>
        </>
      )}
    </div>
  );
}

/** The Insights view: what the agent costs and how it behaves, for the session or all sessions, over a time range. */
export function InsightsDialog() {
  const language = useLanguage();
  const t = useMemo(() => createInsightsTranslate(language), [language]);
  const marks = useMemo(() => createInsightsMarksTranslate(language), [language]);
  const activeSessionId = useAppStore((state) => state.activeSessionId);
  const sessions = useAppStore((state) => state.sessions);
  const [scope, setScope] = useState<Scope>(activeSessionId ? 'session' : 'all');
  const [range, setRange] = useState<Range>('all');
  const sessionId = scope === 'session' && activeSessionId ? activeSessionId : undefined;
  const state = useInsightsReport(range, sessionId);

  const titles = useMemo(() => new Map(sessions.map((session) => [session.id, session.title])), [sessions]);
  const onOpenRun = (run: RunRef) => void openInsightsRun(run.sessionId, run.runId);
  const report = state.report;
  const props: SectionProps | undefined = report
    ? { report, t, marks, titleOf: (id) => titles.get(id) ?? id, onOpenRun }
    : undefined;

  return (
    <Dialog
      open
      label="Insights"
      title={t('title')}
      closeLabel={t('close')}
      onClose={closeInsights}
      widthClassName="w-[min(64rem,96vw)]"
      bodyClassName="flex flex-col gap-3 p-4"
    >
      <InsightsFilters
        sessionScope={sessionId !== undefined}
        canScopeSession={Boolean(activeSessionId)}
        range={range}
        loading={state.loading}
        onScope={setScope}
        onRange={setRange}
        t={t}
      />
      {state.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('failed', { error: state.error })}
        </p>
      ) : null}
      {props ? <InsightsReportView props={props} loading={state.loading} /> : null}
    </Dialog>
  );
}
