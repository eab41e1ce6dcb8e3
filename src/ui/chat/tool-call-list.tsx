import { Fragment, useState } from 'react';
import type { ChatTranslate } from '../../i18n/chat.ts';
import type { ToolCall } from '../../model/model.ts';
import { DelegationGroup } from './delegation-group.tsx';
import type { MessageViewProps } from './message-types.ts';
import { ToolCallCard } from './tool-call-card.tsx';
import { toolCallStatus } from './tool-call-format.ts';

/** Tool call cards a message shows at first; the reader shows more a page at a time. */
export const TOOL_CALL_PAGE = 50;

/** Props of {@link ToolCallList}. */
export type ToolCallListProps = Pick<
  MessageViewProps,
  'toolEntries' | 'delegations' | 'actions' | 'pendingApprovals' | 'onApprove' | 'onDeny'
> & { toolCalls: readonly ToolCall[]; streaming: boolean; runActive: boolean; t: ChatTranslate };

/**
 * The tool call cards of one assistant message, each with the delegated run it started. A message with thousands
 * of calls (a model flooding them) shows the first page and a button for the next, so it costs what a short one does.
 */
export function ToolCallList({ toolCalls, toolEntries, delegations, actions, t, ...rest }: ToolCallListProps) {
  const [shown, setShown] = useState(TOOL_CALL_PAGE);
  const hidden = toolCalls.length - shown;
  return (
    <>
      {toolCalls.slice(0, shown).map((call) => {
        const result = toolEntries.get(call.id);
        // Entries of the run this call delegated to (the runtime stays out of the main chunk: the name is on them).
        const delegated = delegations?.get(call.id);
        const agent = delegated?.[0]?.meta?.delegation?.agent;
        return (
          <Fragment key={call.id || call.function.name}>
            <ToolCallCard
              call={call}
              result={result}
              status={toolCallStatus({
                result,
                awaitingApproval: rest.pendingApprovals?.has(call.id) ?? false,
                streaming: rest.streaming,
                runActive: rest.runActive,
              })}
              onShowInTrace={actions.onSelectToolCall}
              onApprove={rest.onApprove}
              onDeny={rest.onDeny}
              t={t}
            />
            {agent !== undefined && delegated ? (
              <DelegationGroup
                agent={agent}
                callId={call.id}
                entries={delegated}
                toolEntries={toolEntries}
                delegations={delegations}
                working={!result && rest.runActive}
                runActive={rest.runActive}
                actions={actions}
                pendingApprovals={rest.pendingApprovals}
                onApprove={rest.onApprove}
                onDeny={rest.onDeny}
                t={t}
              />
            ) : null}
          </Fragment>
        );
      })}
      {hidden > 0 ? (
        <button
          type="button"
          onClick={() => setShown(shown + TOOL_CALL_PAGE)}
          className="my-1 rounded border border-zinc-300 px-2 py-1 text-xs text-zinc-700 hover:bg-zinc-50 dark:border-zinc-600 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          {t('moreToolCalls', { count: Math.min(hidden, TOOL_CALL_PAGE), total: toolCalls.length })}
        </button>
      ) : null}
    </>
  );
}
