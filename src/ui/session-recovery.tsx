import { useEffect, useState, type ReactNode } from 'react';
import { createCrashTranslate } from '../i18n/crash.ts';
import { exportSession } from '../store/actions/file-actions.ts';
import { deleteSession, newSession, switchSession } from '../store/actions/session-actions.ts';
import { clearOpeningMarks, markOpening } from '../store/actions/session-opening.ts';
import { useAppStore } from '../store/app-store.ts';
import { ConfirmDialog } from './sessions/confirm-dialog.tsx';
import { useLanguage, useT } from './use-t.ts';

const actionClass = 'rounded border border-current/40 px-2 py-0.5 text-xs hover:bg-black/5 dark:hover:bg-white/10';

/** Export and Delete (after a confirmation) for one session, plus whatever else the place offers. */
function SessionActions({ sessionId, children }: { sessionId: string; children?: ReactNode }) {
  const t = createCrashTranslate(useLanguage());
  const appT = useT();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {children}
      <button type="button" className={actionClass} onClick={() => void exportSession(sessionId)}>
        {t('export')}
      </button>
      <button type="button" className={actionClass} onClick={() => setConfirming(true)}>
        {t('delete')}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={appT('sessions.deleteConfirmTitle')}
          body={appT('sessions.deleteConfirmBody')}
          confirmLabel="Delete"
          confirmText={appT('sessions.deleteConfirm')}
          cancelText={appT('sessions.cancel')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void deleteSession(sessionId);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The banner shown when start-up did not open the session that was active because opening it failed: it names
 * the session and offers to open it anyway, export it or delete it.
 */
export function SessionRecoveryBanner() {
  const t = createCrashTranslate(useLanguage());
  const failed = useAppStore((state) => state.failedSession);
  const title = useAppStore(
    (state) => state.sessions.find((session) => session.id === state.failedSession?.sessionId)?.title,
  );
  if (!failed || title === undefined) return null;
  const dismiss = () => useAppStore.getState().setUi({ failedSession: undefined });
  return (
    <div
      role="alert"
      aria-label={t('recoveryLabel')}
      className="flex flex-wrap items-center gap-2 border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="min-w-0 flex-1 break-words">
        {failed.loadError === undefined
          ? t('recoveryCrashed', { title })
          : t('recoveryLoadFailed', { title, error: failed.loadError })}{' '}
        {t('recoveryOffer')}
      </p>
      <SessionActions sessionId={failed.sessionId}>
        <button
          type="button"
          className={actionClass}
          onClick={() => {
            dismiss();
            void switchSession(failed.sessionId);
          }}
        >
          {t('openAnyway')}
        </button>
      </SessionActions>
      <button type="button" className={actionClass} onClick={dismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}

/** In the notice of a chat that failed to render its session: New session, Export, Delete. */
export function ChatCrashActions() {
  const t = createCrashTranslate(useLanguage());
  const sessionId = useAppStore((state) => state.activeSessionId);
  return (
    <>
      <button type="button" className={actionClass} onClick={() => void newSession()}>
        {t('newSession')}
      </button>
      {sessionId ? <SessionActions sessionId={sessionId} /> : null}
      <p className="basis-full text-xs">{t('chatOffer')}</p>
    </>
  );
}

/** The chat failed to render the active session: the next start must not open it again. */
export function rememberChatCrash(): void {
  const sessionId = useAppStore.getState().activeSessionId;
  if (sessionId) markOpening(sessionId);
}

/**
 * Rendered beside the chat, inside its error boundary: once the active session's messages have been committed,
 * its opening is over and its marks go (src/store/actions/session-opening.ts).
 */
export function SessionShownSignal() {
  const sessionId = useAppStore((state) => state.activeSessionId);
  const entries = useAppStore((state) => (state.activeSessionId ? state.entries[state.activeSessionId] : undefined));
  useEffect(() => {
    if (sessionId && entries) clearOpeningMarks(sessionId);
  }, [sessionId, entries]);
  return null;
}
