// The whole-file import limit, in one place: the page checks a file's size before reading it (first-load code, so
// this module imports nothing but the error texts), the parser checks the text it is given, the worker both.
import { importErrorText } from '../i18n/import-errors.ts';
import type { Language } from '../i18n/translate.ts';

/** Largest import file read whole (our own exports, OTLP traces); a ChatGPT export is streamed, with no limit but the free storage. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

function formatSize(bytes: number): string {
  return bytes < 1048576 ? `${bytes} bytes` : `${+(bytes / 1048576).toFixed(1)} MB`;
}

/** The "too large" error of an import, naming the file, its size when known, and the limit. */
export function importTooLargeError(
  language: Language,
  fileName: string,
  size: number | undefined,
  limit = MAX_IMPORT_BYTES,
): string {
  return importErrorText(language, size === undefined ? 'tooLarge' : 'tooLargeSize', {
    file: fileName,
    size: formatSize(size ?? 0),
    limit: formatSize(limit),
  });
}
