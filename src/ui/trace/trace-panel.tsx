import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { englishTrace, type TraceStringKey } from '../../i18n/trace.ts';
import {
  buildSpanTree,
  flattenVisible,
  isFilterActive,
  type SpanFilter,
  type SpanNode,
} from '../../trace/build-span-tree.ts';
import type { Span, SpanKind } from '../../trace/span.ts';
import { sessionTotals } from '../../trace/totals.ts';
import { SpanDetails, type LiveOutput } from './span-details.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import type { TimeAxis } from './span-row.tsx';
import { SpanTree } from './span-tree.tsx';
import { TraceSummary } from './trace-summary.tsx';
import { TraceToolbar } from './trace-toolbar.tsx';
import { useRevealedSelection, useSpanExpansion, type Expansion } from './use-span-expansion.ts';

/** Props of `TracePanel`: a view of the active session's spans; it owns only view state (expansion, filters). */
export interface TracePanelProps {
  spans: Span[];
  selectedSpanId?: string;
  onSelectSpan(spanId: string): void;
  onExportOtlp(): void;
  /** Opens the Run comparison view. */
  onCompare?: () => void;
  /** Forks the run at a span (the `Fork from here` button of Span details). */
  onFork?: (span: Span) => void;
  /** Epoch ms, ticking while a run is in flight: running spans show their live duration. */
  now?: number;
  /** What the model call in flight has streamed so far, for the details of its running llm span. */
  liveOutput?: LiveOutput;
  t?: (key: TraceStringKey) => string;
}

function indexNodes(forest: readonly SpanNode[]): Map<string, SpanNode> {
  const nodes = new Map<string, SpanNode>();
  const stack = [...forest];
  while (stack.length > 0) {
    const node = stack.pop() as SpanNode;
    nodes.set(node.span.spanId, node);
    for (const child of node.children) stack.push(child);
  }
  return nodes;
}

/** Latest time seen in each run (for the waterfall axis of runs still going without a clock). */
function latestTimes(spans: readonly Span[]): Map<string, number> {
  const latest = new Map<string, number>();
  for (const span of spans) {
    const time = Math.max(span.startTime, span.endTime ?? span.startTime);
    if (time > (latest.get(span.runId) ?? -Infinity)) latest.set(span.runId, time);
  }
  return latest;
}

/** Per-run waterfall axes: a run still going ends at `now` (or at the latest time it has shown). */
function runAxes(forest: readonly SpanNode[], latest: ReadonlyMap<string, number>, now: number | undefined) {
  const result = new Map<string, TimeAxis>();
  for (const root of forest) {
    const known = latest.get(root.span.runId) ?? root.span.startTime;
    const end = root.span.endTime ?? Math.max(now ?? known, known);
    result.set(root.span.spanId, { start: root.span.startTime, end: Math.max(end, root.span.startTime + 1) });
  }
  return result;
}

/** The toolbar's filter controls and the filter they make. */
function useSpanFilterState() {
  const [kind, setKind] = useState<SpanKind | 'all'>('all');
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const filter = useMemo<SpanFilter>(
    () => ({ kinds: kind === 'all' ? undefined : new Set([kind]), errorsOnly, search: deferredSearch }),
    [kind, errorsOnly, deferredSearch],
  );
  const clearFilters = () => {
    setKind('all');
    setErrorsOnly(false);
    setSearch('');
  };
  return { kind, setKind, errorsOnly, setErrorsOnly, search, setSearch, filter, clearFilters };
}

/** The tree's rows: the latest run is open by default (a new run arriving opens it); filtering reveals every match. */
function useVisibleRows(forest: readonly SpanNode[], expansion: Expansion, filter: SpanFilter) {
  const filterActive = isFilterActive(filter);
  const latestRunId = forest[forest.length - 1]?.span.spanId;
  const isExpanded = useCallback(
    (node: SpanNode) => {
      const id = node.span.spanId;
      if (expansion.collapsed.has(id)) return false;
      return expansion.expanded.has(id) || filterActive || node.rootSpanId === latestRunId;
    },
    [expansion, filterActive, latestRunId],
  );
  return useMemo(() => flattenVisible(forest, isExpanded, filter), [forest, isExpanded, filter]);
}

const NOTICE_CLASS = 'px-3 py-4 text-xs text-zinc-500 dark:text-zinc-400';

