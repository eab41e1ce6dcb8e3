import {
  defaultRangeExtractor,
  observeElementRect,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { TraceTranslate } from '../../i18n/trace.ts';
import type { VisibleRow } from '../../trace/build-span-tree.ts';
import { ROW_HEIGHT, SpanRow, type TimeAxis } from './span-row.tsx';

/** Above this many visible rows the tree renders only a window of them. */
export const VIRTUALIZE_AFTER = 150;

/** A tree not laid out yet (hidden panel, jsdom) still renders a first window of rows. */
const FALLBACK_HEIGHT = 600;
function observeRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  callback: (rect: { width: number; height: number }) => void,
) {
  return observeElementRect(instance, (rect) =>
    callback(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_HEIGHT }),
  );
}

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
  const rowElements = useRef(new Map<string, HTMLDivElement>());
  const focusPending = useRef(false);
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
  const effectiveActiveId = rows[activeIndex]?.node.span.spanId;

  const virtualized = rows.length > VIRTUALIZE_AFTER;
  const rangeExtractor = useCallback(
    (range: Range) => {
      // The focusable row stays rendered so the tree always keeps its tab stop.
      const indexes = defaultRangeExtractor(range);
      if (activeIndex >= 0 && activeIndex < range.count && !indexes.includes(activeIndex)) {
        indexes.push(activeIndex);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [activeIndex],
  );
  // Stable while the rows are: a new key function makes the virtualiser recompute every row's position.
  const getItemKey = useCallback((index: number) => rows[index]?.node.span.spanId ?? index, [rows]);
  // The virtualizer's functions are used only inside this component, never handed to memoised children.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows are cheap to add: a fast scroll replaces the whole window each frame, so a small overscan does less work.
    overscan: 4,
    getItemKey,
    rangeExtractor,
    enabled: virtualized,
    observeElementRect: observeRect,
    useFlushSync: false,
  });

  // A long tree of another session opens at its end, where the latest run is, as the chat opens at the latest
  // message. Only a change of session scrolls: rows arriving later must not pull the reader along.
  const sessionKey = rows[0]?.node.span.sessionId;
  useLayoutEffect(() => {
    if (sessionKey !== undefined && virtualized) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionKey]);

  // A long session shows its latest run first and its older runs once they are read: rows arriving above
  // (the last row unchanged) keep the view where it was, at the same distance from the end.
  const edges = useRef<{ first?: string; last?: string; count: number }>({ count: 0 });
  const firstKey = rows[0]?.node.span.spanId;
  const lastKey = rows.at(-1)?.node.span.spanId;
  useLayoutEffect(() => {
    const previous = edges.current;
    edges.current = { first: firstKey, last: lastKey, count: rows.length };
    const added = rows.length - previous.count;
    const scroller = scrollRef.current;
    if (
      !scroller ||
      added <= 0 ||
      previous.last !== lastKey ||
      previous.first === firstKey ||
      previous.first === undefined
    )
      return;
    if (virtualized) virtualizer.scrollToOffset(scroller.scrollTop + added * ROW_HEIGHT);
    else scroller.scrollTop += added * ROW_HEIGHT;
  }, [firstKey, lastKey, rows.length, virtualized, virtualizer]);

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

  const moveTo = (index: number) => {
    const target = rows[Math.min(Math.max(index, 0), rows.length - 1)];
    if (!target) return;
    focusPending.current = true;
    setActiveId(target.node.span.spanId);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[activeIndex];
    if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
    const spanId = row.node.span.spanId;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        moveTo(activeIndex - 1);
        break;
      case 'ArrowRight':
        if (row.hasChildren && !row.expanded) onToggle(spanId, true);
        else if (row.expanded) moveTo(activeIndex + 1);
        break;
      case 'ArrowLeft':
        if (row.expanded) onToggle(spanId, false);
        else if (row.parentIndex >= 0) moveTo(row.parentIndex);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'Enter':
      case ' ':
        onSelect(spanId);
        break;
      case '*':
        onExpandMany(
          rows
            .filter((other) => other.parentIndex === row.parentIndex && other.hasChildren)
            .map((other) => other.node.span.spanId),
        );
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const select = useCallback(
    (spanId: string) => {
      setActiveId(spanId);
      onSelect(spanId);
    },
    [onSelect],
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
