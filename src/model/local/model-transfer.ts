/**
 * Copying a picked model file, or downloading one, into OPFS through the transfer worker
 * (model-transfer-worker.ts): one worker per transfer, progress as it goes, Cancel at any time.
 */
import { checkFits, ModelFileError, safeModelName, type ModelFileProblem } from './model-file-rules.ts';

export type ModelTransferRequest =
  { kind: 'copy'; file: File; name: string } | { kind: 'download'; url: string; name: string } | { kind: 'cancel' };

export type ModelTransferEvent =
  | { kind: 'progress'; received: number; total: number | undefined }
  | { kind: 'done'; name: string; bytes: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; problem: ModelFileProblem };

/** How a transfer ended. */
export type ModelTransferResult =
  { kind: 'done'; name: string; bytes: number } | { kind: 'cancelled' } | { kind: 'failed'; problem: ModelFileProblem };

export interface ModelTransfer {
  /** The file name the model gets in OPFS. */
  name: string;
  result: Promise<ModelTransferResult>;
  cancel(): void;
}

export type TransferProgress = (received: number, total: number | undefined) => void;

function startWorker(): Worker {
  return new Worker(new URL('./model-transfer-worker.ts', import.meta.url), {
    type: 'module',
    name: 'glassbox-model-files',
  });
}

function run(request: Exclude<ModelTransferRequest, { kind: 'cancel' }>, onProgress: TransferProgress): ModelTransfer {
  const worker = startWorker();
  const result = new Promise<ModelTransferResult>((resolve) => {
    worker.onmessage = (event: MessageEvent<ModelTransferEvent>) => {
      const message = event.data;
      if (message.kind === 'progress') {
        onProgress(message.received, message.total);
        return;
      }
      worker.terminate();
      resolve(message);
    };
    worker.onerror = (event) => {
      worker.terminate();
      resolve({ kind: 'failed', problem: { kind: 'storage', detail: event.message || 'the worker failed' } });
    };
  });
  worker.postMessage(request);
  return { name: request.name, result, cancel: () => worker.postMessage({ kind: 'cancel' }) };
}

/** A transfer that failed before it started. */
function refused(name: string, error: unknown): ModelTransfer {
  if (!(error instanceof ModelFileError)) throw error;
  return { name, result: Promise.resolve({ kind: 'failed', problem: error.problem }), cancel: () => undefined };
}

/** Copies a picked file into OPFS (refused at once when the origin's quota has no room for it). */
export async function addModelFile(file: File, onProgress: TransferProgress): Promise<ModelTransfer> {
  const name = safeModelName(file.name);
  try {
    if (!/\.gguf$/iu.test(name)) throw new ModelFileError({ kind: 'not-gguf-name', name });
    checkFits(file.size, await navigator.storage.estimate());
  } catch (error) {
    return refused(name, error);
  }
  return run({ kind: 'copy', file, name }, onProgress);
}

/** Downloads (or resumes downloading) `url` into OPFS as `name`. */
export function downloadModelFile(url: string, name: string, onProgress: TransferProgress): ModelTransfer {
  return run({ kind: 'download', url, name }, onProgress);
}
