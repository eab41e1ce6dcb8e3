import { stringifyJson } from '../json/deep-json.ts';
import { ATTR, numberAttribute } from './attributes.ts';
import type { Span, SpanKind } from './span.ts';

/** Sums over a span and all its descendants. */
export interface SpanAggregates {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedTokens: number;
  llmCalls: number;
  toolCalls: number;
  errors: number;
  /** Number of descendants (not counting the span itself). */
  descendants: number;
}

/** A span in the tree, with its children ordered by start time. */
export interface SpanNode {
  span: Span;
  children: SpanNode[];
  /** 0 for a root. */
  depth: number;
  /** The root of this node's tree. */
  rootSpanId: string;
  aggregates: SpanAggregates;
}

function ownAggregates(span: Span): SpanAggregates {
  const isLlm = span.kind === 'llm';
  const tokens = (key: string): number => (isLlm ? (numberAttribute(span.attributes, key) ?? 0) : 0);
  return {
    inputTokens: tokens(ATTR.llmUsageInputTokens),
    outputTokens: tokens(ATTR.llmUsageOutputTokens),
    reasoningTokens: tokens(ATTR.llmUsageReasoningTokens),
    cachedTokens: tokens(ATTR.llmUsageCachedTokens),
    llmCalls: isLlm ? 1 : 0,
    toolCalls: span.kind === 'tool' ? 1 : 0,
    errors: span.status === 'error' ? 1 : 0,
    descendants: 0,
  };
}

function addInto(target: SpanAggregates, child: SpanAggregates): void {
  target.inputTokens += child.inputTokens;
  target.outputTokens += child.outputTokens;
  target.reasoningTokens += child.reasoningTokens;
  target.cachedTokens += child.cachedTokens;
  target.llmCalls += child.llmCalls;
  target.toolCalls += child.toolCalls;
  target.errors += child.errors;
  target.descendants += child.descendants + 1;
}

const byStart = (a: SpanNode, b: SpanNode): number => a.span.startTime - b.span.startTime;

/**
 * Builds the span forest: roots (runs) and children ordered by start time, with depth and per-node aggregates.
 * A span whose parent is missing becomes a root; a parent cycle in imported data is broken, never followed.
 */
export function buildSpanTree(spans: readonly Span[]): SpanNode[] {
  const nodes = new Map<string, SpanNode>();
  for (const span of spans) {
    nodes.set(span.spanId, { span, children: [], depth: 0, rootSpanId: span.spanId, aggregates: ownAggregates(span) });
  }
  const roots: SpanNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.span.parentSpanId;
    const parent = parentId !== undefined && parentId !== node.span.spanId ? nodes.get(parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }

  const visited = new Set<SpanNode>();
  const ordered: SpanNode[] = [];
  // Iterative depth-first walk: deep (possibly hostile) imported trees must not overflow the stack.
  const walk = (root: SpanNode): void => {
    const stack: SpanNode[] = [root];
    visited.add(root);
    root.depth = 0;
    root.rootSpanId = root.span.spanId;
    while (stack.length > 0) {
      const node = stack.pop() as SpanNode;
      ordered.push(node);
      node.children = node.children.filter((child) => !visited.has(child));
      node.children.sort(byStart);
      for (const child of node.children) {
        visited.add(child);
        child.depth = node.depth + 1;
        child.rootSpanId = node.rootSpanId;
        stack.push(child);
      }
    }
  };
  roots.sort(byStart);
  for (const root of roots) walk(root);
  // Whatever is left hangs off a parent cycle: each cycle's earliest span becomes a root.
  const leftovers = [...nodes.values()].filter((node) => !visited.has(node)).sort(byStart);
  for (const node of leftovers) {
    if (visited.has(node)) continue;
    roots.push(node);
    walk(node);
  }
  if (leftovers.length > 0) roots.sort(byStart);

  // Children were pushed after their parents, so a reverse pass sums bottom-up.
  for (let index = ordered.length - 1; index >= 0; index--) {
    const node = ordered[index] as SpanNode;
    for (const child of node.children) addInto(node.aggregates, child.aggregates);
  }
  return roots;
}

/** What to show: by kind, errors only, and a case-insensitive text search. */
export interface SpanFilter {
  /** Kinds to keep; empty or absent keeps every kind. */
  kinds?: ReadonlySet<SpanKind>;
  errorsOnly?: boolean;
  search?: string;
}

/** Whether a filter hides anything at all. */
export function isFilterActive(filter: SpanFilter | undefined): boolean {
  if (!filter) return false;
  return (
    (filter.kinds !== undefined && filter.kinds.size > 0) ||
    filter.errorsOnly === true ||
    (filter.search ?? '').trim() !== ''
  );
}

function stringify(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return stringifyJson(value) ?? '';
  } catch {
    return String(value);
  }
}

const SEARCHED_KEYS = [
  ATTR.toolName,
  ATTR.toolArguments,
  ATTR.toolResult,
  ATTR.toolError,
  ATTR.llmOutputText,
  ATTR.llmOutputReasoning,
  ATTR.llmOutputRefusal,
  ATTR.llmOutputToolCalls,
  ATTR.llmRequestModel,
  ATTR.llmResponseModel,
  ATTR.runInput,
  ATTR.runOutput,
  ATTR.retryReason,
  ATTR.compactionSummary,
  ATTR.memoryQuery,
  ATTR.memoryResults,
];

