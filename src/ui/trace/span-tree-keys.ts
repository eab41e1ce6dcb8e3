import type { KeyboardEvent } from 'react';
import type { VisibleRow } from '../../trace/build-span-tree.ts';

/** What the tree's keys act on. */
export interface TreeKeyTargets {
  rows: readonly VisibleRow[];
  activeIndex: number;
  moveTo(index: number): void;
  onSelect(spanId: string): void;
  onToggle(spanId: string, expand: boolean): void;
  onExpandMany(spanIds: string[]): void;
}

/** The tree keyboard of the WAI-ARIA tree pattern: arrows, Home/End, Enter/Space to select, `*` to open siblings. */
export function handleTreeKey(event: KeyboardEvent<HTMLDivElement>, targets: TreeKeyTargets): void {
  const { rows, activeIndex, moveTo, onSelect, onToggle, onExpandMany } = targets;
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
}
