// The saved sync settings record, small enough for the first load: the app reads it at start to decide whether the
// sync code (and PouchDB) is needed at all.
import type { GlassboxDatabase } from '../db/transaction.ts';
import type { SyncSettings } from '../sync/sync-types.ts';

/** The name of the settings record holding the sync settings. */
export const SYNC_SETTING = 'sync';

export const EMPTY_SYNC_SETTINGS: SyncSettings = {
  url: '',
  database: 'glassbox',
  user: '',
  password: '',
  passphrase: '',
  live: true,
};

/** Saved sync settings, tolerant of a missing or damaged record. */
export function parseSyncSettings(value: unknown): SyncSettings {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const text = (key: keyof SyncSettings) =>
    typeof stored[key] === 'string' ? (stored[key] as string) : (EMPTY_SYNC_SETTINGS[key] as string);
  return {
    url: text('url'),
    database: text('database'),
    user: text('user'),
    password: text('password'),
    passphrase: text('passphrase'),
    live: typeof stored.live === 'boolean' ? stored.live : EMPTY_SYNC_SETTINGS.live,
  };
}

/** Whether these settings turn sync on (a server and a database). */
export function syncIsOn(settings: SyncSettings): boolean {
  return settings.url.trim() !== '' && settings.database.trim() !== '';
}

/** Whether the saved settings have sync on; false when they cannot be read. */
export async function savedSyncIsOn(db: GlassboxDatabase): Promise<boolean> {
  try {
    // Read directly (not through db/settings.ts): importing that here split shared modules out of the first load.
    return syncIsOn(parseSyncSettings((await db.get('settings', SYNC_SETTING))?.value));
  } catch {
    return false;
  }
}
