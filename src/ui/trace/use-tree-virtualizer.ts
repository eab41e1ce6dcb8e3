import {
  defaultRangeExtractor,
  observeElementRect,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type { VisibleRow } from '../../trace/build-span-tree.ts';
import { ROW_HEIGHT } from './span-row.tsx';

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

/** The tree's row virtualiser, enabled only past `VIRTUALIZE_AFTER` rows; the active row always stays rendered. */
export function useTreeVirtualizer(
  rows: readonly VisibleRow[],
  activeIndex: number,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
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
  // The virtualizer's functions are used only inside the tree, never handed to memoised children.
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
  return { virtualized, virtualizer };
}

/** Where the tree's scroll goes when its rows change: to the end for a new session, unmoved for older runs read in. */
export function useTreeScrollAnchor(
  rows: readonly VisibleRow[],
  virtualized: boolean,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
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
  }, [firstKey, lastKey, rows.length, virtualized, virtualizer, scrollRef]);
}
