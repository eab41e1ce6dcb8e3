import { lazy, memo, Suspense, useEffect, useEffectEvent, useMemo, useRef, type ReactNode } from 'react';
import type { Rect, Virtualizer } from '@tanstack/react-virtual';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { defaultChatTranslate, type ChatTranslate } from '../../i18n/chat.ts';
import { classNames } from '../components/class-names.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ArrowDownIcon } from '../components/icons.tsx';
import { buildMessageRows, withStreamingRow, type MessageRow } from './message-rows.ts';
import { buildPlanViews, type PlanView } from './plan-views.ts';
import type { MessageViewActions } from './message-types.ts';
import { MessageView } from './message-view.tsx';
import { CitationsScope } from './citations-scope.tsx';
import { ListScrollingContext } from './message-actions.tsx';
import { useNames } from '../use-t.ts';
import { useFollowLatest } from './use-follow-latest.ts';
import { useMessageVirtualizer } from './use-message-virtualizer.ts';

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

/** The rows of the transcript and what their views look up. Tokens change only `streamingEntry`: the pass over the
 * whole transcript is not redone for them. */
function useMessageRows({ entries, streamingEntry, liveToolEntries }: MessageListProps) {
  const built = useMemo(() => buildMessageRows(entries, undefined, liveToolEntries), [entries, liveToolEntries]);
  const rows = useMemo(() => withStreamingRow(built.rows, streamingEntry), [built.rows, streamingEntry]);
  // JSON plan checklists: recomputed per token only while a plan streams.
  const streamingPlan = streamingEntry?.meta?.plan ? streamingEntry : undefined;
  const planViews = useMemo(
    () => buildPlanViews(streamingPlan ? [...entries, streamingPlan] : entries),
    [entries, streamingPlan],
  );
  return { ...built, rows, planViews };
}

type RowContext = Omit<MessageRowViewProps, 'entry' | 'streaming' | 'isLastAssistant' | 'highlighted' | 'planView'> & {
  lastAssistantId: string | undefined;
  planViews: ReadonlyMap<string, PlanView>;
  scrollToEntryId: string | undefined;
  divider: MessageListProps['divider'];
};

/** The rows near the viewport, each placed where the virtualiser says and measured by it. */
function VirtualRows({
  virtualizer,
  rows,
  context,
}: {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  rows: readonly MessageRow[];
  context: RowContext;
}) {
  const { lastAssistantId, planViews, scrollToEntryId, divider, ...shared } = context;
  return virtualizer.getVirtualItems().map((item) => {
    const row = rows[item.index];
    if (!row) return null;
    const highlighted = row.entry.id === scrollToEntryId;
    return (
      <div
        key={item.key}
        data-index={item.index}
        ref={virtualizer.measureElement}
        className="absolute top-0 left-0 w-full"
        style={{ transform: `translateY(${item.start}px)` }}
      >
        <div className="mx-auto w-full max-w-3xl" data-highlighted={highlighted ? 'true' : undefined}>
          {divider && divider.beforeEntryId === row.entry.id ? divider.node : null}
          <MessageRowView
            entry={row.entry}
            streaming={row.streaming}
            isLastAssistant={row.entry.id === lastAssistantId}
            highlighted={highlighted}
            planView={planViews.get(row.entry.id)}
            {...shared}
          />
          <Suspense fallback={null}>
            <StuckRunBadge entry={row.entry} />
          </Suspense>
        </div>
      </div>
    );
  });
}

const LOG_CLASSES =
  'min-h-0 flex-1 overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500';
const JUMP_CLASSES =
  'absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full border border-zinc-200 bg-white px-3 py-1.5 text-xs font-medium text-zinc-700 shadow-md hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700';

/** Shown when there are no messages: auto margins centre a short empty state and let a tall one scroll from its top. */
function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-full max-w-3xl px-4">
      <div className="m-auto w-full py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">{children}</div>
    </div>
  );
}

/**
 * The conversation as a virtualised `log` named `Messages`: only rows near the viewport are in the
 * DOM. It opens at the latest message, follows new output while the reader is at the end, stays put
 * when they scrolled up (offering "Jump to latest"), and scrolls to `scrollToEntryId` on request.
 */
export function MessageList(props: MessageListProps) {
  const { streamingEntry, running = false, scrollToEntryId, footer, t = defaultChatTranslate } = props;
  const names = useNames();
  const scrollRef = useRef<HTMLDivElement>(null);
  const sizerRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const { rows, toolEntries, lastAssistantId, delegations, planViews } = useMessageRows(props);
  const virtualizer = useMessageVirtualizer(rows, scrollRef, props.initialRect);
  const follow = useFollowLatest(
    { scrollRef, sizerRef, footerRef },
    virtualizer,
    rows[0]?.entry.sessionId,
    props.scrollToEndKey,
  );
  useScrollToEntry(scrollToEntryId, rows, virtualizer, follow.stopFollowing);
  const { actions, pendingApprovals, onApprove, onDeny, divider } = props;
  const shared = { toolEntries, delegations, actions, pendingApprovals, onApprove, onDeny, t, divider };
  const context: RowContext = { ...shared, runActive: running, lastAssistantId, planViews, scrollToEntryId };
  return (
    <div className={classNames('relative flex min-h-0 flex-1 flex-col', props.className)}>
      <div
        ref={scrollRef}
        role="log"
        aria-label="Messages"
        aria-busy={Boolean(streamingEntry) || undefined}
        tabIndex={0}
        className={LOG_CLASSES}
      >
        {rows.length === 0 ? (
          <EmptyState>{props.emptyState ?? t('emptyChat')}</EmptyState>
        ) : (
          <div ref={sizerRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            <ListScrollingContext value={virtualizer.isScrolling}>
              <CitationsScope entries={props.entries}>
                <VirtualRows virtualizer={virtualizer} rows={rows} context={context} />
              </CitationsScope>
            </ListScrollingContext>
          </div>
        )}
        <div ref={footerRef} className="mx-auto w-full max-w-3xl px-4 empty:hidden">
          {footer}
        </div>
      </div>
      {rows.length > 0 && !follow.following ? (
        <button
          type="button"
          onClick={follow.followToEnd}
          className={JUMP_CLASSES}
          aria-label={names('Jump to latest')}
        >
          <ArrowDownIcon className="size-3.5" />
          {t('jumpToLatest')}
        </button>
      ) : null}
    </div>
  );
}

/** Scrolls to a new target entry; rows arriving later must not pull the reader back to it. */
function useScrollToEntry(
  entryId: string | undefined,
  rows: readonly MessageRow[],
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  stopFollowing: () => void,
): void {
  const scrollToTarget = useEffectEvent((target: string) => {
    const index = rows.findIndex((row) => row.entry.id === target);
    if (index < 0) return;
    // The reader asked for this entry: new output must not pull them away from it.
    stopFollowing();
    virtualizer.scrollToIndex(index, { align: 'center' });
  });
  useEffect(() => {
    if (entryId) scrollToTarget(entryId);
  }, [entryId]);
}
