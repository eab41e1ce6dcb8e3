import { useAppStore } from '../app-store.ts';

/** What to tell the user about a failed write, by the kind of failure. */
export function storageAdvice(error: unknown): string {
  const kind = (error as { kind?: string } | null)?.kind;
  const name = (error as { name?: string } | null)?.name;
  if (kind === 'quota' || name === 'QuotaExceededError') {
    return 'Browser storage is full: the latest changes were not saved. Export and delete old sessions, or free space for this site in your browser settings.';
  }
  if (kind === 'blocked') {
    return 'Another tab holds an older version of Glassbox open, so storage is blocked. Close the other Glassbox tabs and reload.';
  }
  return `Saving failed: ${error instanceof Error ? error.message : String(error)}. Your changes stay on screen; export the session to keep them.`;
}

/** Shows a storage failure; the app goes on in memory. */
export function reportStorageError(error: unknown): void {
  useAppStore.getState().setStorage(useAppStore.getState().storage, storageAdvice(error));
}
