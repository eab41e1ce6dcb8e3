/**
 * The model files as Settings shows them: the listing, the one transfer (copy or download) in progress, and the
 * latest outcome. Kept outside the dialog so a download goes on when Settings closes, and shows again when it opens.
 */
import { create } from 'zustand';
import {
  addModelFile,
  deleteModelFile,
  downloadModelFile,
  listModelFiles,
  type ModelFileListing,
  type ModelTransfer,
  type ModelTransferResult,
} from '../../../model/local/model-files.ts';
import { ModelFileError, modelNameFromUrl, type ModelFileProblem } from '../../../model/local/model-file-rules.ts';

export interface TransferView {
  kind: 'copy' | 'download';
  name: string;
  received: number;
  total: number | undefined;
  cancel(): void;
}

export type Outcome =
  | { kind: 'added'; name: string }
  | { kind: 'copy-cancelled' }
  | { kind: 'download-cancelled'; received: number }
  | { kind: 'failed'; problem: ModelFileProblem };

interface ModelFilesState {
  listing: ModelFileListing | undefined;
  transfer: TransferView | undefined;
  outcome: Outcome | undefined;
}

export const useModelFiles = create<ModelFilesState>(() => ({
  listing: undefined,
  transfer: undefined,
  outcome: undefined,
}));

function problemOf(error: unknown): ModelFileProblem {
  if (error instanceof ModelFileError) return error.problem;
  return { kind: 'storage', detail: error instanceof Error ? error.message : String(error) };
}

/** Reads the listing again (after a change, or when Settings opens). */
export async function refreshModelFiles(): Promise<void> {
  try {
    useModelFiles.setState({ listing: await listModelFiles() });
  } catch (error) {
    useModelFiles.setState({
      listing: { files: [], unreadable: [] },
      outcome: { kind: 'failed', problem: problemOf(error) },
    });
  }
}

/** Runs a transfer to its end; resolves to the stored name when it succeeded. */
async function track(
  kind: TransferView['kind'],
  start: (progress: (r: number, t?: number) => void) => Promise<ModelTransfer>,
) {
  if (useModelFiles.getState().transfer) return undefined;
  const progress = (received: number, total: number | undefined) => {
    const transfer = useModelFiles.getState().transfer;
    if (transfer) useModelFiles.setState({ transfer: { ...transfer, received, total } });
  };
  useModelFiles.setState({ outcome: undefined });
  let transfer: ModelTransfer;
  try {
    transfer = await start(progress);
  } catch (error) {
    useModelFiles.setState({ outcome: { kind: 'failed', problem: problemOf(error) } });
    return undefined;
  }
  useModelFiles.setState({
    transfer: { kind, name: transfer.name, received: 0, total: undefined, cancel: transfer.cancel },
  });
  const result: ModelTransferResult = await transfer.result;
  const received = useModelFiles.getState().transfer?.received ?? 0;
  useModelFiles.setState({ transfer: undefined, outcome: outcomeOf(kind, result, received) });
  await refreshModelFiles();
  return result.kind === 'done' ? result.name : undefined;
}

function outcomeOf(kind: TransferView['kind'], result: ModelTransferResult, received: number): Outcome {
  if (result.kind === 'done') return { kind: 'added', name: result.name };
  if (result.kind === 'failed') return { kind: 'failed', problem: result.problem };
  return kind === 'copy' ? { kind: 'copy-cancelled' } : { kind: 'download-cancelled', received };
}

/** Copies picked files (every part of a split model, when several are picked); the first stored name, if any. */
export async function addPickedFiles(files: readonly File[]): Promise<string | undefined> {
  let first: string | undefined;
  for (const file of files) {
    const name = await track('copy', (progress) => addModelFile(file, progress));
    if (!name) break;
    first ??= name;
  }
  return first;
}

/** Downloads (or resumes) a model from a URL; the stored name when it finished. */
export async function downloadFromUrl(url: string): Promise<string | undefined> {
  let name: string;
  try {
    name = modelNameFromUrl(url.trim());
  } catch (error) {
    useModelFiles.setState({ outcome: { kind: 'failed', problem: problemOf(error) } });
    return undefined;
  }
  return track('download', async (progress) => downloadModelFile(url.trim(), name, progress));
}

/** Deletes a stored model or a partial download. */
export async function removeModelFile(name: string): Promise<void> {
  try {
    await deleteModelFile(name);
    useModelFiles.setState({ outcome: undefined });
  } catch (error) {
    useModelFiles.setState({ outcome: { kind: 'failed', problem: problemOf(error) } });
  }
  await refreshModelFiles();
}
