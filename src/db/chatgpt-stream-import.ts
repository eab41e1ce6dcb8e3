// A ChatGPT `conversations.json` of any size, read as a stream: a first pass checks the whole file and counts
// its conversations (nothing is written), a second converts them one at a time and writes them in batches of a
// transaction each. Memory holds one conversation's text and one batch, never the file.
import { importErrorText } from '../i18n/import-errors.ts';
import type { Language } from '../i18n/translate.ts';
import {
  convertConversation,
  isChatGptExport,
  noConversationsError,
  type SkippedConversation,
} from './chatgpt-import.ts';
import { importParsed, type ImportOptions } from './import-sessions.ts';
import { JsonArrayError, JsonArraySplitter } from './json-array-stream.ts';
import { loadSearchIndex } from './search-index-state.ts';
import { parseUntrustedJson } from './safe-json.ts';
import type { FileSession } from './session-file-schema.ts';
import { SESSION_FILE_FORMAT } from './session-file-schema.ts';
import type { GlassboxDatabase } from './transaction.ts';

/** How far a streamed import has got: bytes read of the file, and (writing) conversations done of all. */
export interface StreamProgress {
  phase: 'read' | 'write';
  bytesDone: number;
  bytesTotal: number;
  /** Conversations converted (imported or skipped) so far: the write phase only. */
  done?: number;
  total?: number;
}

/** Stops a stream between conversations when it says so. */
export type IsCancelled = () => boolean;

/** A conversation's text as it arrives, with the bytes of the file read so far. */
async function forEachElement(
  file: Blob,
  onElement: (text: string, bytesRead: number) => Promise<void> | void,
  isCancelled: IsCancelled,
): Promise<JsonArraySplitter> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  const splitter = new JsonArraySplitter();
  let bytesRead = 0;
  try {
    for (;;) {
      if (isCancelled()) return splitter;
      const { done, value } = await reader.read();
      if (done) break;
      bytesRead += value.byteLength;
      for (const text of splitter.push(decoder.decode(value, { stream: true }))) await onElement(text, bytesRead);
    }
    for (const text of splitter.push(decoder.decode())) await onElement(text, bytesRead);
    splitter.end();
    return splitter;
  } finally {
    reader.releaseLock();
  }
}

/** Whether a file starts like a JSON array (after whitespace): the shape streamed here. */
export async function startsAsArray(file: Blob): Promise<boolean> {
  const head = await file.slice(0, 4096).text();
  const first = head.replace(/^[\s\ufeff]+/, '').charAt(0);
  return first === '[';
}

function throttle<T>(post: (value: T) => void, intervalMs = 100): (value: T, force?: boolean) => void {
  let last = -Infinity;
  return (value, force = false) => {
    const now = Date.now();
    if (!force && now - last < intervalMs) return;
    last = now;
    post(value);
  };
}

/**
 * The first pass: reads the whole file, checks every conversation is valid JSON and that it is a ChatGPT export,
 * and counts the conversations. Nothing is written; a broken file is refused here, before any work is kept.
 */
export async function scanChatGptExport(
  file: Blob,
  fileName: string,
  language: Language,
  onProgress: (progress: StreamProgress) => void,
  isCancelled: IsCancelled = () => false,
): Promise<{ ok: true; total: number } | { ok: false; error: string } | { ok: false; cancelled: true }> {
  const report = throttle(onProgress);
  const say = (key: 'notJson' | 'notExport' | 'empty', reason = '') =>
    importErrorText(language, key, { file: fileName, reason, format: SESSION_FILE_FORMAT });
  let conversations = 0;
  let total = 0;
  let failure: string | undefined;
  report({ phase: 'read', bytesDone: 0, bytesTotal: file.size }, true);
  try {
    await forEachElement(
      file,
      (text, bytesRead) => {
        if (failure) return;
        const parsed = parseUntrustedJson(text);
        total += 1;
        if (!parsed.ok) {
          failure = say('notJson', `conversation ${total}: ${parsed.reason}`);
          return;
        }
        if (isChatGptExport(parsed.value)) conversations += 1;
        report({ phase: 'read', bytesDone: bytesRead, bytesTotal: file.size });
      },
      () => isCancelled() || failure !== undefined,
    );
  } catch (error) {
    if (error instanceof JsonArrayError)
      return {
        ok: false,
        error:
          error.notArray && error.message === 'the file is empty'
            ? say('empty')
            : say('notJson', `${error.message} at character ${error.offset}`),
      };
    throw error;
  }
  if (failure) return { ok: false, error: failure };
  if (isCancelled()) return { ok: false, cancelled: true };
  report({ phase: 'read', bytesDone: file.size, bytesTotal: file.size }, true);
  // An empty array is an (empty) conversations.json; an array of other things is not an export.
  if (total > 0 && conversations === 0) return { ok: false, error: say('notExport') };
  return { ok: true, total };
}

