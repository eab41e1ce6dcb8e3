import type { Settings } from '../../config/settings.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { reportStorageError } from './storage-errors.ts';

/** Saves settings; they apply from the next message on. */
export async function saveSettings(settings: Settings): Promise<void> {
  useAppStore.getState().setSettings(settings);
  try {
    await services().persistence.saveSettings(settings);
    services().broadcast?.({ type: 'settings-changed' });
  } catch (error) {
    reportStorageError(error);
  }
}

/** Changes one setting and saves. */
export async function updateSetting<K extends keyof Settings>(key: K, value: Settings[K]): Promise<void> {
  await saveSettings({ ...useAppStore.getState().settings, [key]: value });
}
