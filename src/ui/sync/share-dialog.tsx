import { useEffect, useState } from 'react';
import { createSyncShareTranslate } from '../../i18n/sync-share.ts';
import { useAppStore } from '../../store/app-store.ts';
import { createShareDatabase, shareSession, type ShareOutcome } from '../../store/actions/share-actions.ts';
import { Button } from '../components/button.tsx';
import { CopyButton } from '../components/copy-button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useLanguage, useNames } from '../use-t.ts';
import { SyncProblemAlert } from './sync-problem-alert.tsx';

/** Shares the session once per attempt; `retry` shares it again (after `Create database`, or a failure). */
function useShare(sessionId: string | undefined): { outcome: ShareOutcome | undefined; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The outcome of which attempt: an older one's is not shown while the next runs.
  const [result, setResult] = useState<{ attempt: number; outcome: ShareOutcome } | undefined>(undefined);
  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    void shareSession(sessionId).then((outcome) => live && setResult({ attempt, outcome }));
    return () => {
      live = false;
    };
  }, [sessionId, attempt]);
  return {
    outcome: result?.attempt === attempt ? result.outcome : undefined,
    retry: () => setAttempt((n) => n + 1),
  };
}

function LinkField({ url }: { url: string }) {
  const t = createSyncShareTranslate(useLanguage());
  return (
    <div className="flex flex-col gap-1">
      <label className="text-sm font-medium" htmlFor="share-link">
        {t('share.link')}
      </label>
      <div className="flex gap-2">
        <input
          id="share-link"
          readOnly
          value={url}
          aria-label="Share link"
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-800"
          onFocus={(event) => event.target.select()}
        />
        <CopyButton
          text={url}
          label={t('share.copy')}
          copiedText={t('share.copied')}
          failedText={t('share.copyFailed')}
        />
      </div>
    </div>
  );
}

function ShareBody({ outcome, retry }: { outcome: ShareOutcome | undefined; retry: () => void }) {
  const t = createSyncShareTranslate(useLanguage());
  if (!outcome) return <p role="status">{t('share.uploading')}</p>;
  switch (outcome.kind) {
    case 'link':
      return (
        <>
          <LinkField url={outcome.url} />
          <p className="text-sm text-zinc-600 dark:text-zinc-300">{t('share.ready')}</p>
        </>
      );
    case 'no-server':
      return (
        <>
          <p className="text-sm">{t('share.noServer')}</p>
          <div>
            <Button onClick={outcome.saveFile}>{t('share.saveFile')}</Button>
          </div>
          <LinkField url={outcome.url} />
        </>
      );
    case 'problem':
      return (
        <SyncProblemAlert
          problem={outcome.problem}
          onCreateDatabase={() => createShareDatabase(outcome.settings).then(retry)}
        />
      );
    case 'failed':
      return (
        <>
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t('share.failed', { error: outcome.error })}
          </p>
          <div>
            <Button onClick={retry}>{t('share.retry')}</Button>
          </div>
        </>
      );
  }
}

/** `Share session`: an encrypted read-only snapshot of the open session on the sync server, and its link. */
export function ShareDialog() {
  const t = createSyncShareTranslate(useLanguage());
  const names = useNames();
  const sessionId = useAppStore((state) => state.activeSessionId) ?? undefined;
  const { outcome, retry } = useShare(sessionId);
  const close = () => useAppStore.getState().setUi({ shareOpen: false });
  return (
    <Dialog
      open
      label="Share session"
      title={t('share.title')}
      onClose={close}
      closeLabel={names('Close')}
      bodyClassName="flex flex-col gap-3 px-4 py-3"
    >
      {sessionId ? <ShareBody outcome={outcome} retry={retry} /> : <p>{t('share.noSession')}</p>}
    </Dialog>
  );
}