/** What a streamed import wrote. */
export interface StreamImportResult {
  ok: true;
  /** The imported sessions' ids, in file order. */
  sessionIds: string[];
  skipped: SkippedConversation[];
  /** Stopped by Cancel: the conversations converted before it are kept, nothing after. */
  cancelled: boolean;
}

/** How a streamed import writes. */
export interface StreamImportOptions extends ImportOptions {
  fileName: string;
  language: Language;
  /** Conversations in the file (from the scan), for progress. */
  total: number;
  onProgress: (progress: StreamProgress) => void;
  isCancelled?: IsCancelled;
  /** A batch is written once it holds this many messages (or at the end); 2,000 by default. */
  batchMessages?: number;
}

/**
 * The second pass: converts each conversation as it is read and writes them in batches, one transaction each.
 * Cancel stops reading and keeps every conversation converted before it, whole; a conversation is never half-written. Conversations that
 * cannot be read are skipped and reported; with none imported the file is refused (and nothing was written).
 */
export async function importChatGptStream(
  db: GlassboxDatabase,
  file: Blob,
  options: StreamImportOptions,
): Promise<StreamImportResult | { ok: false; error: string }> {
  const isCancelled = options.isCancelled ?? (() => false);
  // Loaded before the first batch, so each batch's transaction starts as soon as it is handed over.
  await loadSearchIndex();
  const report = throttle(options.onProgress);
  const limit = options.batchMessages ?? 2000;
  const sessionIds: string[] = [];
  const skipped: SkippedConversation[] = [];
  let batch: Array<FileSession & { source: 'chatgpt' }> = [];
  let batchSize = 0;
  let index = 0;
  let cancelled = false;
  // One batch is committed while the next is read and converted: the worker parses as the database writes.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    if (batch.length === 0) return;
    const sessions = batch;
    batch = [];
    batchSize = 0;
    writing = importParsed(db, { sessions, notes: [] }, options).then((written) => {
      sessionIds.push(...written.sessionIds);
    });
    if (isCancelled()) cancelled = true;
  };
  const progress = (bytesDone: number) => ({
    phase: 'write' as const,
    bytesDone,
    bytesTotal: file.size,
    done: index,
    total: options.total,
  });
  report(progress(0), true);
  try {
    await forEachElement(
      file,
      async (text, bytesRead) => {
        if (cancelled || isCancelled()) {
          cancelled = true;
          return;
        }
        const parsed = parseUntrustedJson(text);
        const converted = parsed.ok ? convertConversation(parsed.value, index, options.fileName) : undefined;
        index += 1;
        if (converted && 'session' in converted) {
          batch.push({ ...converted.session, source: 'chatgpt' });
          batchSize += converted.session.messages.length + 1;
        } else if (converted) skipped.push(converted.skipped);
        if (batchSize >= limit) await flush();
        report(progress(bytesRead));
      },
      () => cancelled || isCancelled(),
    );
  } catch (error) {
    // The scan read the same file whole; a file changed since then is refused from here on, earlier batches kept.
    if (!(error instanceof JsonArrayError)) throw error;
  }
  if (isCancelled()) cancelled = true;
  // Every conversation converted so far is whole: Cancel keeps them too.
  await flush();
  await writing;
  report(progress(file.size), true);
  if (sessionIds.length === 0 && !cancelled)
    return { ok: false, error: noConversationsError(skipped, options.fileName, options.language) };
  return { ok: true, sessionIds, skipped, cancelled };
}
