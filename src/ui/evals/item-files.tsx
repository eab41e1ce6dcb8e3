import { useState, type ChangeEvent } from 'react';
import { ITEM_FILES_MAX_CHARS, MAX_ITEM_FILES, itemFilesChars } from '../../db/datasets-file.ts';
import type { ItemFile } from '../../evals/eval-types.ts';
import type { DatasetsKey } from '../../i18n/datasets.ts';
import {
  ATTACH_ACCEPT,
  attachmentMimeType,
  checkAttachable,
  decodeText,
} from '../../store/actions/attachment-actions.ts';
import { Button } from '../components/button.tsx';
import { useDatasetsT } from './use-datasets-t.ts';

/** Why a file was not added to an item: a key of the datasets dictionary and its values. */
export interface ItemFileProblem {
  key: DatasetsKey;
  values: Record<string, string | number>;
}

const LIMIT = ITEM_FILES_MAX_CHARS.toLocaleString('en');

/**
 * Reads files for a dataset item: text files as the chat attaches them, at most {@link MAX_ITEM_FILES}, their text
 * together at most {@link ITEM_FILES_MAX_CHARS} characters. A file named like one the item has replaces it.
 */
export async function readItemFiles(
  chosen: readonly File[],
  current: readonly ItemFile[],
): Promise<{ files: ItemFile[]; problems: ItemFileProblem[] }> {
  let files = [...current];
  const problems: ItemFileProblem[] = [];
  for (const file of chosen) {
    const name = file.name;
    if (checkAttachable({ name, type: file.type, size: 0 })) {
      problems.push({ key: 'itemFileUnsupported', values: { name } });
      continue;
    }
    const others = files.filter((existing) => existing.name !== name);
    if (others.length >= MAX_ITEM_FILES) {
      problems.push({ key: 'itemFilesTooMany', values: { name, count: MAX_ITEM_FILES } });
      continue;
    }
    // UTF-8 takes at most 4 bytes per character: a file this large is over the limit without reading it.
    const text = file.size > ITEM_FILES_MAX_CHARS * 4 ? null : decodeText(new Uint8Array(await file.arrayBuffer()));
    if (text === undefined) {
      problems.push({ key: 'itemFileNotText', values: { name } });
      continue;
    }
    if (text === null || itemFilesChars(others) + text.length > ITEM_FILES_MAX_CHARS) {
      problems.push({ key: 'itemFilesTooLarge', values: { name, limit: LIMIT } });
      continue;
    }
    files = [...others, { name, mimeType: attachmentMimeType(file), text }];
  }
  return { files, problems };
}

/** `Item files`: the item's files with a remove button each, and a picker to add more. */
export function ItemFilesField({ files, onChange }: { files: ItemFile[]; onChange: (files: ItemFile[]) => void }) {
  const t = useDatasetsT();
  const [problems, setProblems] = useState<ItemFileProblem[]>([]);
  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const read = await readItemFiles(chosen, files);
    setProblems(read.problems);
    onChange(read.files);
  };
  return (
    <div className="flex flex-col gap-1 text-xs text-zinc-600 dark:text-zinc-300">
      <label className="flex flex-col gap-0.5">
        {t('itemFiles')}
        <input
          type="file"
          multiple
          aria-label="Item files"
          accept={ATTACH_ACCEPT}
          onChange={(event) => void onPick(event)}
          className="text-xs"
        />
      </label>
      {files.length > 0 ? (
        <ul aria-label="Files of the item" className="flex flex-wrap gap-1">
          {files.map((file) => (
            <li key={file.name} className="flex items-center gap-1 rounded bg-zinc-100 px-1.5 dark:bg-zinc-800">
              <span>{file.name}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${file.name}`}
                title={t('removeItemFile', { name: file.name })}
                onClick={() => onChange(files.filter((kept) => kept.name !== file.name))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {problems.length > 0 ? (
        <ul role="alert" className="text-red-700 dark:text-red-300">
          {problems.map((problem) => (
            <li key={`${problem.key}:${String(problem.values.name)}`}>{t(problem.key, problem.values)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
