/**
 * The model files' directory in the Origin Private File System (`models/` under `navigator.storage.getDirectory()`),
 * used by the page (list, open, delete) and by the transfer worker (copy, download). A complete model is
 * `<name>`; one being copied or downloaded is `<name>.part`, and a download's source is `<name>.part.json`, so a
 * download resumes after a reload from what was received.
 */
import { GgufError, readGgufHeader } from './gguf-header.ts';
import type { GgufInfo } from './local-model-types.ts';
import { MODELS_DIRECTORY } from './local-provider.ts';
import { ModelFileError, splitPart } from './model-file-rules.ts';

export const PART_SUFFIX = '.part';
export const META_SUFFIX = '.part.json';

/** A sync access handle (workers only; not in TypeScript's DOM types yet). */
export interface SyncAccessHandle {
  write(buffer: Uint8Array, options?: { at?: number }): number;
  truncate(size: number): void;
  getSize(): number;
  flush(): void;
  close(): void;
}

/** What OPFS file handles can do beyond the DOM types: in-place writes in a worker, and renaming. */
export type OpfsFileHandle = FileSystemFileHandle & {
  createSyncAccessHandle(): Promise<SyncAccessHandle>;
  move(name: string): Promise<void>;
};

/** Where a download comes from, kept beside its partial file. */
export interface DownloadMeta {
  url: string;
  total?: number;
}

/** The models directory (created on first use). */
export async function modelsDirectory(): Promise<FileSystemDirectoryHandle> {
  if (typeof navigator === 'undefined' || !navigator.storage?.getDirectory) {
    throw new ModelFileError({ kind: 'storage', detail: 'this browser has no Origin Private File System' });
  }
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(MODELS_DIRECTORY, { create: true });
}

/** Every file name in the directory. */
export async function entryNames(directory: FileSystemDirectoryHandle): Promise<string[]> {
  const names: string[] = [];
  const iterable = directory as unknown as { keys(): AsyncIterable<string> };
  for await (const name of iterable.keys()) names.push(name);
  return names.sort();
}

/** A file of the directory, or undefined when there is none by that name. */
export async function findFile(
  directory: FileSystemDirectoryHandle,
  name: string,
): Promise<OpfsFileHandle | undefined> {
  try {
    return (await directory.getFileHandle(name)) as OpfsFileHandle;
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'TypeMismatchError')) {
      return undefined;
    }
    throw error;
  }
}

/** Removes a file if it is there. */
export async function removeIfPresent(directory: FileSystemDirectoryHandle, name: string): Promise<void> {
  try {
    await directory.removeEntry(name);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'NotFoundError')) throw error;
  }
}

/** The download source kept beside a partial file, if any. */
export async function readDownloadMeta(
  directory: FileSystemDirectoryHandle,
  name: string,
): Promise<DownloadMeta | undefined> {
  const handle = await findFile(directory, name + META_SUFFIX);
  if (!handle) return undefined;
  try {
    const meta = JSON.parse(await (await handle.getFile()).text()) as DownloadMeta;
    return typeof meta.url === 'string' ? meta : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a model file says about itself; a GGUF problem (not GGUF, truncated, corrupt) becomes a {@link ModelFileError}.
 * Later parts of a split model carry only the split keys, so only their signature is checked.
 */
export async function verifyModel(blob: Blob, name: string): Promise<GgufInfo> {
  const part = splitPart(name);
  try {
    if (part && part.index > 1) {
      const magic = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
      if (String.fromCharCode(...magic) !== 'GGUF') {
        throw new GgufError('not-gguf', 'This file is not a GGUF model (no GGUF signature).');
      }
      return { architecture: '', splitCount: part.count };
    }
    return await readGgufHeader(blob);
  } catch (error) {
    if (error instanceof GgufError) throw new ModelFileError({ kind: 'gguf', gguf: error.kind, detail: error.message });
    throw error;
  }
}
