import type { StreamImportResult, StreamProgress } from '../../db/chatgpt-stream-import.ts';
import type { ImportProgress, ParsedImport } from '../../db/parse-import-file.ts';
import type { ParseImportMessage, ParseImportRequest } from '../../db/parse-import-worker.ts';
import { importErrorText } from '../../i18n/import-errors.ts';
import type { Language } from '../../i18n/translate.ts';

/** Files from this size on are read and validated in a worker, with progress; smaller ones on the page. */
export const WORKER_IMPORT_BYTES = 1024 * 1024;

/**
 * A ChatGPT export the worker has checked and counted, not yet written: `write` converts and stores it in batches
 * (in the worker), reporting conversations done; the abort signal given to `parseInWorker` cancels it.
 */
export interface StreamedImport {
  ok: true;
  streamed: true;
  total: number;
  write(onProgress: (progress: StreamProgress) => void): Promise<StreamImportResult | { ok: false; error: string }>;
  /** Ends the worker without writing (another file of the same import was refused). */
  discard(): void;
}

/** The import was cancelled before anything of this file was written. */
export interface CancelledImport {
  ok: false;
  cancelled: true;
}

/**
 * Reads and validates an import file in a module worker, reporting progress (bytes read, then spans mapped).
 * A ChatGPT export is streamed: checked and counted here, written later through the returned `StreamedImport`.
 * Resolves undefined when no worker can be started here (the caller parses on the page instead).
 */
export function parseInWorker(
  file: File,
  language: Language,
  onProgress: (progress: ImportProgress | StreamProgress) => void,
  signal?: AbortSignal,
): Promise<ParsedImport | StreamedImport | CancelledImport | { ok: false; error: string } | undefined> {
  if (typeof Worker === 'undefined') return Promise.resolve(undefined);
  let worker: Worker;
  try {
    worker = new Worker(new URL('../../db/parse-import-worker.ts', import.meta.url), {
      type: 'module',
      name: 'glassbox-import',
    });
  } catch {
    return Promise.resolve(undefined);
  }
  const send = (request: ParseImportRequest) => worker.postMessage(request);
  return new Promise((resolve) => {
    let progressed = false;
    let streaming = false;
    // Where the worker's messages go once `write` has started.
    let writer:
      | {
          onProgress: (progress: StreamProgress) => void;
          resolve: (result: StreamImportResult | { ok: false; error: string }) => void;
        }
      | undefined;
    const failed = (reason: string) => ({
      ok: false as const,
      error: importErrorText(language, 'unparsable', { file: file.name, reason }),
    });
    signal?.addEventListener('abort', () => {
      // A stream stops between conversations (its written batches kept); a whole-file parse has written nothing.
      if (streaming) send({ type: 'cancel' });
      else {
        worker.terminate();
        resolve({ ok: false, cancelled: true });
      }
    });
    worker.onmessage = (event: MessageEvent<ParseImportMessage>) => {
      const message = event.data;
      if (message.type === 'progress') {
        progressed = true;
        onProgress(message.progress);
      } else if (message.type === 'stream-progress') {
        progressed = true;
        streaming = true;
        if (writer) writer.onProgress(message.progress);
        else onProgress(message.progress);
      } else if (message.type === 'scanned') {
        resolve({
          ok: true,
          streamed: true,
          total: message.total,
          write: (onWrite) =>
            new Promise((done) => {
              writer = { onProgress: onWrite, resolve: done };
              send({ type: 'write' });
            }),
          discard: () => worker.terminate(),
        });
      } else if (message.type === 'written') {
        worker.terminate();
        writer?.resolve(message.result);
      } else {
        worker.terminate();
        if (writer)
          writer.resolve(
            message.result.ok
              ? failed('unexpected reply')
              : 'cancelled' in message.result
                ? { ok: true, sessionIds: [], skipped: [], cancelled: true }
                : message.result,
          );
        else resolve(message.result);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      const reason = event.message || importErrorText(language, 'workerFailed');
      if (writer) {
        writer.resolve(failed(reason));
        return;
      }
      // A worker that never ran (blocked, failed to load) leaves the file to the page; one that failed mid-way says so.
      resolve(progressed ? failed(reason) : undefined);
    };
    send({ file, language });
  });
}
