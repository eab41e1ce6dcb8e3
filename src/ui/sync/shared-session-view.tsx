import { useEffect, useMemo, useState, type ComponentType } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { createSyncShareTranslate, type SyncShareKey } from '../../i18n/sync-share.ts';
import {
  closeSharedView,
  createShareDatabase,
  importSharedCopy,
  openSharedFile,
  openSharedSession,
  type SharedOutcome,
  type SharedSnapshot,
} from '../../store/actions/share-actions.ts';
import { parseShareFragment, ShareError } from '../../sync/share.ts';
import { Button } from '../components/button.tsx';
import { useLanguage } from '../use-t.ts';
import { SyncProblemAlert } from './sync-problem-alert.tsx';

/**
 * What the first-load app hands the view: its import (store/actions/file-actions.ts) and its message list. Both are
 * in the first-load chunk already; importing them from this lazy chunk would make the bundler split that chunk
 * (measured: +5.6 KB gzip of first load).
 */
export interface SharedViewHost {
  importFiles: (files: File[]) => Promise<void>;
  Messages: ComponentType<{ entries: readonly TranscriptEntry[] }>;
}

type Link = { docId: string; key: Uint8Array } | { error: ShareError };

function readLink(hash: string): Link {
  try {
    return parseShareFragment(hash) ?? { error: new ShareError('bad-link', 'no share') };
  } catch (error) {
    return { error: error instanceof ShareError ? error : new ShareError('bad-link', String(error)) };
  }
}

const ERROR_TEXT: Record<ShareError['kind'], SyncShareKey> = {
  'bad-link': 'view.badLink',
  missing: 'view.missing',
  tampered: 'view.tampered',
  'not-a-session': 'view.notSession',
  server: 'view.server',
};

/** The snapshot's messages as read-only chat entries. */
function useEntries(snapshot: SharedSnapshot): TranscriptEntry[] {
  return useMemo(
    () => snapshot.session.messages.map((message) => ({ ...message, sessionId: snapshot.session.id })),
    [snapshot],
  );
}

/** The shared session, read-only: its messages, `Import a copy` and a way back to the chat. */
function SnapshotView({ snapshot, host }: { snapshot: SharedSnapshot; host: SharedViewHost }) {
  const t = createSyncShareTranslate(useLanguage());
  const entries = useEntries(snapshot);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <p className="px-4 py-2 text-sm text-slate-600 dark:text-slate-300">{t('view.readOnly')}</p>
      <div className="flex gap-2 px-4 pb-2">
        <Button
          variant="primary"
          disabled={importing}
          onClick={() => {
            setImporting(true);
            void importSharedCopy(snapshot, host.importFiles).finally(() => setImporting(false));
          }}
          aria-label="Import a copy"
        >
          {t('view.import')}
        </Button>
      </div>
      <host.Messages entries={entries} />
    </>
  );
}

/** Without a saved server: the encrypted file the snapshot was saved as opens with the link's key. */
function OpenFile({
  link,
  onOpened,
}: {
  link: { docId: string; key: Uint8Array };
  onOpened: (outcome: SharedOutcome) => void;
}) {
  const t = createSyncShareTranslate(useLanguage());
  return (
    <label className="flex flex-col gap-1 px-4 py-2 text-sm">
      {t('view.openFile')}
      <input
        type="file"
        accept=".json,application/json"
        aria-label={t('view.openFile')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void openSharedFile(file, link.docId, link.key).then(onOpened);
        }}
      />
    </label>
  );
}

/** The link's outcome (per link and attempt), a setter for a file opened instead, and a retry. */
function useSharedOutcome(link: Link): [SharedOutcome | undefined, (outcome: SharedOutcome) => void, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ link: Link; attempt: number; outcome: SharedOutcome } | undefined>(undefined);
  useEffect(() => {
    if ('error' in link) return;
    let live = true;
    void openSharedSession(link.docId, link.key).then((outcome) => live && setResult({ link, attempt, outcome }));
    return () => {
      live = false;
    };
  }, [link, attempt]);
  const current = result?.link === link && result.attempt === attempt ? result.outcome : undefined;
  return [
    'error' in link ? { kind: 'error', error: link.error } : current,
    (outcome) => setResult({ link, attempt, outcome }),
    () => setAttempt((n) => n + 1),
  ];
}

/** What the link led to: the session, or why not (each failure its own alert; the rest of the app is untouched). */
function OutcomeView({
  link,
  outcome,
  setOutcome,
  retry,
  host,
}: {
  host: SharedViewHost;
  link: Link;
  outcome: SharedOutcome | undefined;
  setOutcome: (outcome: SharedOutcome) => void;
  retry: () => void;
}) {
  const t = createSyncShareTranslate(useLanguage());
  if (!outcome)
    return (
      <p role="status" className="px-4 py-2 text-sm">
        {t('view.loading')}
      </p>
    );
  if (outcome.kind === 'session') return <SnapshotView snapshot={outcome.snapshot} host={host} />;
  if (outcome.kind === 'problem') {
    const { settings } = outcome;
    return (
      <div className="px-4 py-2">
        <SyncProblemAlert
          problem={outcome.problem}
          onCreateDatabase={() => createShareDatabase(settings).then(retry)}
        />
      </div>
    );
  }
  const alert =
    outcome.kind === 'no-server'
      ? t('view.noServer')
      : t(ERROR_TEXT[outcome.error.kind], { error: outcome.error.message });
  return (
    <>
      <p
        role="alert"
        className="mx-4 my-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        {alert}
      </p>
      {!('error' in link) && (outcome.kind === 'no-server' || outcome.error.kind === 'missing') ? (
        <OpenFile link={link} onOpened={setOutcome} />
      ) : null}
    </>
  );
}

/** A shared session opened from its link, in place of the chat: read-only, no message box. */
export function SharedSessionView({ hash, host }: { hash: string; host: SharedViewHost }) {
  const t = createSyncShareTranslate(useLanguage());
  const link = useMemo(() => readLink(hash), [hash]);
  const [outcome, setOutcome, retry] = useSharedOutcome(link);
  const title = outcome?.kind === 'session' ? outcome.snapshot.session.title : '';
  return (
    <main aria-label="Chat" data-shared-session="" className="flex h-full min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <h2 className="truncate text-sm font-semibold">{t('view.title', { title })}</h2>
        <Button size="sm" variant="ghost" onClick={closeSharedView}>
          {t('view.close')}
        </Button>
      </header>
      <OutcomeView link={link} outcome={outcome} setOutcome={setOutcome} retry={retry} host={host} />
    </main>
  );
}
