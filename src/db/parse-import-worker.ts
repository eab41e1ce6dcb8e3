// Parses a large import file off the main thread: reads it with progress (bytes read of total), validates it
// (spans mapped of total for trace files) and posts back the validated import; nothing is written here.
import { importErrorText } from '../i18n/import-errors.ts';
import type { Language } from '../i18n/translate.ts';
import { parseImportFile, type ImportProgress, type ParsedImport } from './parse-import-file.ts';

/** What the page sends: the file to read and parse, and the language of its errors. */
export interface ParseImportRequest {
  file: File;
  language: Language;
}

/** What the worker posts back: progress as it goes, then the result. */
export type ParseImportMessage =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; result: ParsedImport | { ok: false; error: string } };

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

scope.onmessage = (event) => void handle(event.data);

async function handle({ file, language }: ParseImportRequest): Promise<void> {
  let text: string;
  try {
    text = await readWithProgress(file);
  } catch (error) {
    post({ type: 'done', result: { ok: false, error: importErrorText(language, 'unreadable', { file: file.name, reason: error instanceof Error ? error.message : String(error) }) } });
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
    post({ type: 'done', result: { ok: false, error: `${file.name}: ${error instanceof Error ? error.message : String(error)}` } });
  }
}
