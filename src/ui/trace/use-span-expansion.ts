import { useCallback, useState } from 'react';
import { allParentIds, ancestorIds, type SpanNode } from '../../trace/build-span-tree.ts';
import type { Span } from '../../trace/span.ts';

/** Rows the reader opened or closed by hand; every other row follows the panel's default. */
export interface Expansion {
  expanded: ReadonlySet<string>;
  collapsed: ReadonlySet<string>;
}

function opened(current: Expansion, spanIds: readonly string[]): Expansion {
  const expanded = new Set(current.expanded);
  const collapsed = new Set(current.collapsed);
  for (const id of spanIds) {
    expanded.add(id);
    collapsed.delete(id);
  }
  return { expanded, collapsed };
}

function closed(current: Expansion, spanId: string): Expansion {
  const expanded = new Set(current.expanded);
  const collapsed = new Set(current.collapsed);
  expanded.delete(spanId);
  collapsed.add(spanId);
  return { expanded, collapsed };
}

/** The tree's expansion state and the actions that change it. */
export function useSpanExpansion(forest: readonly SpanNode[]) {
  const [expansion, setExpansion] = useState<Expansion>({ expanded: new Set(), collapsed: new Set() });
  const toggle = useCallback((spanId: string, expand: boolean) => {
    setExpansion((current) => (expand ? opened(current, [spanId]) : closed(current, spanId)));
  }, []);
  const expandMany = useCallback((spanIds: string[]) => {
    setExpansion((current) => opened(current, spanIds));
  }, []);
  const expandAll = () => setExpansion({ expanded: allParentIds(forest), collapsed: new Set() });
  const collapseAll = () => setExpansion({ expanded: new Set(), collapsed: allParentIds(forest) });
  return { expansion, toggle, expandMany, expandAll, collapseAll };
}

/** A request to scroll one row into view; a new serial asks again. */
export interface RevealRequest {
  spanId: string;
  serial: number;
}

/**
 * The panel's selection. A span selected from outside (e.g. from the chat) is revealed: its ancestors open and it
 * scrolls into view.
 */
export function useRevealedSelection(
  selectedSpanId: string | undefined,
  spanById: ReadonlyMap<string, Span>,
  expandMany: (spanIds: string[]) => void,
) {
  const [selected, setSelected] = useState(selectedSpanId);
  const [previousSelected, setPreviousSelected] = useState(selectedSpanId);
  const [revealRequest, setRevealRequest] = useState<RevealRequest>();
  if (selectedSpanId !== previousSelected) {
    setPreviousSelected(selectedSpanId);
    setSelected(selectedSpanId);
    if (selectedSpanId !== undefined) {
      const ancestors = ancestorIds(spanById, selectedSpanId);
      if (ancestors.length > 0) expandMany(ancestors);
      setRevealRequest({ spanId: selectedSpanId, serial: (revealRequest?.serial ?? 0) + 1 });
    }
  }
  return { selected, setSelected, revealRequest };
}
