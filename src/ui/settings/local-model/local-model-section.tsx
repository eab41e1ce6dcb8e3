import { useEffect, useState } from 'react';
import { createLocalFilesTranslate, type LocalFilesKey } from '../../../i18n/local-files.ts';
import type { Translate } from '../../../i18n/translate.ts';
import { formatModelSize, type ModelFileProblem } from '../../../model/local/model-file-rules.ts';
import { localContextSize, localThreads } from '../../../model/local/local-provider.ts';
import { useLanguage } from '../../use-t.ts';
import { inputClass, type SettingsTabProps } from '../settings-fields.tsx';
import { LocalModelList, smallButton } from './local-model-list.tsx';
import {
  addPickedFiles,
  downloadFromUrl,
  refreshModelFiles,
  removeModelFile,
  useModelFiles,
  type Outcome,
  type TransferView,
} from './model-files-state.ts';

/** The in-browser provider's part of the Model tab: threads, add from disk or URL, progress, and the stored files. */
export default function LocalModelSection({ draft, setDraft }: Pick<SettingsTabProps, 'draft' | 'setDraft'>) {
  const t = createLocalFilesTranslate(useLanguage());
  const { listing, transfer, outcome } = useModelFiles();
  const [url, setUrl] = useState('');
  useEffect(() => void refreshModelFiles(), []);

  const choose = (name: string | undefined) => {
    if (!name) return;
    const file = useModelFiles.getState().listing?.files.find((candidate) => candidate.name === name);
    // The context the runtime will load it with (what Settings asks, within what the model was trained on).
    setDraft((current) => ({
      ...current,
      model: name,
      contextWindow: localContextSize(current.contextWindow, file?.info.contextLength),
    }));
  };
  return (
    <section aria-label={t('heading')} className="flex flex-col gap-2 text-xs sm:col-span-2">
      <h3 className="text-sm font-semibold">{t('heading')}</h3>
      <p className="text-slate-600 dark:text-slate-300">{t('intro')}</p>
      <ThreadsNote t={t} />
      <label className="flex flex-col gap-1 font-medium">
        <span>{t('chooseFile')}</span>
        <input
          aria-label="Choose a GGUF model file"
          type="file"
          accept=".gguf"
          multiple
          disabled={Boolean(transfer)}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void addPickedFiles(files).then(choose);
          }}
        />
      </label>
      <label className="flex flex-col gap-1 font-medium">
        <span>{t('modelUrl')}</span>
        <span className="flex gap-2">
          <input
            aria-label="Model URL"
            type="url"
            className={inputClass}
            placeholder={t('urlPlaceholder')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <button
            type="button"
            aria-label="Download model"
            className={smallButton}
            disabled={Boolean(transfer) || url.trim() === ''}
            onClick={() => void downloadFromUrl(url).then(choose)}
          >
            {t('download')}
          </button>
        </span>
        <span className="font-normal text-slate-500 dark:text-slate-400">{t('modelUrlHint')}</span>
      </label>
      {transfer ? <TransferProgress transfer={transfer} t={t} /> : null}
      {outcome ? <OutcomeNote outcome={outcome} t={t} /> : null}
      {listing ? (
        <LocalModelList
          listing={listing}
          chosen={draft.model}
          busy={Boolean(transfer)}
          t={t}
          onUse={(file) => choose(file.name)}
          onResume={(file) => void downloadFromUrl(file.partial?.url ?? '').then(choose)}
          onDelete={(name) => void removeModelFile(name)}
        />
      ) : null}
    </section>
  );
}

/** How many threads the model gets here, and why not more. */
function ThreadsNote({ t }: { t: Translate<LocalFilesKey> }) {
  const { threads, isolated } = localThreads();
  const cores = navigator.hardwareConcurrency || 1;
  return (
    <p data-testid="local-model-threads" className="text-slate-600 dark:text-slate-300">
      {isolated ? t('threadsIsolated', { threads, cores }) : t('threadsSingle', { cores })}
    </p>
  );
}

function TransferProgress({ transfer, t }: { transfer: TransferView; t: Translate<LocalFilesKey> }) {
  const total = transfer.total;
  const text = t(transfer.kind === 'copy' ? 'copying' : 'downloading', {
    name: transfer.name,
    received: formatModelSize(transfer.received),
    total: total ? formatModelSize(total) : t('sizeUnknown'),
  });
  return (
    <div className="flex items-center gap-2">
      <progress
        aria-label="Model download"
        aria-valuetext={text}
        className="h-2 flex-1"
        max={total ?? undefined}
        value={total ? transfer.received : undefined}
      />
      <span className="shrink-0">{text}</span>
      <button type="button" aria-label={t('cancelDownload')} className={smallButton} onClick={() => transfer.cancel()}>
        {t('cancel')}
      </button>
    </div>
  );
}

/** The problem's sentence. */
export function problemText(problem: ModelFileProblem, t: Translate<LocalFilesKey>): string {
  switch (problem.kind) {
    case 'gguf':
      return t(`problem.${problem.gguf}`, { detail: problem.detail });
    case 'too-big':
      return t('problem.too-big', {
        size: formatModelSize(problem.bytes),
        limit: `${Math.round(problem.limit / 1024 ** 3)} GiB`,
      });
    case 'no-space':
      return t('problem.no-space', { size: formatModelSize(problem.bytes), free: formatModelSize(problem.free) });
    case 'network':
      return t('problem.network', {
        received: formatModelSize(problem.received),
        total: problem.total ? formatModelSize(problem.total) : t('sizeUnknown'),
        detail: problem.detail,
      });
    case 'not-gguf-name':
    case 'exists':
      return t(`problem.${problem.kind}`, { name: problem.name });
    case 'bad-url':
      return t('problem.bad-url', { url: problem.url });
    case 'http':
      return t('problem.http', { status: problem.status });
    case 'storage':
      return t('problem.storage', { detail: problem.detail });
    case 'no-range':
      return t('problem.no-range');
  }
}

function OutcomeNote({ outcome, t }: { outcome: Outcome; t: Translate<LocalFilesKey> }) {
  if (outcome.kind === 'failed') {
    return (
      <p
        role="alert"
        className="rounded-md border border-red-300 bg-red-50 px-2 py-1 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
      >
        {problemText(outcome.problem, t)}
      </p>
    );
  }
  const text =
    outcome.kind === 'added'
      ? t('added', { name: outcome.name })
      : outcome.kind === 'copy-cancelled'
        ? t('copyCancelled')
        : t('downloadCancelled', { received: formatModelSize(outcome.received) });
  return (
    <p role="status" className="text-emerald-700 dark:text-emerald-400">
      {text}
    </p>
  );
}
