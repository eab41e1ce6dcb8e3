import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useVirtualizer, type Rect } from '@tanstack/react-virtual';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { defaultChatTranslate, type ChatTranslate } from '../../i18n/chat.ts';
import { classNames } from '../components/class-names.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ArrowDownIcon } from '../components/icons.tsx';
import { buildMessageRows, estimateRowHeight, withStreamingRow } from './message-rows.ts';
import { buildPlanViews, type PlanView } from './plan-views.ts';
import type { MessageViewActions } from './message-types.ts';
import { MessageView } from './message-view.tsx';
import { ListScrollingContext } from './message-actions.tsx';
import { useNames } from '../use-t.ts';
import { scrollFromLiveOffset } from '../components/virtual-scroll.ts';

// Stuck-run marks need the stuck checks and their strings: a chunk of its own, which finds the rows it marks.
const StuckRunBadge = lazy(() => import('./stuck-run-badge.tsx'));

/** Message actions at list level: each receives the entry it was invoked on. */
export interface MessageListActions {
  onCopy?: (entry: TranscriptEntry) => void;
  onRegenerate?: (entry: TranscriptEntry) => void;
  onEdit?: (entry: TranscriptEntry, text: string) => void;
  onDelete?: (entry: TranscriptEntry) => void;
  onSelectToolCall?: (callId: string, entry: TranscriptEntry) => void;
}

/** Props of {@link MessageList}. */
export interface MessageListProps {
  entries: readonly TranscriptEntry[];
  /** The live, partial assistant message of the running step. */
  streamingEntry?: TranscriptEntry;
  /** Tool results that arrived but are not in `entries` yet (paired with their cards, not listed). */
  liveToolEntries?: readonly TranscriptEntry[];
  /** A run is active: Regenerate and Edit are disabled, cards without results show as running. */
  running?: boolean;
  actions?: MessageListActions;
  pendingApprovals?: ReadonlySet<string>;
  onApprove?: (callId: string) => void;
  onDeny?: (callId: string) => void;
  /** Scrolls to (and highlights) this entry whenever the value changes. */
  scrollToEntryId?: string;
  /** Shown after the last message inside the log (an error alert, a resume prompt…). */
  footer?: ReactNode;
  /** Shown when there are no messages yet. */
  emptyState?: ReactNode;
  /** Whenever this value changes the list jumps to the end (the user sent a message). */
  scrollToEndKey?: string | number;
  /** A divider shown just before one entry (e.g. "N earlier messages summarised"). */
  divider?: { beforeEntryId: string; node: ReactNode };
  t?: ChatTranslate;
  className?: string;
  /** Viewport size to assume before the browser measures it (tests, first paint). */
  initialRect?: Rect;
}

const END_THRESHOLD_PX = 80;
/** Keys that scroll the focused log upwards. */
const UPWARD_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

interface MessageRowViewProps {
  entry: TranscriptEntry;
  streaming: boolean;
  toolEntries: ReadonlyMap<string, TranscriptEntry>;
  delegations: ReadonlyMap<string, readonly TranscriptEntry[]>;
  actions: MessageListActions | undefined;
  isLastAssistant: boolean;
  runActive: boolean;
  pendingApprovals: ReadonlySet<string> | undefined;
  onApprove: ((callId: string) => void) | undefined;
  onDeny: ((callId: string) => void) | undefined;
  highlighted: boolean;
  planView: PlanView | undefined;
  t: ChatTranslate;
}

const MessageRowView = memo(function MessageRowView({ entry, actions, ...rest }: MessageRowViewProps) {
  const bound = useMemo((): MessageViewActions => {
    if (!actions) return {};
    const { onCopy, onRegenerate, onEdit, onDelete, onSelectToolCall } = actions;
    return {
      onCopy: onCopy && (() => onCopy(entry)),
      onRegenerate: onRegenerate && (() => onRegenerate(entry)),
      onEdit: onEdit && ((text: string) => onEdit(entry, text)),
      onDelete: onDelete && (() => onDelete(entry)),
      onSelectToolCall: onSelectToolCall && ((callId: string) => onSelectToolCall(callId, entry)),
    };
  }, [actions, entry]);
  const { planView, ...others } = rest;
  return (
    <ErrorBoundary part="message" resetKey={entry}>
      <MessageView entry={entry} actions={bound} {...others} {...(planView ? { planView } : {})} />
    </ErrorBoundary>
  );
});

/**
 * The conversation as a virtualised `log` named `Messages`: only rows near the viewport are in the
 * DOM. It opens at the latest message, follows new output while the reader is at the end, stays put
 * when they scrolled up (offering "Jump to latest"), and scrolls to `scrollToEntryId` on request.
 */
