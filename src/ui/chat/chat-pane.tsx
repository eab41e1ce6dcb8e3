import { useMemo, useState } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { findCompactionBoundary } from '../../context/compaction-boundary.ts';
import { createChatTranslate } from '../../i18n/chat.ts';
import type { Language } from '../../i18n/index.ts';
import { createMemoryTranslate } from '../../i18n/memory.ts';
import {
  answerToolApproval,
  deleteTurn,
  editAndResend,
  regenerate,
  sendMessage,
} from '../../store/actions/chat-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { selectActiveEntries, selectActiveRun } from '../../store/selectors/sessions.ts';
import { CompactionDivider } from '../memory/compaction-divider.tsx';
import { useLanguage } from '../use-t.ts';
import { ChatFooter, ChatHeader, ChatToast, ComposerArea, type CommandInfo } from './chat-pane-parts.tsx';
import { FirstRun } from './first-run.tsx';
import { MessageList, type MessageListActions } from './message-list.tsx';
import { DelegatedStreamingContext, streamingEntryFor } from './streaming-entry.ts';

// Module-level, so the list's rows (memoised) do not render again for new functions on every token.
const actions: MessageListActions = {
  onRegenerate: () => void regenerate(),
  onEdit: (entry, text) => void editAndResend(entry.id, text),
  onDelete: (entry) => void deleteTurn(entry.id),
  // The trace's actions are a chunk shared with the trace pane, loaded on first use.
  onSelectToolCall: (callId) =>
    void import('../../store/actions/trace-actions.ts').then((trace) => trace.revealToolCall(callId)),
};
const approve = (callId: string) => answerToolApproval(callId, true);
const deny = (callId: string) => answerToolApproval(callId, false);
const firstRun = <FirstRun onTry={(text) => void sendMessage(text)} />;

/** The typed messages of a session (not synthetic ones, not a delegate's task). */
function countUserMessages(entries: readonly TranscriptEntry[]): number {
  return entries.filter((entry) => entry.message.role === 'user' && !entry.meta?.synthetic && !entry.meta?.delegation)
    .length;
}

/** "N earlier messages summarised" before the first entry the session's summary does not cover. */
function useCompactionDivider(entries: readonly TranscriptEntry[], language: Language) {
  const summary = useAppStore(
    (state) => state.sessions.find((session) => session.id === state.activeSessionId)?.summary,
  );
  return useMemo(() => {
    if (!summary?.coveredMessages) return undefined;
    const boundary = findCompactionBoundary(entries, summary.coveredMessages);
    if (!boundary) return undefined;
    const t = createMemoryTranslate(language);
    const node = <CompactionDivider count={summary.coveredMessages} summary={summary.text} t={t} />;
    return { beforeEntryId: boundary.entryId, node };
  }, [summary, entries, language]);
}

/** The Chat region: messages, run status, alerts and the message box, wired to the store. */
export function ChatPane() {
  const language = useLanguage();
  const t = useMemo(() => createChatTranslate(language), [language]);
  const sessionId = useAppStore((state) => state.activeSessionId);
  const entries = useAppStore(selectActiveEntries);
  const run = useAppStore(selectActiveRun);
  const scrollToEntryId = useAppStore((state) => state.scrollToEntryId);
  const [info, setInfo] = useState<CommandInfo | null>(null);
  const divider = useCompactionDivider(entries, language);
  const userMessageCount = useMemo(() => countUserMessages(entries), [entries]);
  const streamingEntry = useMemo(
    () => (sessionId ? streamingEntryFor(sessionId, run.streaming) : undefined),
    [sessionId, run.streaming],
  );
  const pendingApprovals = useMemo(() => new Set(run.pendingApprovals), [run.pendingApprovals]);
  const running = run.status === 'running';
  return (
    // `data-user-messages` counts the typed messages of the session, rendered or not (the list is virtualised);
    // `data-session-id` says which session that count belongs to.
    <main
      aria-label="Chat"
      data-session-id={sessionId ?? undefined}
      data-user-messages={userMessageCount}
      className="flex h-full min-h-0 min-w-0 flex-1 flex-col"
    >
      <ChatHeader language={language} run={run} t={t} />
      <DelegatedStreamingContext value={run.delegatedStreaming}>
        <MessageList
          scrollToEndKey={userMessageCount}
          {...(divider ? { divider } : {})}
          className="min-h-0 flex-1"
          entries={entries}
          {...(streamingEntry ? { streamingEntry } : {})}
          running={running}
          actions={actions}
          pendingApprovals={pendingApprovals}
          onApprove={approve}
          onDeny={deny}
          {...(scrollToEntryId ? { scrollToEntryId } : {})}
          footer={<ChatFooter run={run} entries={entries} info={info} onDismissInfo={() => setInfo(null)} t={t} />}
          emptyState={firstRun}
          t={t}
        />
      </DelegatedStreamingContext>
      <ChatToast t={t} />
      <ComposerArea running={running} language={language} onInfo={setInfo} t={t} />
    </main>
  );
}
