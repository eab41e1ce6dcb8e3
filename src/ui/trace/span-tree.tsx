import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { TraceTranslate } from '../../i18n/trace.ts';
import type { VisibleRow } from '../../trace/build-span-tree.ts';
import { SpanRow, type TimeAxis } from './span-row.tsx';
import { handleTreeKey } from './span-tree-keys.ts';
import { useTreeScrollAnchor, useTreeVirtualizer } from './use-tree-virtualizer.ts';

interface SpanTreeProps {
  rows: VisibleRow[];
  selectedId: string | undefined;
  axes: ReadonlyMap<string, TimeAxis>;
  now: number | undefined;
  onSelect(spanId: string): void;
  onToggle(spanId: string, expand: boolean): void;
  onExpandMany(spanIds: string[]): void;
  /** Bumped by the panel to scroll a row (e.g. a span selected from the chat) into view. */
  revealRequest?: { spanId: string; serial: number };
  t: TraceTranslate;
}

/** The row holding the tree's tab stop: the last one moved to, following the selection, else the first. */
function useActiveRow(rows: readonly VisibleRow[], selectedId: string | undefined) {
  const [activeId, setActiveId] = useState<string | undefined>(selectedId);
  const [previousSelected, setPreviousSelected] = useState(selectedId);
  if (selectedId !== previousSelected) {
    setPreviousSelected(selectedId);
    if (selectedId !== undefined) setActiveId(selectedId);
  }

  let activeIndex = activeId === undefined ? -1 : rows.findIndex((row) => row.node.span.spanId === activeId);
  if (activeIndex === -1 && rows.length > 0) {
    const selectedIndex = selectedId === undefined ? -1 : rows.findIndex((row) => row.node.span.spanId === selectedId);
    activeIndex = selectedIndex === -1 ? 0 : selectedIndex;
  }
  return { activeIndex, setActiveId };
}

/** Focus and reveal of row elements: focus follows keyboard moves, and each reveal request scrolls once. */
function useRowFocus(
  rows: readonly VisibleRow[],
  activeIndex: number,
  revealRequest: SpanTreeProps['revealRequest'],
  virtualized: boolean,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
) {
  const rowElements = useRef(new Map<string, HTMLDivElement>());
  const focusPending = useRef(false);
  const effectiveActiveId = rows[activeIndex]?.node.span.spanId;
  const registerRef = useCallback((spanId: string, element: HTMLDivElement | null) => {
    if (element) rowElements.current.set(spanId, element);
    else rowElements.current.delete(spanId);
  }, []);

  useEffect(() => {
    if (!focusPending.current || effectiveActiveId === undefined) return;
    focusPending.current = false;
    if (virtualized) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
    const element = rowElements.current.get(effectiveActiveId);
    element?.focus({ preventScroll: virtualized });
  });

  // Each reveal request scrolls once; later row changes must not pull the view back.
  const handledReveal = useRef(0);
  useEffect(() => {
    if (!revealRequest || revealRequest.serial === handledReveal.current) return;
    const index = rows.findIndex((row) => row.node.span.spanId === revealRequest.spanId);
    if (index === -1) return;
    handledReveal.current = revealRequest.serial;
    if (virtualized) virtualizer.scrollToIndex(index, { align: 'center' });
    else rowElements.current.get(revealRequest.spanId)?.scrollIntoView?.({ block: 'nearest' });
  }, [revealRequest, rows, virtualized, virtualizer]);

  const requestFocus = () => {
    focusPending.current = true;
  };
  return { registerRef, requestFocus };
}

/** The span tree: a flat list of treeitems (aria-level/setsize/posinset), roving tabindex, virtualised when long. */
export function SpanTree({
  rows,
  selectedId,
  axes,
  now,
  onSelect,
  onToggle,
  onExpandMany,
  revealRequest,
  t,
}: SpanTreeProps) {
  const baseId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { activeIndex, setActiveId } = useActiveRow(rows, selectedId);
  const { virtualized, virtualizer } = useTreeVirtualizer(rows, activeIndex, scrollRef);
  useTreeScrollAnchor(rows, virtualized, virtualizer, scrollRef);
  const { registerRef, requestFocus } = useRowFocus(rows, activeIndex, revealRequest, virtualized, virtualizer);

  const moveTo = (index: number) => {
    const target = rows[Math.min(Math.max(index, 0), rows.length - 1)];
    if (!target) return;
    requestFocus();
    setActiveId(target.node.span.spanId);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    handleTreeKey(event, { rows, activeIndex, moveTo, onSelect, onToggle, onExpandMany });

  const select = useCallback(
    (spanId: string) => {
      setActiveId(spanId);
      onSelect(spanId);
    },
    [onSelect, setActiveId],
  );

  const renderRow = (row: VisibleRow, index: number, offset?: number) => {
    const spanId = row.node.span.spanId;
    return (
      <SpanRow
        key={spanId}
        row={row}
        selected={spanId === selectedId}
        active={index === activeIndex}
        axis={axes.get(row.node.rootSpanId)}
        now={row.node.span.status === 'running' ? now : undefined}
        metaId={`${baseId}-meta-${spanId}`}
        {...(offset === undefined ? {} : { offset })}
        onSelect={select}
        onToggle={onToggle}
        registerRef={registerRef}
        t={t}
      />
    );
  };

  return (
    <div
      ref={scrollRef}
      role="tree"
      aria-label="Span tree"
      className="relative min-h-0 flex-1 overflow-auto"
      onKeyDown={handleKeyDown}
      data-virtualized={virtualized ? 'true' : 'false'}
    >
      {virtualized ? (
        <div role="none" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return row ? renderRow(row, item.index, item.start) : null;
          })}
        </div>
      ) : (
        <div role="none">{rows.map((row, index) => renderRow(row, index))}</div>
      )}
    </div>
  );
}
