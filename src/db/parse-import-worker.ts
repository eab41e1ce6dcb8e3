// Parses a large import file off the main thread: reads it with progress (bytes read of total), validates it
// (spans mapped of total for trace files) and posts back the validated import; nothing is written here.
// A ChatGPT export (a JSON array) is streamed instead: checked and counted first (`scanned`), then — when the page
// says `write` — converted and written here in batches, so no size of file is ever held whole.
import { importErrorText } from '../i18n/import-errors.ts';
import type { Language } from '../i18n/translate.ts';
import { newSpanId } from '../trace/ids.ts';
import {
  importChatGptStream,
  scanChatGptExport,
  startsAsArray,
  type StreamImportResult,
  type StreamProgress,
} from './chatgpt-stream-import.ts';
import { newId } from './ids.ts';
import { openGlassboxDb } from './open-db.ts';
import { importTooLargeError, MAX_IMPORT_BYTES } from './import-limit.ts';
import { parseImportFile, type ImportProgress, type ParsedImport } from './parse-import-file.ts';

/** What the page sends: the file to read and parse, and the language of its errors; then `write` or `cancel` for a stream. */
export type ParseImportRequest = { file: File; language: Language } | { type: 'write' } | { type: 'cancel' };

/** What the worker posts back: progress as it goes, then the result. */
export type ParseImportMessage =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'stream-progress'; progress: StreamProgress }
  | { type: 'scanned'; total: number }
  | { type: 'written'; result: StreamImportResult | { ok: false; error: string } }
  | { type: 'done'; result: ParsedImport | { ok: false; error: string } | { ok: false; cancelled: true } };

interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<ParseImportRequest>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const post = (message: ParseImportMessage) => scope.postMessage(message);

/** Reads the file chunk by chunk as UTF-8, reporting bytes read about every 1% (and at the end). */
async function readWithProgress(file: File): Promise<string> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  const step = Math.max(64 * 1024, Math.floor(file.size / 100));
  let loaded = 0;
  let reported = 0;
  post({ type: 'progress', progress: { phase: 'read', done: 0, total: file.size } });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    loaded += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
    if (loaded - reported >= step) {
      reported = loaded;
      post({ type: 'progress', progress: { phase: 'read', done: loaded, total: file.size } });
    }
  }
  parts.push(decoder.decode());
  post({ type: 'progress', progress: { phase: 'read', done: file.size, total: file.size } });
  return parts.join('');
}

let cancelled = false;
let writeRequested: (() => void) | undefined;

scope.onmessage = (event) => {
  const request = event.data;
  if ('file' in request) void handle(request);
  else if (request.type === 'cancel') {
    cancelled = true;
    writeRequested?.();
  } else writeRequested?.();
};

const reportStream = (progress: StreamProgress) => post({ type: 'stream-progress', progress });

/** A ChatGPT export as a stream: scan, wait for the page's go-ahead (or Cancel), then write in batches here. */
async function stream(file: File, language: Language): Promise<void> {
  const scanned = await scanChatGptExport(file, file.name, language, reportStream, () => cancelled);
  if (!scanned.ok) {
    post({ type: 'done', result: scanned });
    return;
  }
  const go = new Promise<void>((resolve) => {
    writeRequested = resolve;
  });
  post({ type: 'scanned', total: scanned.total });
  await go;
  if (cancelled) {
    post({ type: 'done', result: { ok: false, cancelled: true } });
    return;
  }
  const db = await openGlassboxDb();
  try {
    const result = await importChatGptStream(db, file, {
      fileName: file.name,
      language,
      total: scanned.total,
      newId: (prefix) => (prefix === 'span' ? newSpanId() : newId(prefix)),
      onProgress: reportStream,
      isCancelled: () => cancelled,
    });
    post({ type: 'written', result });
  } finally {
    db.close();
  }
}

async function handle({ file, language }: { file: File; language: Language }): Promise<void> {
  try {
    if (await startsAsArray(file)) {
      await stream(file, language);
      return;
    }
  } catch (error) {
    post({
      type: 'done',
      result: { ok: false, error: `${file.name}: ${error instanceof Error ? error.message : String(error)}` },
    });
    return;
  }
  if (file.size > MAX_IMPORT_BYTES) {
    post({ type: 'done', result: { ok: false, error: importTooLargeError(language, file.name, file.size) } });
    return;
  }
  let text: string;
  try {
    text = await readWithProgress(file);
  } catch (error) {
    post({
      type: 'done',
      result: {
        ok: false,
        error: importErrorText(language, 'unreadable', {
          file: file.name,
          reason: error instanceof Error ? error.message : String(error),
        }),
      },
    });
    return;
  }
  try {
    // Mapping reports per trace: pass on about every 1% (and the end), not one message per trace.
    let posted = -Infinity;
    const onProgress = (progress: ImportProgress) => {
      if (progress.done < progress.total && progress.done - posted < progress.total / 100) return;
      posted = progress.done;
      post({ type: 'progress', progress });
    };
    post({ type: 'done', result: parseImportFile(text, file.name, { onProgress, language }) });
  } catch (error) {
    post({
      type: 'done',
      result: { ok: false, error: `${file.name}: ${error instanceof Error ? error.message : String(error)}` },
    });
  }
}
