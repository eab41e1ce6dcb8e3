import { defaultSettings, type Settings } from '../config/settings.ts';
import type { Slice } from './slice.ts';

/** Whether data reaches IndexedDB, and if not, why. */
export type StorageState =
  | { mode: 'loading' }
  /** The data of an older version is being upgraded before it can be read. */
  | { mode: 'upgrading' }
  | { mode: 'persistent' }
  | { mode: 'memory'; reason: string };

/** Settings and the storage status. */
export interface SettingsSlice {
  settings: Settings;
  /** True once settings and sessions are loaded and the app accepts input. */
  ready: boolean;
  storage: StorageState;
  /** A storage error to show (quota, blocked) with what to do. */
  storageAlert?: string;
  setSettings(settings: Settings): void;
  setReady(ready: boolean): void;
  setStorage(storage: StorageState, alert?: string): void;
}

export const createSettingsSlice: Slice<SettingsSlice> = (set) => ({
  settings: defaultSettings,
  ready: false,
  storage: { mode: 'loading' },
  setSettings: (settings) => set({ settings }),
  setReady: (ready) => set({ ready }),
  setStorage: (storage, alert) => set({ storage, storageAlert: alert }),
});
