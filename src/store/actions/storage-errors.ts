import { storageText } from '../../i18n/storage.ts';
import { useAppStore } from '../app-store.ts';
import { currentLanguage } from './current-language.ts';
import { NEARLY_FULL, readStorageStatus, usageShare, type StorageStatus } from '../storage-status.ts';

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

let keptAlert: string | undefined;

/**
 * Writes are kept in memory because storage is full (`count` of them), or were all written (`0`): one alert
 * when the first is kept, and a toast once they are saved.
 */
export function reportKeptWrites(count: number): void {
  const state = useAppStore.getState();
  if (count > 0) {
    if (keptAlert !== undefined) return;
    keptAlert = storageText(currentLanguage(), 'keptInMemory');
    state.setStorage(state.storage, keptAlert);
    return;
  }
  if (keptAlert === undefined) return;
  if (state.storageAlert === keptAlert) state.setStorage(state.storage, undefined);
  keptAlert = undefined;
  state.setUi({ toast: storageText(currentLanguage(), 'allSaved') });
}

/** Past 80% of the quota, warns with what to do (unless another storage alert is showing). */
export async function warnIfNearlyFull(read: () => Promise<StorageStatus> = readStorageStatus): Promise<void> {
  const share = usageShare(await read());
  const state = useAppStore.getState();
  if (share === undefined || share <= NEARLY_FULL || state.storageAlert) return;
  state.setStorage(state.storage, storageText(currentLanguage(), 'nearlyFull', { percent: Math.round(share * 100) }));
}
