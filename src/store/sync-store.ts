import { create } from 'zustand';
import type { SyncConflict, SyncSettings, SyncStatus } from '../sync/sync-types.ts';

/** Sync's own small store (its status, the conflicts kept, the saved settings): the rest of the app never reads it. */
export interface SyncSlice {
  status: SyncStatus;
  /** Conflicts kept since this page opened (newest last), shown as notices until dismissed. */
  conflicts: SyncConflict[];
  /** The saved sync settings (password and passphrase only in memory when the API key is not stored). */
  settings?: SyncSettings;
}

export const OFF_STATUS: SyncStatus = { state: 'off', pending: 0, failed: 0 };

export const useSyncStore = create<SyncSlice>()(() => ({ status: OFF_STATUS, conflicts: [] }));
