/**
 * The stored model files (OPFS `models/`): listed with what their headers say, opened for the runtime, deleted.
 * Adding and downloading go through the transfer worker (model-transfer.ts).
 */
import type { LocalModelFile } from './local-model-types.ts';
import { splitPartNames } from './model-file-rules.ts';
import {
  entryNames,
  findFile,
  META_SUFFIX,
  modelsDirectory,
  PART_SUFFIX,
  readDownloadMeta,
  removeIfPresent,
  verifyModel,
} from './opfs.ts';

export { addModelFile, downloadModelFile, type ModelTransfer, type ModelTransferResult } from './model-transfer.ts';

/** A stored file whose header could not be read (it is listed, so it can be deleted). */
export interface UnreadableModelFile {
  name: string;
  bytes: number;
  problem: string;
}

export interface ModelFileListing {
  files: LocalModelFile[];
  unreadable: UnreadableModelFile[];
}

/** Every stored model, and every partial download (with where it came from and how far it got). */
export async function listModelFiles(): Promise<ModelFileListing> {
  const directory = await modelsDirectory();
  const names = await entryNames(directory);
  const listing: ModelFileListing = { files: [], unreadable: [] };
  for (const name of names) {
    if (name.endsWith(META_SUFFIX)) continue;
    const handle = await findFile(directory, name);
    if (!handle) continue;
    const file = await handle.getFile();
    if (name.endsWith(PART_SUFFIX)) {
      const model = name.slice(0, -PART_SUFFIX.length);
      const meta = await readDownloadMeta(directory, model);
      // A copy cut short by a reload has no source to resume from: it is removed (a copy still running holds
      // its file open, so that removal fails and the copy goes on).
      if (!meta) await removeIfPresent(directory, name).catch(() => undefined);
      else {
        const partial = { url: meta.url, received: file.size, total: meta.total ?? 0 };
        listing.files.push({ name: model, bytes: file.size, info: { architecture: '' }, partial });
      }
      continue;
    }
    try {
      listing.files.push({ name, bytes: file.size, info: await verifyModel(file, name) });
    } catch (error) {
      listing.unreadable.push({
        name,
        bytes: file.size,
        problem: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return listing;
}

/** Deletes a model, or a partial download of it. */
export async function deleteModelFile(name: string): Promise<void> {
  const directory = await modelsDirectory();
  await removeIfPresent(directory, name);
  await removeIfPresent(directory, name + PART_SUFFIX);
  await removeIfPresent(directory, name + META_SUFFIX);
}

/** Every part of a model, in order: one file, or all parts of a split model (`-00001-of-0000N.gguf`). */
export async function openModelFiles(name: string): Promise<File[]> {
  const directory = await modelsDirectory();
  const names = splitPartNames(name);
  const handles = await Promise.all(names.map((part) => findFile(directory, part)));
  const missing = handles.flatMap((handle, i) => (handle ? [] : [i + 1]));
  // A NotFoundError, as OPFS throws for a missing file: the model says the file is not stored (local-model.ts).
  if (missing.length > 0) throw new DOMException(`${name}: part ${missing.join(', ')} is not stored`, 'NotFoundError');
  return Promise.all(handles.map((handle) => (handle as NonNullable<typeof handle>).getFile()));
}
