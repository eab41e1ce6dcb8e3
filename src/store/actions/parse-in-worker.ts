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

type WorkerFailure = { ok: false; error: string };
type ParseOutcome = ParsedImport | StreamedImport | CancelledImport | WorkerFailure | undefined;

/** One parse in the worker: where its messages go. */
interface WorkerParse {
  worker: Worker;
  send: (request: ParseImportRequest) => void;
  resolve: (outcome: ParseOutcome) => void;
  onProgress: (progress: ImportProgress | StreamProgress) => void;
  failed: (reason: string) => WorkerFailure;
  progressed: boolean;
  streaming: boolean;
  /** Where the worker's messages go once `write` has started. */
  writer?: {
    onProgress: (progress: StreamProgress) => void;
    resolve: (result: StreamImportResult | WorkerFailure) => void;
  };
}

function startWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  try {
    return new Worker(new URL('../../db/parse-import-worker.ts', import.meta.url), {
      type: 'module',
      name: 'glassbox-import',
    });
  } catch {
    return undefined;
  }
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
): Promise<ParseOutcome> {
  const worker = startWorker();
  if (!worker) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const parse: WorkerParse = {
      worker,
      send: (request) => worker.postMessage(request),
      resolve,
      onProgress,
      failed: (reason) => ({ ok: false, error: importErrorText(language, 'unparsable', { file: file.name, reason }) }),
      progressed: false,
      streaming: false,
    };
    signal?.addEventListener('abort', () => {
      // A stream stops between conversations (its written batches kept); a whole-file parse has written nothing.
      if (parse.streaming) parse.send({ type: 'cancel' });
      else {
        worker.terminate();
        resolve({ ok: false, cancelled: true });
      }
    });
    worker.onmessage = (event: MessageEvent<ParseImportMessage>) => onWorkerMessage(parse, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      const reason = event.message || importErrorText(language, 'workerFailed');
      if (parse.writer) {
        parse.writer.resolve(parse.failed(reason));
        return;
      }
      // A worker that never ran (blocked, failed to load) leaves the file to the page; one that failed mid-way says so.
      resolve(parse.progressed ? parse.failed(reason) : undefined);
    };
    parse.send({ file, language });
  });
}

function onWorkerMessage(parse: WorkerParse, message: ParseImportMessage): void {
  const { worker, writer } = parse;
  if (message.type === 'progress') {
    parse.progressed = true;
    parse.onProgress(message.progress);
  } else if (message.type === 'stream-progress') {
    parse.progressed = true;
    parse.streaming = true;
    if (writer) writer.onProgress(message.progress);
    else parse.onProgress(message.progress);
  } else if (message.type === 'scanned') {
    parse.resolve({
      ok: true,
      streamed: true,
      total: message.total,
      write: (onWrite) =>
        new Promise((done) => {
          parse.writer = { onProgress: onWrite, resolve: done };
          parse.send({ type: 'write' });
        }),
      discard: () => worker.terminate(),
    });
  } else if (message.type === 'written') {
    worker.terminate();
    writer?.resolve(message.result);
  } else {
    worker.terminate();
    if (!writer) parse.resolve(message.result);
    else if (message.result.ok) writer.resolve(parse.failed('unexpected reply'));
    else
      writer.resolve(
        'cancelled' in message.result ? { ok: true, sessionIds: [], skipped: [], cancelled: true } : message.result,
      );
  }
}
