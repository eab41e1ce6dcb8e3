import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { SessionRecord } from '../../db/schema.ts';
import { createChatTranslate } from '../../i18n/chat.ts';
import {
  answerToolApproval,
  deleteTurn,
  editAndResend,
  editQueuedMessage,
  finishQueuedEdit,
  regenerate,
  removeQueuedMessage,
  resumeQueuedMessages,
  resumeRun,
  retryRun,
  sendMessage,
  stopRun,
} from '../../store/actions/chat-actions.ts';
import { runSlashCommand } from '../../store/actions/slash-command-actions.ts';
import { switchSession } from '../../store/actions/session-actions.ts';
import { fillPlaceholders } from '../../i18n/trace.ts';
import { useAppStore } from '../../store/app-store.ts';
import { selectActiveEntries, selectActiveRun, selectActiveSpans } from '../../store/selectors/sessions.ts';
import { traceStrings } from '../../i18n/trace.ts';
import { isImportedTrace } from '../../trace/imported.ts';
import { useLanguage, useNames } from '../use-t.ts';
import { AttachmentBar } from './attachment-bar.tsx';
import { findCompactionBoundary } from '../../context/compaction-boundary.ts';
import { CompactionDivider } from '../memory/compaction-divider.tsx';
import { createMemoryTranslate } from '../../i18n/memory.ts';
import { Composer } from './composer.tsx';
import { QueuedMessages } from './queued-messages.tsx';
import { emptyQueue } from '../../store/message-queue.ts';
import { ErrorAlert } from './error-alert.tsx';
import { FirstRun } from './first-run.tsx';
import { MessageList, type MessageListActions } from './message-list.tsx';
import { RunStatus } from './run-status.tsx';
import { DelegatedStreamingContext, streamingEntryFor } from './streaming-entry.ts';
import { translate } from '../../i18n/index.ts';
import { sessionTitle } from '../sessions/session-title.ts';
import { builtinSlashCommands } from './slash-commands.ts';

// The header's Session model and prompt (button, chip, dialog): a chunk of its own, fetched once the app is idle.
const SessionSettings = lazy(() => import('./session-settings.tsx'));

