import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { englishTrace, type TraceStringKey } from '../../i18n/trace.ts';
import {
  allParentIds,
  ancestorIds,
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

interface Expansion {
  expanded: ReadonlySet<string>;
  collapsed: ReadonlySet<string>;
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
  const [kind, setKind] = useState<SpanKind | 'all'>('all');
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [expansion, setExpansion] = useState<Expansion>({ expanded: new Set(), collapsed: new Set() });
  const [selected, setSelected] = useState(selectedSpanId);
  const [previousSelected, setPreviousSelected] = useState(selectedSpanId);
  const [revealRequest, setRevealRequest] = useState<{ spanId: string; serial: number }>();

  const forest = useMemo(() => buildSpanTree(spans), [spans]);
  const nodes = useMemo(() => indexNodes(forest), [forest]);
  const spanById = useMemo(() => new Map(spans.map((span) => [span.spanId, span])), [spans]);

  // A span selected from outside (e.g. from the chat) is revealed: its ancestors open and it scrolls into view.
  if (selectedSpanId !== previousSelected) {
    setPreviousSelected(selectedSpanId);
    setSelected(selectedSpanId);
    if (selectedSpanId !== undefined) {
      const ancestors = ancestorIds(spanById, selectedSpanId);
      if (ancestors.length > 0) {
        const expanded = new Set(expansion.expanded);
        const collapsed = new Set(expansion.collapsed);
        for (const id of ancestors) {
          expanded.add(id);
          collapsed.delete(id);
        }
        setExpansion({ expanded, collapsed });
      }
      setRevealRequest({ spanId: selectedSpanId, serial: (revealRequest?.serial ?? 0) + 1 });
    }
  }

  const filter = useMemo<SpanFilter>(
    () => ({ kinds: kind === 'all' ? undefined : new Set([kind]), errorsOnly, search: deferredSearch }),
    [kind, errorsOnly, deferredSearch],
  );
  const filterActive = isFilterActive(filter);
  const latestRunId = forest[forest.length - 1]?.span.spanId;

  // The latest run is open by default (a new run arriving opens it); filtering reveals every match.
  const isExpanded = useCallback(
    (node: SpanNode) => {
      const id = node.span.spanId;
      if (expansion.collapsed.has(id)) return false;
      return expansion.expanded.has(id) || filterActive || node.rootSpanId === latestRunId;
    },
    [expansion, filterActive, latestRunId],
  );
  const rows = useMemo(() => flattenVisible(forest, isExpanded, filter), [forest, isExpanded, filter]);

  const latest = useMemo(() => latestTimes(spans), [spans]);
  const axes = useMemo(() => {
    const result = new Map<string, TimeAxis>();
    for (const root of forest) {
      const known = latest.get(root.span.runId) ?? root.span.startTime;
      const end = root.span.endTime ?? Math.max(now ?? known, known);
      result.set(root.span.spanId, { start: root.span.startTime, end: Math.max(end, root.span.startTime + 1) });
    }
    return result;
  }, [forest, latest, now]);
  const totals = useMemo(() => sessionTotals(spans, now), [spans, now]);

  const toggle = useCallback((spanId: string, expand: boolean) => {
    setExpansion((current) => {
      const expanded = new Set(current.expanded);
      const collapsed = new Set(current.collapsed);
      if (expand) {
        expanded.add(spanId);
        collapsed.delete(spanId);
      } else {
        expanded.delete(spanId);
        collapsed.add(spanId);
      }
      return { expanded, collapsed };
    });
  }, []);
  const expandMany = useCallback((spanIds: string[]) => {
    setExpansion((current) => {
      const expanded = new Set(current.expanded);
      const collapsed = new Set(current.collapsed);
      for (const id of spanIds) {
        expanded.add(id);
        collapsed.delete(id);
      }
      return { expanded, collapsed };
    });
  }, []);
  const select = useCallback(
    (spanId: string) => {
      setSelected(spanId);
      onSelectSpan(spanId);
    },
    [onSelectSpan],
  );
  const clearFilters = () => {
    setKind('all');
    setErrorsOnly(false);
    setSearch('');
  };

  const selectedSpan = selected === undefined ? undefined : spanById.get(selected);
  return (
    <div
      className="flex h-full min-h-0 flex-col bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100"
      data-testid="trace-panel"
    >
      <TraceSummary totals={totals} t={t} />
      <TraceToolbar
        kind={kind}
        errorsOnly={errorsOnly}
        search={search}
        canExport={spans.length > 0}
        onKindChange={setKind}
        onErrorsOnlyChange={setErrorsOnly}
        onSearchChange={setSearch}
        onExpandAll={() => setExpansion({ expanded: allParentIds(forest), collapsed: new Set() })}
        onCollapseAll={() => setExpansion({ expanded: new Set(), collapsed: allParentIds(forest) })}
        onExportOtlp={onExportOtlp}
        {...(onCompare ? { onCompare } : {})}
        t={t}
      />
      {spans.length === 0 && <p className="px-3 py-4 text-xs text-zinc-500 dark:text-zinc-400">{t('trace.empty')}</p>}
      {spans.length > 0 && rows.length === 0 && (
        <p className="px-3 py-4 text-xs text-zinc-500 dark:text-zinc-400">
          {t('trace.noMatches')}{' '}
          <button type="button" className="text-sky-700 underline dark:text-sky-400" onClick={clearFilters}>
            {t('trace.clearFilters')}
          </button>
        </p>
      )}
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
      <ErrorBoundary
        part="spanDetails"
        resetKey={selectedSpan}
        frame={
          <section
            role="region"
            aria-label="Span details"
            className="max-h-[55%] shrink-0 overflow-auto border-t border-zinc-200 dark:border-zinc-800"
          />
        }
      >
        <SpanDetails
          span={selectedSpan}
          {...(liveOutput && selectedSpan?.kind === 'llm' && selectedSpan.status === 'running' ? { liveOutput } : {})}
          aggregates={selected === undefined ? undefined : nodes.get(selected)?.aggregates}
          runStart={selectedSpan ? spanById.get(selectedSpan.runId)?.startTime : undefined}
          now={now}
          t={t}
          {...(onFork ? { onFork } : {})}
          className="max-h-[55%] min-h-0 shrink-0 overflow-auto border-t border-zinc-200 dark:border-zinc-800"
        />
      </ErrorBoundary>
    </div>
  );
}