export function MessageList({
  entries,
  streamingEntry,
  liveToolEntries,
  running = false,
  actions,
  pendingApprovals,
  onApprove,
  onDeny,
  scrollToEntryId,
  footer,
  emptyState,
  divider,
  scrollToEndKey,
  t = defaultChatTranslate,
  className,
  initialRect,
}: MessageListProps) {
  const names = useNames();
  const scrollRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const sizerRef = useRef<HTMLDivElement>(null);
  // Tokens change only `streamingEntry`: the pass over the whole transcript is not redone for them.
  const {
    rows: storedRows,
    toolEntries,
    lastAssistantId,
    delegations,
  } = useMemo(() => buildMessageRows(entries, undefined, liveToolEntries), [entries, liveToolEntries]);
  const rows = useMemo(() => withStreamingRow(storedRows, streamingEntry), [storedRows, streamingEntry]);
  // JSON plan checklists: recomputed per token only while a plan streams.
  const streamingPlan = streamingEntry?.meta?.plan ? streamingEntry : undefined;
  const planViews = useMemo(
    () => buildPlanViews(streamingPlan ? [...entries, streamingPlan] : entries),
    [entries, streamingPlan],
  );

  // The virtualiser walks every row (10,000 in a long session) whenever a row's measured size changes, asking each
  // one's key and estimate: plain arrays, made once per stored transcript, keep that walk cheap (the streaming row,
  // last or in place of a stored one with the same id, is asked for directly).
  const storedKeys = useMemo(() => storedRows.map((row) => row.entry.id), [storedRows]);
  const storedEstimates = useMemo(() => Float64Array.from(storedRows, (row) => estimateRowHeight(row)), [storedRows]);
  // Stable while the rows are: a new key function makes the virtualiser re-measure every row.
  const getItemKey = useCallback(
    (index: number) => storedKeys[index] ?? rows[index]?.entry.id ?? index,
    [storedKeys, rows],
  );
  const estimateSize = useCallback(
    (index: number) =>
      rows[index]?.streaming
        ? estimateRowHeight(rows[index])
        : (storedEstimates[index] ?? estimateRowHeight(rows[index])),
    [storedEstimates, rows],
  );
  // TanStack Virtual is the project's virtualiser; React Compiler just leaves this component alone.
  // eslint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 3,
    // Chat semantics: keep the viewport pinned to the end while the last message grows, follow
    // appended messages only when the reader is already at the end.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: END_THRESHOLD_PX,
    // Rows measured as they enter are handled with the next frame's other work, not in a second render and layout of
    // the frame that mounted them (in a fast scroll every row entering is measured for the first time).
    useAnimationFrameWithResizeObserver: true,
    scrollToFn: scrollFromLiveOffset,
    ...(initialRect ? { initialRect } : {}),
  });

  // Whether the list follows new output. It is the reader's intent, not a geometric test made at render time:
  // a row that grows after an append (a tool card, Markdown or code finishing) or a render that runs before the
  // virtualiser's new total size must not drop it. Only the reader scrolling up does; reaching the end again,
  // "Jump to latest", sending a message or opening a session turn it back on.
  const followingRef = useRef(true);
  const [following, setFollowingState] = useState(true);
  const setFollowing = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowingState(value);
  }, []);
  const followToEnd = useCallback(() => {
    setFollowing(true);
    virtualizer.scrollToEnd();
  }, [virtualizer, setFollowing]);

  // Open at the latest message, and again when another session's transcript replaces this one.
  const sessionId = rows[0]?.entry.sessionId;
  useLayoutEffect(() => {
    // An empty session shows its first-run screen from the top.
    if (sessionId === undefined) scrollRef.current?.scrollTo({ top: 0 });
    else followToEnd();
  }, [followToEnd, sessionId]);

  // Sending a message always brings the reader to the end, whatever they were reading.
  useLayoutEffect(() => {
    if (scrollToEndKey !== undefined) followToEnd();
  }, [followToEnd, scrollToEndKey]);

  // While following, any change of the content's size (rows measured or appended, the footer, the viewport)
  // pins the view to the end. The reader leaves by scrolling up: a wheel, touch or key gesture upwards, a
  // scrollbar drag upwards, or a jump up by more than a screen (a script, find in page). The virtualiser's own
  // small corrections (rows above measured) never count as leaving.
  const hasRows = rows.length > 0;
  useEffect(() => {
    const scroller = scrollRef.current;
    const footerElement = footerRef.current;
    if (!scroller || !footerElement) return;
    // Sizes as last observed, so a scroll never reads layout (that would force a layout of the rows just rendered,
    // on every scrolled or streamed frame): the content is the virtual rows plus the footer.
    let footerHeight = footerElement.offsetHeight;
    let viewportHeight = scroller.clientHeight;
    let lastOffset = virtualizer.scrollOffset ?? 0;
    let dragging = false;
    const leave = () => {
      // Content shorter than the viewport has nothing to leave.
      if (followingRef.current && virtualizer.getTotalSize() + footerHeight > viewportHeight) setFollowing(false);
    };
    const onScroll = () => {
      const offset = virtualizer.scrollOffset ?? 0;
      const atEnd = virtualizer.getTotalSize() + footerHeight - offset - viewportHeight <= END_THRESHOLD_PX;
      if (atEnd) {
        if (!followingRef.current) setFollowing(true);
      } else if ((dragging && offset < lastOffset) || offset < lastOffset - viewportHeight) {
        leave();
      }
      lastOffset = offset;
    };
    // A press on the scroller itself (not on a row) is on its scrollbar.
    const onPointerDown = (event: PointerEvent) => {
      dragging = event.target === scroller;
    };
    const onPointerUp = () => {
      dragging = false;
    };
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) leave();
    };
    let touchY: number | undefined;
    const onTouchStart = (event: TouchEvent) => {
      touchY = event.touches[0]?.clientY;
    };
    const onTouchMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY;
      // A finger moving down scrolls the content up.
      if (y !== undefined && touchY !== undefined && y > touchY + 2) leave();
      touchY = y;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (UPWARD_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey)) leave();
    };
    const pin = () => {
      if (followingRef.current && virtualizer.options.count > 0) scroller.scrollTop = scroller.scrollHeight;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    scroller.addEventListener('wheel', onWheel, { passive: true });
    scroller.addEventListener('touchstart', onTouchStart, { passive: true });
    scroller.addEventListener('touchmove', onTouchMove, { passive: true });
    scroller.addEventListener('keydown', onKeyDown);
    scroller.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointerup', onPointerUp);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((observed) => {
            for (const entry of observed) {
              if (entry.target === footerElement)
                footerHeight = entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height;
              else if (entry.target === scroller) viewportHeight = entry.contentRect.height;
            }
            pin();
          });
    observer?.observe(footerElement);
    observer?.observe(scroller);
    if (sizerRef.current) observer?.observe(sizerRef.current);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      scroller.removeEventListener('wheel', onWheel);
      scroller.removeEventListener('touchstart', onTouchStart);
      scroller.removeEventListener('touchmove', onTouchMove);
      scroller.removeEventListener('keydown', onKeyDown);
      scroller.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
      observer?.disconnect();
    };
  }, [virtualizer, hasRows, setFollowing]);

  // Only a new target scrolls; rows arriving later must not pull the reader back to it.
  const scrollToTarget = useEffectEvent((entryId: string) => {
    const index = rows.findIndex((row) => row.entry.id === entryId);
    if (index < 0) return;
    // The reader asked for this entry: new output must not pull them away from it.
    setFollowing(false);
    virtualizer.scrollToIndex(index, { align: 'center' });
  });
  useEffect(() => {
    if (scrollToEntryId) scrollToTarget(scrollToEntryId);
  }, [scrollToEntryId]);

  const streaming = Boolean(streamingEntry);
  const items = virtualizer.getVirtualItems();

  return (
    <div className={classNames('relative flex min-h-0 flex-1 flex-col', className)}>
      <div
        ref={scrollRef}
        role="log"
        aria-label="Messages"
        aria-busy={streaming || undefined}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500"
      >
        {rows.length === 0 ? (
          // Auto margins centre a short empty state and let a tall one scroll from its top.
          <div className="mx-auto flex min-h-full max-w-3xl px-4">
            <div className="m-auto w-full py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
              {emptyState ?? t('emptyChat')}
            </div>
          </div>
        ) : (
          <div ref={sizerRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            <ListScrollingContext value={virtualizer.isScrolling}>
              {items.map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                return (
                  <div
                    key={item.key}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    className="absolute top-0 left-0 w-full"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <div
                      className="mx-auto w-full max-w-3xl"
                      data-highlighted={row.entry.id === scrollToEntryId ? 'true' : undefined}
                    >
                      {divider && divider.beforeEntryId === row.entry.id ? divider.node : null}
                      <MessageRowView
                        entry={row.entry}
                        streaming={row.streaming}
                        toolEntries={toolEntries}
                        delegations={delegations}
                        actions={actions}
                        isLastAssistant={row.entry.id === lastAssistantId}
                        runActive={running}
                        pendingApprovals={pendingApprovals}
                        onApprove={onApprove}
                        onDeny={onDeny}
                        highlighted={row.entry.id === scrollToEntryId}
                        planView={planViews.get(row.entry.id)}
                        t={t}
                      />
                      <Suspense fallback={null}>
                        <StuckRunBadge entry={row.entry} />
                      </Suspense>
                    </div>
                  </div>
                );
              })}
            </ListScrollingContext>
          </div>
        )}
        <div ref={footerRef} className="mx-auto w-full max-w-3xl px-4 empty:hidden">
          {footer}
        </div>
      </div>
      {hasRows && !following ? (
        <button
          type="button"
          onClick={followToEnd}
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full border border-zinc-200 bg-white px-3 py-1.5 text-xs font-medium text-zinc-700 shadow-md hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700"
          aria-label={names('Jump to latest')}
        >
          <ArrowDownIcon className="size-3.5" />
          {t('jumpToLatest')}
        </button>
      ) : null}
    </div>
  );
}
