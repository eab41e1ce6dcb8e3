import { lazy, memo, Suspense } from 'react';
import { defaultChatTranslate } from '../../i18n/chat.ts';
import { AssistantMessageView } from './assistant-message-view.tsx';
import { NestedMessageContext, type MessageViewProps } from './message-types.ts';
import { ToolMessageView } from './tool-message-view.tsx';
import { UserMessageView } from './user-message-view.tsx';

export type { MessageViewActions, MessageViewProps } from './message-types.ts';

// Only runs with the answer check on can have a superseded draft: its view loads with the first one.
const DraftAnswerGroup = lazy(() =>
  import('./draft-answer-group.tsx').then((module) => ({ default: module.DraftAnswerGroup })),
);

/**
 * One transcript entry as an `article` named `user message`, `assistant message` or `tool message`.
 * Synthetic user entries (text-ReAct observations, format reminders) render as tool rows, not bubbles;
 * system messages are not shown.
 */
export const MessageView = memo(function MessageView({
  entry,
  toolEntries,
  delegations,
  streaming = false,
  runActive = false,
  actions,
  isLastAssistant,
  pendingApprovals,
  onApprove,
  onDeny,
  highlighted = false,
  planView,
  t = defaultChatTranslate,
}: MessageViewProps) {
  switch (entry.message.role) {
    case 'system':
      return null;
    case 'tool':
      return <ToolMessageView entry={entry} highlighted={highlighted} t={t} />;
    case 'user':
      if (entry.meta?.synthetic) return <ToolMessageView entry={entry} highlighted={highlighted} t={t} />;
      return <UserMessageView entry={entry} actions={actions} runActive={runActive} highlighted={highlighted} t={t} />;
    case 'assistant':
      if (entry.meta?.draftOf && !streaming) {
        return (
          <Suspense fallback={null}>
            <DraftAnswerGroup entry={entry} t={t} />
          </Suspense>
        );
      }
      return (
        // A delegated run's messages inside this one's `Delegation to …` groups are shown by this view too.
        <NestedMessageContext value={renderNested}>
          <AssistantMessageView
            entry={entry}
            toolEntries={toolEntries}
            {...(delegations ? { delegations } : {})}
            streaming={streaming}
            runActive={runActive}
            actions={actions}
            isLastAssistant={isLastAssistant}
            pendingApprovals={pendingApprovals}
            onApprove={onApprove}
            onDeny={onDeny}
            highlighted={highlighted}
            {...(planView ? { planView } : {})}
            t={t}
          />
        </NestedMessageContext>
      );
  }
});

/** A delegated run's message, rendered inside its group by the same view. */
function renderNested(props: MessageViewProps) {
  return <MessageView {...props} />;
}
