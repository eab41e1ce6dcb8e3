import { useEffect, useState } from 'react';
import { ITEM_FILES_MAX_CHARS, MAX_ITEM_FILES, itemFilesChars } from '../../db/datasets-file.ts';
import type { DatasetStore } from '../../db/datasets.ts';
import type { Dataset, ItemFile } from '../../evals/eval-types.ts';
import type { DatasetsKey } from '../../i18n/datasets.ts';
import type { Translate } from '../../i18n/translate.ts';
import { services } from '../../store/services.ts';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { datasetStore, newDataset, useDatasets } from './use-datasets.ts';
import { useDatasetsT } from './use-datasets-t.ts';

const NEW = '';
const INPUT =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100';

/** What goes into the dataset: the user's message, and the answer (or nothing, for a bad one) as expected output. */
export interface AddToDatasetDraft {
  input: string;
  expected: string;
  tags?: string[];
  /** The chat session the message is in: its attached files can go with the item. */
  sessionId?: string;
}

/** Stores one item in the chosen dataset, or in a new one named for the chat; the dataset's name. */
async function addItem(
  store: DatasetStore,
  dataset: Dataset | undefined,
  item: AddToDatasetDraft,
  files: ItemFile[],
  t: Translate<DatasetsKey>,
): Promise<string> {
  const target = dataset ?? newDataset(t('chatDatasetName'));
  if (!dataset) await store.save(target);
  const { newId, now } = services();
  const { input, expected, tags } = item;
  await store.addItems(
    [
      {
        id: newId('item'),
        datasetId: target.id,
        input: input.trim(),
        ...(expected.trim() ? { expected } : {}),
        ...(tags ? { tags } : {}),
        ...(files.length > 0 ? { files } : {}),
        createdAt: now(),
      },
    ],
    now(),
  );
  return target.name;
}

/**
 * `Add to dataset`: choose a dataset (`Dataset`; the newest by default, a new one when there is none), edit the
 * input and expected output, `Add`. Closes with the dataset's name once the item is stored.
 */
export function AddToDatasetDialog({
  draft,
  onClose,
}: {
  draft: AddToDatasetDraft;
  onClose: (added?: string) => void;
}) {
  const t = useDatasetsT();
  const { datasets, error: loadError } = useDatasets();
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [fields, setFields] = useState(draft);
  const [error, setError] = useState<string | undefined>(undefined);
  const sessionFiles = useSessionFiles(draft.sessionId);
  const [withFiles, setWithFiles] = useState(true);
  const chosen = choice ?? datasets?.at(-1)?.id ?? NEW;
  const files = withFiles && sessionFiles?.fits ? sessionFiles.files : [];

  const add = async () => {
    if (!fields.input.trim()) return setError(t('inputRequired'));
    try {
      const dataset = datasets?.find((entry) => entry.id === chosen);
      onClose(await addItem(await datasetStore(), dataset, fields, files, t));
    } catch (failure) {
      setError(t('storageFailed', { error: failure instanceof Error ? failure.message : String(failure) }));
    }
  };
  const shown = error ?? (loadError === undefined ? undefined : t('storageFailed', { error: loadError }));
  return (
    <Dialog
      open
      label="Add to dataset"
      title={t('addToDatasetTitle')}
      onClose={() => onClose()}
      footer={
        <>
          <Button variant="ghost" onClick={() => onClose()}>
            {t('cancel')}
          </Button>
          <Button variant="primary" aria-label="Add" onClick={() => void add()} disabled={datasets === undefined}>
            {t('add')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-2 text-sm text-zinc-700 dark:text-zinc-200">
        <label className="flex flex-col gap-0.5">
          {t('datasetLabel')}
          <select
            aria-label="Dataset"
            value={chosen}
            onChange={(event) => setChoice(event.target.value)}
            className={INPUT}
          >
            {(datasets ?? []).map((dataset) => (
              <option key={dataset.id} value={dataset.id}>
                {dataset.name}
              </option>
            ))}
            <option value={NEW}>{t('newDatasetOption', { name: t('chatDatasetName') })}</option>
          </select>
        </label>
        <DraftFields draft={fields} onChange={setFields} t={t} />
        {sessionFiles && sessionFiles.files.length > 0 ? (
          <SessionFilesChoice files={sessionFiles} checked={withFiles} onChange={setWithFiles} t={t} />
        ) : null}
        {shown ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {shown}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

function DraftFields({
  draft,
  onChange,
  t,
}: {
  draft: AddToDatasetDraft;
  onChange: (draft: AddToDatasetDraft) => void;
  t: Translate<DatasetsKey>;
}) {
  return (
    <>
      <label className="flex flex-col gap-0.5">
        {t('inputLabel')}
        <textarea
          aria-label="Input"
          rows={3}
          value={draft.input}
          onChange={(event) => onChange({ ...draft, input: event.target.value })}
          className={INPUT}
        />
      </label>
      <label className="flex flex-col gap-0.5">
        {t('expectedLabel')}
        <textarea
          aria-label="Expected output"
          rows={4}
          value={draft.expected}
          onChange={(event) => onChange({ ...draft, expected: event.target.value })}
          className={INPUT}
        />
      </label>
    </>
  );
}

/** The session's attached files as item files, and whether they fit in an item; undefined until read. */
function useSessionFiles(sessionId: string | undefined): { files: ItemFile[]; fits: boolean } | undefined {
  const [read, setRead] = useState<{ files: ItemFile[]; fits: boolean } | undefined>(undefined);
  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    services()
      .persistence.attachments.list(sessionId)
      .then(
        (attachments) => {
          const files = attachments.map(({ name, mimeType, text }) => ({ name, mimeType, text }));
          const fits = files.length <= MAX_ITEM_FILES && itemFilesChars(files) <= ITEM_FILES_MAX_CHARS;
          if (live) setRead({ files, fits });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [sessionId]);
  return read;
}

/** `Include attached files`: the session's files go with the item (unless they are too large for one). */
function SessionFilesChoice({
  files,
  checked,
  onChange,
  t,
}: {
  files: { files: ItemFile[]; fits: boolean };
  checked: boolean;
  onChange: (checked: boolean) => void;
  t: Translate<DatasetsKey>;
}) {
  if (!files.fits) return <p>{t('sessionFilesTooLarge', { limit: ITEM_FILES_MAX_CHARS.toLocaleString('en') })}</p>;
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        aria-label="Include attached files"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {t('includeSessionFiles', { names: files.files.map((file) => file.name).join(', ') })}
    </label>
  );
}
