/** What went wrong with browser storage, so the UI can say what to do. */
export type StorageErrorKind = 'quota' | 'blocked' | 'unavailable' | 'not-found' | 'unknown';

const DEFAULT_MESSAGES: Record<StorageErrorKind, string> = {
  quota: 'Browser storage is full. Export and delete old sessions, or free up disk space, then try again.',
  blocked: 'Glassbox is open in another tab with an older version. Close the other Glassbox tabs and reload this page.',
  unavailable:
    'Browser storage (IndexedDB) is unavailable. Private browsing or blocked site data can cause this: allow site data for this page and reload.',
  'not-found': 'The record no longer exists; it may have been deleted in another tab.',
  unknown: 'Saving to browser storage failed.',
};

/** A storage failure with a kind the UI can act on. */
export class StorageError extends Error {
  readonly kind: StorageErrorKind;

  constructor(kind: StorageErrorKind, message?: string, options?: { cause?: unknown }) {
    super(message ?? DEFAULT_MESSAGES[kind], options);
    this.name = 'StorageError';
    this.kind = kind;
  }
}

function errorName(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'name' in error && typeof error.name === 'string') return error.name;
  return undefined;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return String(error);
}

/** Maps DOMExceptions and other failures from IndexedDB to a StorageError (an existing StorageError passes through). */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const name = errorName(error);
  const message = errorMessage(error);
  const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014) {
    return new StorageError('quota', undefined, { cause: error });
  }
  if (name === 'VersionError') {
    return new StorageError(
      'unavailable',
      'The stored data was written by a newer version of Glassbox. Reload the page to get the newest version.',
      { cause: error },
    );
  }
  if (name === 'SecurityError' || name === 'InvalidStateError' || name === 'UnknownError') {
    return new StorageError('unavailable', `${DEFAULT_MESSAGES.unavailable} (${name}: ${message})`, { cause: error });
  }
  return new StorageError('unknown', `${DEFAULT_MESSAGES.unknown} ${message}`.trim(), { cause: error });
}
