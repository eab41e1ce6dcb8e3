import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { ChatTranslate } from '../../i18n/chat.ts';
import { translate, type Language } from '../../i18n/index.ts';
import { createMessageTranslate } from '../../i18n/messages.ts';
import { runNoticeIdentity, runNoticeIn, runNoticesToShow } from '../../i18n/run-notices.ts';
import { traceStrings } from '../../i18n/trace.ts';
import {
  editQueuedMessage,
  finishQueuedEdit,
  removeQueuedMessage,
  resumeQueuedMessages,
  resumeRun,
  retryRun,
  sendMessage,
  stopRun,
} from '../../store/actions/chat-actions.ts';
import { runSlashCommand } from '../../store/actions/slash-command-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { emptyQueue } from '../../store/message-queue.ts';
import type { SessionRun } from '../../store/run-slice.ts';
import { selectActiveSpans } from '../../store/selectors/sessions.ts';
import { isImportedTrace } from '../../trace/imported.ts';
import { sessionTitle } from '../sessions/session-title.ts';
import { useLanguage, useNames } from '../use-t.ts';
import { AttachmentBar } from './attachment-bar.tsx';
import { Composer } from './composer.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { ForkLinks } from './fork-links.tsx';
import { QueuedMessages } from './queued-messages.tsx';
import { RunStatus } from './run-status.tsx';
import { builtinSlashCommands } from './slash-commands.ts';

// The header's Session model and prompt (button, chip, dialog): a chunk of its own, fetched once the app is idle.
const SessionSettings = lazy(() => import('./session-settings.tsx'));

/** What a slash command reported, shown under the messages until dismissed. */
export interface CommandInfo {
  title: string;
  lines: string[];
}

/**
 * False until the browser is first idle after the app is ready (its state loaded, the message box usable): what
 * loads then is not part of the cold start. Idle before ready does not count: the page is idle while IndexedDB loads.
 */
export function useAfterIdle(): boolean {
  const ready = useAppStore((state) => state.ready);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready) return;
    const done = () => setIdle(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(done, 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(done, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [ready]);
  return idle;
}

/** The imported trace of a read-only session has no composer and no session settings. */
function useReadOnly(): boolean {
  return useAppStore((state) => isImportedTrace(selectActiveSpans(state)));
}

/** The chat's header: the session's title, its model and prompt, the run status, and the fork links. */
export function ChatHeader({ language, run, t }: { language: Language; run: SessionRun; t: ChatTranslate }) {
  const sessionId = useAppStore((state) => state.activeSessionId);
  const sessions = useAppStore((state) => state.sessions);
  const readOnly = useReadOnly();
  const afterIdle = useAfterIdle();
  const hasRun = useAppStore((state) =>
    state.activeSessionId ? (state.spans[state.activeSessionId] ?? []).some((span) => span.kind === 'run') : false,
  );
  const session = sessions.find((candidate) => candidate.id === sessionId);
  const forkedFrom = session?.forkedFrom;
  const forks = useMemo(
    () => sessions.filter((candidate) => candidate.forkedFrom?.sessionId === sessionId),
    [sessions, sessionId],
  );
  return (
    <>
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-1.5 text-sm dark:border-slate-800">
        <span className="min-w-0 flex-1 truncate font-medium">
          {sessionTitle(session?.title, translate(language, 'sessions.untitled'))}
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
          originalTitle={sessions.find((candidate) => candidate.id === forkedFrom?.sessionId)?.title}
          forks={forks}
          canCompare={hasRun && run.status !== 'running'}
          onCompare={() =>
            sessionId &&
            void import('../../store/actions/fork-actions.ts').then((fork) => fork.compareWithOriginal(sessionId))
          }
          strings={traceStrings[language]}
        />
      ) : null}
    </>
  );
}

const NOTICE_CLASSES =
  'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100';
const REPORT_CLASSES =
  'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50';
const INFO_CLASSES =
  'rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/** A titled list under the messages with a Dismiss button (an import report, a command's output). */
