import { Fragment, use, useId, useMemo, useState } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { ChatTranslate } from '../../i18n/chat.ts';
import { classNames } from '../components/class-names.ts';
import { ChevronIcon } from '../components/icons.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useNames } from '../use-t.ts';
import { NestedMessageContext, type MessageViewActions } from './message-types.ts';
import { DelegatedStreamingContext, streamingEntryFor } from './streaming-entry.ts';

/** Props of {@link DelegationGroup}. */
export interface DelegationGroupProps {
  agent: string;
  /** The `delegate_<agent>` call this run answers: its step in flight streams in here. */
  callId: string;
  /** The delegated run's entries, in order: the task first. */
  entries: readonly TranscriptEntry[];
  toolEntries: ReadonlyMap<string, TranscriptEntry>;
  delegations: ReadonlyMap<string, readonly TranscriptEntry[]> | undefined;
  /** The delegation has no result yet and the run goes on. */
  working: boolean;
  runActive: boolean;
  actions: MessageViewActions;
  pendingApprovals: ReadonlySet<string> | undefined;
  onApprove: ((callId: string) => void) | undefined;
  onDeny: ((callId: string) => void) | undefined;
  t: ChatTranslate;
}

/**
 * A delegated run under its `delegate_<agent>` card: a `group` named `Delegation to <agent>` that expands to the
 * agent's messages and tool cards. It is open while the agent works or waits for an approval, closed once done.
 */
export function DelegationGroup({
  agent,
  callId,
  entries,
  toolEntries,
  delegations,
  working,
  pendingApprovals,
  t,
  ...rest
}: DelegationGroupProps) {
  const streaming = use(DelegatedStreamingContext)?.[callId];
  const sessionId = entries[0]?.sessionId ?? '';
  const streamingEntry = useMemo(
    () => streamingEntryFor(sessionId, streaming, `streaming_${callId}`),
    [sessionId, streaming, callId],
  );
  const bodyId = useId();
  const [openChoice, setOpenChoice] = useState<boolean | null>(null);
  const waitingForApproval =
    pendingApprovals !== undefined &&
    pendingApprovals.size > 0 &&
    holdsPendingApproval(entries, delegations, pendingApprovals);
  const open = waitingForApproval || (openChoice ?? working);
  return (
    <div
      role="group"
      aria-label={`Delegation to ${agent}`}
      data-testid="delegation"
      data-agent={agent}
      className="my-2 ml-3 rounded-lg border-l-2 border-indigo-300 bg-indigo-50/40 dark:border-indigo-700 dark:bg-indigo-950/20"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpenChoice(!open)}
        className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-200"
      >
        <ChevronIcon className={classNames('size-3.5 shrink-0 transition-transform', open && 'rotate-90')} />
        <span className="font-medium">{t('delegationTo', { agent })}</span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {t('delegationMessages', { count: entries.length })}
        </span>
        {working ? (
          <span className="flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
            <Spinner className="text-indigo-500" />
            {t('delegationWorking')}
          </span>
        ) : null}
      </button>
      <div id={bodyId} hidden={!open}>
        {open ? (
          <DelegatedMessages
            {...{ entries, toolEntries, delegations, pendingApprovals, t }}
            streamingEntry={working ? streamingEntry : undefined}
            runActive={rest.runActive}
            actions={rest.actions}
            onApprove={rest.onApprove}
            onDeny={rest.onDeny}
          />
        ) : null}
      </div>
    </div>
  );
}

/** The delegated run's messages, shown while its group is open: the task, then each message, then its step in flight. */
function DelegatedMessages({
  entries,
  toolEntries,
  delegations,
  pendingApprovals,
  streamingEntry,
  t,
  ...rest
}: Pick<
  DelegationGroupProps,
  | 'entries'
  | 'toolEntries'
  | 'delegations'
  | 'pendingApprovals'
  | 'runActive'
  | 'actions'
  | 'onApprove'
  | 'onDeny'
  | 't'
> & { streamingEntry: TranscriptEntry | undefined }) {
  const names = useNames();
  const renderMessage = use(NestedMessageContext);
  return (
    <>
      {entries.map((entry) =>
        entry.message.role === 'user' ? (
          // The task the agent was given: not a message the user typed, so not a `user message`.
          <article
            key={entry.id}
            aria-label={names('delegated task')}
            data-entry-id={entry.id}
            className="px-4 py-2 text-sm whitespace-pre-wrap text-zinc-700 dark:text-zinc-300"
          >
            {entry.message.content}
          </article>
        ) : (
          <Fragment key={entry.id}>
            {renderMessage?.({
              entry,
              toolEntries,
              ...(delegations ? { delegations } : {}),
              runActive: rest.runActive,
              actions: rest.actions.onSelectToolCall ? { onSelectToolCall: rest.actions.onSelectToolCall } : {},
              isLastAssistant: false,
              ...(pendingApprovals ? { pendingApprovals } : {}),
              ...(rest.onApprove ? { onApprove: rest.onApprove } : {}),
              ...(rest.onDeny ? { onDeny: rest.onDeny } : {}),
              t,
            })}
          </Fragment>
        ),
      )}
      {streamingEntry
        ? renderMessage?.({
            entry: streamingEntry,
            toolEntries,
            streaming: true,
            runActive: rest.runActive,
            actions: {},
            isLastAssistant: false,
            t,
          })
        : null}
    </>
  );
}

/** Whether a call of this delegated run (or of one it delegated to) waits for the user's approval. */
function holdsPendingApproval(
  entries: readonly TranscriptEntry[],
  delegations: ReadonlyMap<string, readonly TranscriptEntry[]> | undefined,
  pending: ReadonlySet<string>,
): boolean {
  return entries.some((entry) => {
    if (entry.message.role !== 'assistant') return false;
    return (entry.message.tool_calls ?? []).some(
      (call) => pending.has(call.id) || holdsPendingApproval(delegations?.get(call.id) ?? [], delegations, pending),
    );
  });
}