/** Why the tree shows nothing: no spans yet, or none matching the filters (with a way out). */
function TreeNotice({
  spanCount,
  rowCount,
  onClearFilters,
  t,
}: {
  spanCount: number;
  rowCount: number;
  onClearFilters(): void;
  t: (key: TraceStringKey) => string;
}) {
  if (spanCount === 0) return <p className={NOTICE_CLASS}>{t('trace.empty')}</p>;
  if (rowCount > 0) return null;
  return (
    <p className={NOTICE_CLASS}>
      {t('trace.noMatches')}{' '}
      <button type="button" className="text-sky-700 underline dark:text-sky-400" onClick={onClearFilters}>
        {t('trace.clearFilters')}
      </button>
    </p>
  );
}

const DETAILS_CLASS = 'max-h-[55%] shrink-0 overflow-auto border-t border-zinc-200 dark:border-zinc-800';

/** The selected span's details, behind an error boundary so a bad span cannot take the panel down. */
function SelectedSpanDetails({
  span,
  aggregates,
  runStart,
  now,
  liveOutput,
  onFork,
  t,
}: {
  span: Span | undefined;
  aggregates: SpanNode['aggregates'] | undefined;
  runStart: number | undefined;
  now: number | undefined;
  liveOutput: LiveOutput | undefined;
  onFork: ((span: Span) => void) | undefined;
  t: (key: TraceStringKey) => string;
}) {
  return (
    <ErrorBoundary
      part="spanDetails"
      resetKey={span}
      frame={<section role="region" aria-label="Span details" className={DETAILS_CLASS} />}
    >
      <SpanDetails
        span={span}
        {...(liveOutput && span?.kind === 'llm' && span.status === 'running' ? { liveOutput } : {})}
        aggregates={aggregates}
        runStart={runStart}
        now={now}
        t={t}
        {...(onFork ? { onFork } : {})}
        className="max-h-[55%] min-h-0 shrink-0 overflow-auto border-t border-zinc-200 dark:border-zinc-800"
      />
    </ErrorBoundary>
  );
}

/** The trace panel: session totals, toolbar, the span tree with waterfall, and the selected span's details. */
export function TracePanel({
  spans,
  selectedSpanId,
  onSelectSpan,
  onExportOtlp,
  onCompare,
  onFork,
  now,
  liveOutput,
  t = englishTrace,
}: TracePanelProps) {
  const filters = useSpanFilterState();
  const forest = useMemo(() => buildSpanTree(spans), [spans]);
  const nodes = useMemo(() => indexNodes(forest), [forest]);
  const spanById = useMemo(() => new Map(spans.map((span) => [span.spanId, span])), [spans]);
  const { expansion, toggle, expandMany, expandAll, collapseAll } = useSpanExpansion(forest);
  const { selected, setSelected, revealRequest } = useRevealedSelection(selectedSpanId, spanById, expandMany);
  const rows = useVisibleRows(forest, expansion, filters.filter);
  const latest = useMemo(() => latestTimes(spans), [spans]);
  const axes = useMemo(() => runAxes(forest, latest, now), [forest, latest, now]);
  const totals = useMemo(() => sessionTotals(spans, now), [spans, now]);
  const select = useCallback(
    (spanId: string) => {
      setSelected(spanId);
      onSelectSpan(spanId);
    },
    [onSelectSpan, setSelected],
  );

  const selectedSpan = selected === undefined ? undefined : spanById.get(selected);
  return (
    <div
      className="flex h-full min-h-0 flex-col bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100"
      data-testid="trace-panel"
    >
      <TraceSummary totals={totals} t={t} />
      <TraceToolbar
        kind={filters.kind}
        errorsOnly={filters.errorsOnly}
        search={filters.search}
        canExport={spans.length > 0}
        onKindChange={filters.setKind}
        onErrorsOnlyChange={filters.setErrorsOnly}
        onSearchChange={filters.setSearch}
        onExpandAll={expandAll}
        onCollapseAll={collapseAll}
        onExportOtlp={onExportOtlp}
        {...(onCompare ? { onCompare } : {})}
        t={t}
      />
      <TreeNotice spanCount={spans.length} rowCount={rows.length} onClearFilters={filters.clearFilters} t={t} />
      <SpanTree
        rows={rows}
        selectedId={selected}
        axes={axes}
        now={now}
        onSelect={select}
        onToggle={toggle}
        onExpandMany={expandMany}
        revealRequest={revealRequest}
        t={t}
      />
      <SelectedSpanDetails
        span={selectedSpan}
        aggregates={selected === undefined ? undefined : nodes.get(selected)?.aggregates}
        runStart={selectedSpan ? spanById.get(selectedSpan.runId)?.startTime : undefined}
        now={now}
        liveOutput={liveOutput}
        onFork={onFork}
        t={t}
      />
    </div>
  );
}