function DismissibleReport(props: {
  title: string;
  lines: readonly string[];
  label?: string;
  className: string;
  onDismiss: () => void;
  t: ChatTranslate;
}) {
  return (
    <div role="status" {...(props.label ? { 'aria-label': props.label } : {})} className={props.className}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <strong>{props.title}</strong>
        <button type="button" className="text-xs underline" onClick={props.onDismiss}>
          {props.t('dismiss')}
        </button>
      </div>
      <ul className="list-disc pl-5">
        {props.lines.map((line, index) => (
          <li key={index} className="break-words whitespace-pre-wrap">
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The run's notices, in the reader's language: each once, and none that is already under an answer (told apart by
 * key and values, so a language switch or a reload changes nothing).
 */
export function RunNotices({ run, entries }: { run: SessionRun; entries: readonly TranscriptEntry[] }) {
  const language = useLanguage();
  const shown = useMemo(
    () =>
      runNoticesToShow(
        run.notices,
        entries.map((entry) => entry.meta?.noticeText),
      ),
    [entries, run.notices],
  );
  return shown.map((notice) => (
    <p key={runNoticeIdentity(notice)} data-testid="run-notice" className={NOTICE_CLASSES}>
      {runNoticeIn(language, notice)}
    </p>
  ));
}

/** What follows the messages inside the log: the run's notices and alerts, an import report, a command's output. */
export function ChatFooter(props: {
  run: SessionRun;
  entries: readonly TranscriptEntry[];
  info: CommandInfo | null;
  onDismissInfo: () => void;
  t: ChatTranslate;
}) {
  const { run, entries, info, t } = props;
  const names = useNames();
  const language = useLanguage();
  const appAlert = useAppStore((state) => state.appAlert);
  const importReport = useAppStore((state) => state.importReport);
  const setUi = useAppStore((state) => state.setUi);
  return (
    <div className="space-y-2 px-4 pb-2">
      <RunNotices run={run} entries={entries} />
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
      {appAlert ? (
        <ErrorAlert
          title={
            typeof appAlert === 'string' ? appAlert : createMessageTranslate(language)(appAlert.key, appAlert.values)
          }
          onDismiss={() => setUi({ appAlert: undefined })}
          t={t}
        />
      ) : null}
      {importReport ? (
        <DismissibleReport
          {...importReport}
          label={names('Import report')}
          className={REPORT_CLASSES}
          onDismiss={() => setUi({ importReport: undefined })}
          t={t}
        />
      ) : null}
      {info ? <DismissibleReport {...info} className={INFO_CLASSES} onDismiss={props.onDismissInfo} t={t} /> : null}
    </div>
  );
}

/** A short confirmation above the message box, until dismissed. */
export function ChatToast({ t }: { t: ChatTranslate }) {
  const toast = useAppStore((state) => state.toast);
  const setUi = useAppStore((state) => state.setUi);
  if (!toast) return null;
  return (
    <div
      role="status"
      className="mx-4 mb-1 flex items-center justify-between rounded-md bg-emerald-50 px-3 py-1 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <span>{toast}</span>
      <button type="button" className="text-xs underline" onClick={() => setUi({ toast: undefined })}>
        {t('dismiss')}
      </button>
    </div>
  );
}

/** The queued messages and the message box (or, for an imported trace, a note that it is read-only). */
export function ComposerArea(props: {
  running: boolean;
  language: Language;
  onInfo: (info: CommandInfo | null) => void;
  t: ChatTranslate;
}) {
  const { running, language, onInfo, t } = props;
  const ready = useAppStore((state) => state.ready);
  const readOnly = useReadOnly();
  const queue =
    useAppStore((state) => (state.activeSessionId ? state.queues[state.activeSessionId] : undefined)) ?? emptyQueue;
  const sessions = useAppStore((state) => state.sessions);
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
  const onCommand = useCallback(
    (name: string, argument: string) => void runSlashCommand(name, argument).then((result) => onInfo(result ?? null)),
    [onInfo],
  );
  return (
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
  );
}
