import { useState, type ChangeEvent, type FormEvent } from 'react';
import { formatBytes } from '../../i18n/storage.ts';
import {
  MAX_DATASET_IMPORT_BYTES,
  parseDatasetFile,
  splitTags,
  splitToolNames,
  type ImportProblem,
} from '../../evals/dataset-import.ts';
import type { DatasetItem, ItemFile } from '../../evals/eval-types.ts';
import { services } from '../../store/services.ts';
import { Button } from '../components/button.tsx';
import { ItemFilesField } from './item-files.tsx';
import { datasetStore } from './use-datasets.ts';
import { useDatasetsT } from './use-datasets-t.ts';

const FIELD = 'flex flex-col gap-0.5 text-xs text-zinc-600 dark:text-zinc-300';
const INPUT =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100';

interface Draft {
  input: string;
  expected: string;
  tools: string;
  tags: string;
  files: ItemFile[];
}

/** An item from the editor's fields (trimmed input; empty fields left out). */
export function itemFromDraft(draft: Draft, datasetId: string, id: string, now: number): DatasetItem {
  const item: DatasetItem = { id, datasetId, input: draft.input.trim(), createdAt: now };
  if (draft.expected.trim()) item.expected = draft.expected;
  const tools = splitToolNames(draft.tools);
  if (tools.length > 0) item.tools = { called: tools };
  const tags = splitTags(draft.tags);
  if (tags.length > 0) item.tags = tags;
  if (draft.files.length > 0) item.files = draft.files;
  return item;
}

/** `Add item` and the item editor: `Input`, `Expected output`, `Expected tools`, tags, `Save item`. */
export function ItemForm({ datasetId, onAdded }: { datasetId: string; onAdded: () => void }) {
  const t = useDatasetsT();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  if (!draft) {
    return (
      <div>
        <Button
          size="sm"
          aria-label="Add item"
          onClick={() => setDraft({ input: '', expected: '', tools: '', tags: '', files: [] })}
        >
          {t('addItem')}
        </Button>
      </div>
    );
  }
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.input.trim()) return setError(t('inputRequired'));
    const { newId, now } = services();
    try {
      await (await datasetStore()).addItems([itemFromDraft(draft, datasetId, newId('item'), now())], now());
      setDraft(null);
      setError(undefined);
      onAdded();
    } catch (failure) {
      setError(t('storageFailed', { error: failure instanceof Error ? failure.message : String(failure) }));
    }
  };
  return (
    <form
      onSubmit={(event) => void save(event)}
      className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-700"
    >
      <ItemFields draft={draft} onChange={setDraft} />
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button size="sm" variant="primary" type="submit" aria-label="Save item">
          {t('saveItem')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The editor's fields: `Input`, `Expected output`, `Expected tools`, tags. */
function ItemFields({ draft, onChange }: { draft: Draft; onChange: (draft: Draft) => void }) {
  const t = useDatasetsT();
  const set = (field: keyof Draft) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ ...draft, [field]: event.target.value });
  return (
    <>
      <label className={FIELD}>
        {t('inputLabel')}
        <textarea aria-label="Input" rows={2} value={draft.input} onChange={set('input')} className={INPUT} autoFocus />
      </label>
      <label className={FIELD}>
        {t('expectedLabel')}
        <textarea
          aria-label="Expected output"
          rows={2}
          value={draft.expected}
          onChange={set('expected')}
          className={INPUT}
        />
      </label>
      <label className={FIELD}>
        {t('toolsLabel')}
        <input
          aria-label="Expected tools"
          title={t('toolsHint')}
          value={draft.tools}
          onChange={set('tools')}
          className={INPUT}
        />
      </label>
      <label className={FIELD}>
        {t('tagsLabel')}
        <input title={t('tagsHint')} value={draft.tags} onChange={set('tags')} className={INPUT} />
      </label>
      <ItemFilesField files={draft.files} onChange={(files) => onChange({ ...draft, files })} />
    </>
  );
}

interface ImportReport {
  summary: string;
  problems: ImportProblem[];
}

/** The file input `Import dataset items`: good lines are added, malformed ones listed by number. */
export function ImportItems({ datasetId, onAdded }: { datasetId: string; onAdded: () => void }) {
  const t = useDatasetsT();
  const [report, setReport] = useState<ImportReport | undefined>(undefined);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReport(await importFile(file, datasetId, t));
    onAdded();
  };
  return (
    <div className="flex flex-col gap-1 text-xs text-zinc-600 dark:text-zinc-300">
      <label className="flex flex-col gap-0.5">
        {t('importItems')}
        <input
          type="file"
          aria-label="Import dataset items"
          title={t('importHint')}
          accept=".csv,.jsonl,.ndjson,.json,.txt,text/csv"
          onChange={(event) => void onFile(event)}
          className="text-xs"
        />
      </label>
      {report ? (
        <div role="status" className="rounded-md bg-zinc-50 p-2 dark:bg-zinc-800">
          <p>{report.summary}</p>
          {report.problems.length > 0 ? (
            <>
              <p>{t('importSkipped', { count: report.problems.length })}</p>
              <ul className="list-disc pl-5">
                {report.problems.slice(0, 50).map((problem) => (
                  <li key={`${problem.line}:${problem.key}`}>
                    {t('importLine', { line: problem.line, reason: t(problem.key, problem.values) })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

async function importFile(file: File, datasetId: string, t: ReturnType<typeof useDatasetsT>): Promise<ImportReport> {
  if (file.size > MAX_DATASET_IMPORT_BYTES) {
    return {
      summary: t('importTooLarge', { file: file.name, limit: formatBytes(MAX_DATASET_IMPORT_BYTES) }),
      problems: [],
    };
  }
  try {
    const read = parseDatasetFile(await file.text(), file.name);
    const { newId, now } = services();
    const start = now();
    // One clock reading per import, a hair apart, so the items keep the file's order.
    const items = read.items.map((entry, index) => ({
      ...entry,
      id: newId('item'),
      datasetId,
      createdAt: start + index / 1000,
    }));
    if (items.length > 0) await (await datasetStore()).addItems(items, start);
    const summary =
      items.length > 0
        ? t('importDone', { file: file.name, added: items.length })
        : t('importNothing', { file: file.name });
    return { summary, problems: read.problems };
  } catch (failure) {
    return {
      summary: t('importUnreadable', {
        file: file.name,
        reason: failure instanceof Error ? failure.message : String(failure),
      }),
      problems: [],
    };
  }
}