// Spans are immutable snapshots, so the lowered search text is cached per object.
const searchTextCache = new WeakMap<Span, string>();

/** The lowercase text a search looks through: name, kind, tool arguments and results, outputs, error. */
export function spanSearchText(span: Span): string {
  let text = searchTextCache.get(span);
  if (text === undefined) {
    const parts = [span.name, span.kind, span.error?.type ?? '', span.error?.message ?? ''];
    for (const key of SEARCHED_KEYS) parts.push(stringify(span.attributes[key]));
    text = parts.join('\n').toLowerCase();
    searchTextCache.set(span, text);
  }
  return text;
}

/** Whether the span itself (not its descendants) passes the filter. */
export function spanMatchesFilter(span: Span, filter: SpanFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.kinds && filter.kinds.size > 0 && !filter.kinds.has(span.kind)) return false;
  if (filter.errorsOnly && span.status !== 'error') return false;
  const needle = (filter.search ?? '').trim().toLowerCase();
  if (needle !== '' && !spanSearchText(span).includes(needle)) return false;
  return true;
}

/** Which spans a filter keeps: matches plus their ancestors (context). Undefined when no filter is active. */
export function filterForest(
  forest: readonly SpanNode[],
  filter: SpanFilter | undefined,
): { kept: Set<string>; matched: Set<string> } | undefined {
  if (!isFilterActive(filter)) return undefined;
  const kept = new Set<string>();
  const matched = new Set<string>();
  const order: SpanNode[] = [];
  const stack = [...forest];
  while (stack.length > 0) {
    const node = stack.pop() as SpanNode;
    order.push(node);
    for (const child of node.children) stack.push(child);
  }
  for (let index = order.length - 1; index >= 0; index--) {
    const node = order[index] as SpanNode;
    const id = node.span.spanId;
    if (spanMatchesFilter(node.span, filter)) {
      matched.add(id);
      kept.add(id);
    } else if (node.children.some((child) => kept.has(child.span.spanId))) {
      kept.add(id);
    }
  }
  return { kept, matched };
}

/** One row of the flattened, visible tree: what a virtualised WAI-ARIA tree renders. */
export interface VisibleRow {
  node: SpanNode;
  /** 1-based, for `aria-level`. */
  level: number;
  /** Visible siblings, for `aria-setsize`. */
  setSize: number;
  /** 1-based position among visible siblings, for `aria-posinset`. */
  posInSet: number;
  /** Has visible children under the current filter. */
  hasChildren: boolean;
  expanded: boolean;
  /** False for an ancestor kept only as context for a matching descendant. */
  matches: boolean;
  /** Index of the parent row in the returned list, or -1 for a top-level row. */
  parentIndex: number;
}

/** Which nodes are expanded: a set of span ids or a predicate. */
export type ExpansionState = ReadonlySet<string> | ((node: SpanNode) => boolean);

/** Flattens the forest into the rows currently visible, honouring expansion and the filter. */
export function flattenVisible(
  forest: readonly SpanNode[],
  expanded: ExpansionState,
  filter?: SpanFilter,
): VisibleRow[] {
  const isExpanded = typeof expanded === 'function' ? expanded : (node: SpanNode) => expanded.has(node.span.spanId);
  const filtered = filterForest(forest, filter);
  const keep = (node: SpanNode): boolean => !filtered || filtered.kept.has(node.span.spanId);
  const rows: VisibleRow[] = [];
  type Frame = { siblings: SpanNode[]; index: number; level: number; parentIndex: number };
  const top = forest.filter(keep);
  const stack: Frame[] = [{ siblings: top, index: 0, level: 1, parentIndex: -1 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.index >= frame.siblings.length) {
      stack.pop();
      continue;
    }
    const node = frame.siblings[frame.index] as SpanNode;
    frame.index += 1;
    const children = filtered ? node.children.filter(keep) : node.children;
    const hasChildren = children.length > 0;
    const expandedNow = hasChildren && isExpanded(node);
    rows.push({
      node,
      level: frame.level,
      setSize: frame.siblings.length,
      posInSet: frame.index,
      hasChildren,
      expanded: expandedNow,
      matches: !filtered || filtered.matched.has(node.span.spanId),
      parentIndex: frame.parentIndex,
    });
    if (expandedNow) stack.push({ siblings: children, index: 0, level: frame.level + 1, parentIndex: rows.length - 1 });
  }
  return rows;
}

/** Ids of every span that has children: what "Expand all" expands. */
export function allParentIds(forest: readonly SpanNode[]): Set<string> {
  const ids = new Set<string>();
  const stack = [...forest];
  while (stack.length > 0) {
    const node = stack.pop() as SpanNode;
    if (node.children.length > 0) ids.add(node.span.spanId);
    for (const child of node.children) stack.push(child);
  }
  return ids;
}

/** The ancestors of a span, nearest first, as span ids. */
export function ancestorIds(spans: ReadonlyMap<string, Span>, spanId: string): string[] {
  const result: string[] = [];
  const seen = new Set<string>([spanId]);
  let parentId = spans.get(spanId)?.parentSpanId;
  while (parentId !== undefined && !seen.has(parentId) && spans.has(parentId)) {
    result.push(parentId);
    seen.add(parentId);
    parentId = spans.get(parentId)?.parentSpanId;
  }
  return result;
}