/** False until the browser is first idle after mounting: what loads then is not part of the cold start. */
function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(done, 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(done, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return idle;
}

const LINK_CLASSES =
  'rounded px-1 text-indigo-700 underline hover:bg-indigo-50 disabled:text-slate-400 disabled:no-underline dark:text-indigo-300 dark:hover:bg-indigo-950';

/** The links between a fork and its original: "forked from … at step n" with Open original and Compare, and the forks of this session. */
function ForkLinks(props: {
  forkedFrom: SessionRecord['forkedFrom'];
  originalTitle: string | undefined;
  forks: SessionRecord[];
  canCompare: boolean;
  onCompare: () => void;
  strings: (typeof traceStrings)['en'];
}) {
  const { forkedFrom, originalTitle, forks, strings } = props;
  const names = useNames();
  return (
    <div
      data-testid="fork-links"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 px-4 py-1 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300"
    >
      {forkedFrom ? (
        <>
          <span data-testid="forked-from">
            {originalTitle === undefined
              ? strings['fork.originalGone']
              : fillPlaceholders(strings['fork.forkedFrom'], { title: originalTitle, step: forkedFrom.step })}
          </span>
          {originalTitle === undefined ? null : (
            <button
              type="button"
              aria-label={names('Open original')}
              className={LINK_CLASSES}
              onClick={() => void switchSession(forkedFrom.sessionId)}
            >
              {strings['fork.openOriginal']}
            </button>
          )}
          {originalTitle === undefined ? null : (
            <button
              type="button"
              aria-label={names('Compare with original')}
              disabled={!props.canCompare}
              className={LINK_CLASSES}
              onClick={props.onCompare}
            >
              {strings['fork.compare']}
            </button>
          )}
        </>
      ) : null}
      {forks.length > 0 ? (
        <>
          <span>{strings['fork.forks']}</span>
          {forks.map((fork) => (
            <button
              key={fork.id}
              type="button"
              aria-label={names('Open fork {title}', { title: fork.title })}
              className={LINK_CLASSES}
              onClick={() => void switchSession(fork.id)}
            >
              {fillPlaceholders(strings['fork.forkAt'], { title: fork.title, step: fork.forkedFrom?.step ?? 0 })}
            </button>
          ))}
        </>
      ) : null}
    </div>
  );
}

/** The Chat region: messages, run status, alerts and the message box, wired to the store. */
export function ChatPane() {
  const language = useLanguage();
  const t = useMemo(() => createChatTranslate(language), [language]);
  const names = useNames();
  const ready = useAppStore((state) => state.ready);
  const sessionId = useAppStore((state) => state.activeSessionId);
  const entries = useAppStore(selectActiveEntries);
  const run = useAppStore(selectActiveRun);
  const queue =
    useAppStore((state) => (state.activeSessionId ? state.queues[state.activeSessionId] : undefined)) ?? emptyQueue;
  const readOnly = useAppStore((state) => isImportedTrace(selectActiveSpans(state)));
  const sessions = useAppStore((state) => state.sessions);
  const summary = sessions.find((session) => session.id === sessionId)?.summary;
  const forkedFrom = sessions.find((session) => session.id === sessionId)?.forkedFrom;
  const forks = useMemo(
    () => sessions.filter((session) => session.forkedFrom?.sessionId === sessionId),
    [sessions, sessionId],
  );
  const hasRun = useAppStore((state) =>
    state.activeSessionId ? (state.spans[state.activeSessionId] ?? []).some((span) => span.kind === 'run') : false,
  );
  const divider = useMemo(() => {
    if (!summary?.coveredMessages) return undefined;
    const boundary = findCompactionBoundary(entries, summary.coveredMessages);
    if (!boundary) return undefined;
    return {
      beforeEntryId: boundary.entryId,
      node: (
        <CompactionDivider count={summary.coveredMessages} summary={summary.text} t={createMemoryTranslate(language)} />
      ),
    };
  }, [summary, entries, language]);
  const scrollToEntryId = useAppStore((state) => state.scrollToEntryId);
  const appAlert = useAppStore((state) => state.appAlert);
  const toast = useAppStore((state) => state.toast);
  const importReport = useAppStore((state) => state.importReport);
  const setUi = useAppStore((state) => state.setUi);
  const [info, setInfo] = useState<{ title: string; lines: string[] } | null>(null);
  const afterIdle = useAfterIdle();

  const running = run.status === 'running';
  const userMessageCount = useMemo(
    () =>
      entries.filter((entry) => entry.message.role === 'user' && !entry.meta?.synthetic && !entry.meta?.delegation)
        .length,
    [entries],
  );
  const streamingEntry = useMemo(
    () => (sessionId ? streamingEntryFor(sessionId, run.streaming) : undefined),
    [sessionId, run.streaming],
  );
  const pendingApprovals = useMemo(() => new Set(run.pendingApprovals), [run.pendingApprovals]);
  const shownNotices = useMemo(() => {
    const onEntries = new Set(entries.map((entry) => entry.meta?.notice).filter(Boolean));
    return [...new Set(run.notices)].filter((notice) => !onEntries.has(notice));
  }, [entries, run.notices]);

  const commands = useMemo(
    () =>
      builtinSlashCommands(t, (partial) =>
        sessions
          .map((session) => session.title)
          .filter((title) => title.toLowerCase().includes(partial.toLowerCase()))
          .slice(0, 8),
      ),
    [t, sessions],
  );

  const actions = useMemo<MessageListActions>(
    () => ({
      onRegenerate: () => void regenerate(),
      onEdit: (entry, text) => void editAndResend(entry.id, text),
      onDelete: (entry) => void deleteTurn(entry.id),
      // The trace's actions are a chunk shared with the trace pane, loaded on first use.
      onSelectToolCall: (callId) =>
        void import('../../store/actions/trace-actions.ts').then((trace) => trace.revealToolCall(callId)),
    }),
    [],
  );

  const onCommand = useCallback((name: string, argument: string) => {
    void runSlashCommand(name, argument).then((result) => setInfo(result ?? null));
  }, []);

  const footer = (
    <div className="space-y-2 px-4 pb-2">
      {shownNotices.map((notice) => (
        <p
          key={notice}
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          {notice}
        </p>
      ))}
      {run.status === 'interrupted' ? (
        <ErrorAlert
          tone="warning"
          title={t('interruptedTitle')}
          advice={t('interruptedAdvice')}
          onResume={() => void resumeRun()}
          t={t}
        />
      ) : null}
      {run.status === 'error' && run.alert ? (
        <ErrorAlert
          title={run.alert.title}
          advice={run.alert.advice}
          {...(run.alert.retryable ? { onRetry: () => void retryRun() } : {})}
          t={t}
        />
      ) : null}
      {appAlert ? <ErrorAlert title={appAlert} onDismiss={() => setUi({ appAlert: undefined })} t={t} /> : null}
      {importReport ? (
        <div
          role="status"
          aria-label={names('Import report')}
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
        >
          <div className="mb-1 flex items-center justify-between gap-2">
            <strong>{importReport.title}</strong>
            <button type="button" className="text-xs underline" onClick={() => setUi({ importReport: undefined })}>
              {t('dismiss')}
            </button>
          </div>
          <ul className="list-disc pl-5">
            {importReport.lines.map((line, index) => (
              <li key={index} className="break-words whitespace-pre-wrap">
                {line}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {info ? (
        <div
          role="status"
          className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="mb-1 flex items-center justify-between">
            <strong>{info.title}</strong>
            <button type="button" className="text-xs underline" onClick={() => setInfo(null)}>
              {t('dismiss')}
            </button>
          </div>
          <ul className="list-disc pl-5">
            {info.lines.map((line, index) => (
              <li key={index} className="whitespace-pre-wrap">
                {line}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );

  return (
    // `data-user-messages` counts the typed messages of the session, rendered or not (the list is virtualised);
    // `data-session-id` says which session that count belongs to.
    <main
      aria-label="Chat"
      data-session-id={sessionId ?? undefined}
      data-user-messages={userMessageCount}
      className="flex h-full min-h-0 min-w-0 flex-1 flex-col"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-1.5 text-sm dark:border-slate-800">
        <span className="min-w-0 flex-1 truncate font-medium">
          {sessionTitle(
            sessions.find((session) => session.id === sessionId)?.title,
            translate(language, 'sessions.untitled'),
          )}
        </span>
        {sessionId && !readOnly && afterIdle ? (
          <Suspense fallback={null}>
            <SessionSettings sessionId={sessionId} />
          </Suspense>
        ) : null}
        <RunStatus status={run.status} t={t} />
      </div>
      {forkedFrom || forks.length > 0 ? (
        <ForkLinks
          forkedFrom={forkedFrom}
          originalTitle={sessions.find((session) => session.id === forkedFrom?.sessionId)?.title}
          forks={forks}
          canCompare={hasRun && !running}
          onCompare={() =>
            sessionId &&
            void import('../../store/actions/fork-actions.ts').then((fork) => fork.compareWithOriginal(sessionId))
          }
          strings={traceStrings[language]}
        />
      ) : null}
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
          onApprove={(callId) => answerToolApproval(callId, true)}
          onDeny={(callId) => answerToolApproval(callId, false)}
          {...(scrollToEntryId ? { scrollToEntryId } : {})}
          footer={footer}
          emptyState={<FirstRun onTry={(text) => void sendMessage(text)} />}
          t={t}
        />
      </DelegatedStreamingContext>
      {toast ? (
        <div
          role="status"
          className="mx-4 mb-1 flex items-center justify-between rounded-md bg-emerald-50 px-3 py-1 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <span>{toast}</span>
          <button type="button" className="text-xs underline" onClick={() => setUi({ toast: undefined })}>
            {t('dismiss')}
          </button>
        </div>
      ) : null}
      <div className="border-t border-slate-200 p-3 dark:border-slate-800">
        <QueuedMessages
          items={queue.items}
          paused={queue.paused}
          canResume={!queue.busy}
          editingId={queue.editing}
          onEdit={editQueuedMessage}
          onFinishEdit={finishQueuedEdit}
          onRemove={removeQueuedMessage}
          onResume={resumeQueuedMessages}
          t={t}
        />
        {readOnly ? (
          <p role="note" className="text-sm text-slate-600 dark:text-slate-300">
            {traceStrings[language]['trace.importedReadOnly']}
          </p>
        ) : (
          <Composer
            disabled={!ready}
            running={running}
            onSend={(text) => void sendMessage(text)}
            onStop={stopRun}
            commands={commands}
            onCommand={onCommand}
            attachments={<AttachmentBar />}
            autoFocus
            t={t}
          />
        )}
      </div>
    </main>
  );
}
