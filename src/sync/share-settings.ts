/**
 * Where Share session and the shared-session view read the sync server from. Until Settings → Sync (branch
 * sync-core) is merged this is the one place that knows: the app settings' `sync` object when there is one,
 * else an interim record in localStorage (`glassbox-sync-settings`, written by the e2e helper). At the join, only
 * this function changes.
 */
import type { SyncSettings } from './sync-types.ts';

const INTERIM_KEY = 'glassbox-sync-settings';

function parse(value: unknown): SyncSettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : '');
  const settings: SyncSettings = {
    url: text('url').trim(),
    database: text('database').trim(),
    user: text('user').trim(),
    password: text('password'),
    passphrase: text('passphrase'),
    live: record.live === true,
  };
  return settings.url !== '' && settings.database !== '' ? settings : undefined;
}

function interim(): unknown {
  try {
    const text = globalThis.localStorage?.getItem(INTERIM_KEY);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The saved sync server (URL and database set), or undefined when none is. `appSettings`: the store's settings. */
export function readSyncSettings(appSettings: object): SyncSettings | undefined {
  return parse((appSettings as { sync?: unknown }).sync) ?? parse(interim());
}
