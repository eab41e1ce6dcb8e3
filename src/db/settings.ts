import { defaultSettings, settingsSchema, type Settings } from '../config/settings.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';
import { isRecord } from '../json/deep-json.ts';

const SETTINGS_KEY = 'settings';

/**
 * Parses stored settings tolerantly: unknown fields are dropped, and a missing or invalid field
 * (an old record, a hand-edited value) falls back to its default instead of losing the rest.
 */
export function parseStoredSettings(value: unknown): Settings {
  if (!isRecord(value)) return { ...defaultSettings };
  const whole = settingsSchema.safeParse(value);
  if (whole.success) return whole.data;
  const kept: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(settingsSchema.shape)) {
    if (!Object.hasOwn(value, key)) continue;
    const field = fieldSchema.safeParse(value[key]);
    if (field.success) kept[key] = field.data;
  }
  return settingsSchema.parse(kept);
}

/** The user's settings, or the defaults on a fresh install. */
export async function loadSettings(db: GlassboxDatabase): Promise<Settings> {
  const record = await readStorage(() => db.get('settings', SETTINGS_KEY));
  return parseStoredSettings(record?.value);
}

/** Saves the settings; the API key is left out when the user chose not to store it. */
export async function saveSettings(db: GlassboxDatabase, settings: Settings): Promise<void> {
  const value: Settings = settings.storeApiKey ? { ...settings } : { ...settings, apiKey: '' };
  await runTransaction(db, ['settings'], 'readwrite', async (tx) => {
    await tx.objectStore('settings').put({ name: SETTINGS_KEY, value });
  });
}

/** A small app value kept beside the settings (the active session id, panel layout…). */
export function readSetting(db: GlassboxDatabase, name: string): Promise<unknown> {
  return readStorage(async () => (await db.get('settings', name))?.value);
}

/** Stores a small app value beside the settings; `settings` itself is written only by saveSettings. */
export async function writeSetting(db: GlassboxDatabase, name: string, value: unknown): Promise<void> {
  if (name === SETTINGS_KEY) throw new Error('Use saveSettings to store the settings.');
  await runTransaction(db, ['settings'], 'readwrite', async (tx) => {
    await tx.objectStore('settings').put({ name, value });
  });
}
