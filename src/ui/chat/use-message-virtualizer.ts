import { useCallback, useMemo, useState, type RefObject } from 'react';
import { useVirtualizer, type Rect } from '@tanstack/react-virtual';
import { scrollFromLiveOffset } from '../components/virtual-scroll.ts';
import { estimateRowHeight, type MessageRow } from './message-rows.ts';

/** What the list remembers between renders to key its rows: see rowKeys. */
interface KeyMemory {
  sessionId: string | undefined;
  /** Stored entry id → the key of the streamed row it replaced. */
  aliases: Map<string, string>;
  /** The streaming row of the rows before, if any. */
  streamed: { index: number; key: string; runId: string } | null;
}

/**
 * Row keys that survive a step's end: the streamed row (keyed by its streaming id) is replaced by the stored entry
 * that the step added in its place, which keeps the streamed row's key. The row is then updated, not mounted again:
 * what streamed is not rendered anew, and its measured height is kept. The memory belongs to one list; another
 * session's rows start over, and it only grows with the entries the list has shown streaming.
 */
function rowKeys(memory: KeyMemory, rows: readonly MessageRow[]): string[] {
  const sessionId = rows[0]?.entry.sessionId;
  if (memory.sessionId !== sessionId) {
    memory.sessionId = sessionId;
    memory.aliases = new Map();
  }
  const before = memory.streamed;
  const replacing = before ? rows[before.index] : undefined;
  if (before && replacing && !replacing.streaming && replacing.entry.runId === before.runId) {
    if (replacing.entry.message.role === 'assistant' && !memory.aliases.has(replacing.entry.id)) {
      memory.aliases.set(replacing.entry.id, before.key);
    }
  }
  const last = rows.length - 1;
  const streamingIndex = rows[last]?.streaming ? last : rows.findIndex((row) => row.streaming);
  const streamingRow = rows[streamingIndex];
  // Every step of a run streams under the same id: its position tells the steps' rows apart.
  const streamingKey = `${streamingRow?.entry.id}@${streamingIndex}`;
  memory.streamed = streamingRow ? { index: streamingIndex, key: streamingKey, runId: streamingRow.entry.runId } : null;
  return rows.map((row, index) =>
    index === streamingIndex ? streamingKey : (memory.aliases.get(row.entry.id) ?? row.entry.id),
  );
}

/**
 * The message list's virtualiser (TanStack Virtual, the project's): rows keyed so a step's end keeps its row, sizes
 * estimated once per entry, measured as rows enter with the next frame's other work. It does not follow the end
 * itself: useFollowLatest does.
 */
export function useMessageVirtualizer(
  rows: readonly MessageRow[],
  scrollRef: RefObject<HTMLDivElement | null>,
  initialRect: Rect | undefined,
) {
  const [memory] = useState<KeyMemory>(() => ({ sessionId: undefined, aliases: new Map(), streamed: null }));
  // Plain arrays, made once per rows: the virtualiser asks every row's key whenever a measured size changes.
  const keys = useMemo(() => rowKeys(memory, rows), [memory, rows]);
  const getItemKey = useCallback((index: number) => keys[index] ?? String(index), [keys]);
  const estimates = useMemo(() => Float64Array.from(rows, (row) => estimateRowHeight(row)), [rows]);
  const estimateSize = useCallback((index: number) => estimates[index] ?? 80, [estimates]);
  // React Compiler leaves this hook alone.
  // eslint-disable-next-line react/incompatible-library
  return useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 3,
    // Rows measured as they enter are handled with the next frame's other work, not in a second render and layout of
    // the frame that mounted them (in a fast scroll every row entering is measured for the first time).
    useAnimationFrameWithResizeObserver: true,
    scrollToFn: scrollFromLiveOffset,
    ...(initialRect ? { initialRect } : {}),
  });
}
