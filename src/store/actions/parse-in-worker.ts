import type { ImportProgress, ParsedImport } from '../../db/parse-import-file.ts';
import type { ParseImportMessage, ParseImportRequest } from '../../db/parse-import-worker.ts';
import { importErrorText } from '../../i18n/import-errors.ts';
import type { Language } from '../../i18n/translate.ts';

/** Files from this size on are read and validated in a worker, with progress; smaller ones on the page. */
export const WORKER_IMPORT_BYTES = 1024 * 1024;

/**
 * Reads and validates an import file in a module worker, reporting progress (bytes read, then spans mapped).
 * Resolves undefined when no worker can be started here (the caller parses on the page instead).
 */
export function parseInWorker(
  file: File,
  language: Language,
  onProgress: (progress: ImportProgress) => void,
): Promise<ParsedImport | { ok: false; error: string } | undefined> {
  if (typeof Worker === 'undefined') return Promise.resolve(undefined);
  let worker: Worker;
  try {
    worker = new Worker(new URL('../../db/parse-import-worker.ts', import.meta.url), { type: 'module', name: 'glassbox-import' });
  } catch {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    let progressed = false;
    worker.onmessage = (event: MessageEvent<ParseImportMessage>) => {
      const message = event.data;
      if (message.type === 'progress') {
        progressed = true;
        onProgress(message.progress);
        return;
      }
      worker.terminate();
      resolve(message.result);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      // A worker that never ran (blocked, failed to load) leaves the file to the page; one that failed mid-way says so.
      resolve(progressed ? { ok: false, error: importErrorText(language, 'unparsable', { file: file.name, reason: event.message || importErrorText(language, 'workerFailed') }) } : undefined);
    };
    worker.postMessage({ file, language } satisfies ParseImportRequest);
  });
}
