import { describe, expect, it, vi } from 'vitest';
import { formatBytes } from '../i18n/storage.ts';
import { readStorageStatus, requestPersistentStorage, usageShare } from './storage-status.ts';

function flags() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('storage status', () => {
  it('reads usage, quota and persistence, leaving out what the browser does not report', async () => {
    const status = await readStorageStatus({
      estimate: async () => ({ usage: 12_400_000, quota: 2_100_000_000 }),
      persisted: async () => true,
    });
    expect(status).toEqual({ usage: 12_400_000, quota: 2_100_000_000, persistent: true });
    expect(`${formatBytes(status.usage ?? 0)} of ${formatBytes(status.quota ?? 0)}`).toBe('12.4 MB of 2.1 GB');
    expect(usageShare(status)).toBeCloseTo(0.0059, 3);
    expect(await readStorageStatus(undefined)).toEqual({});
    expect(
      await readStorageStatus({ estimate: () => Promise.reject(new Error('no')), persisted: async () => false }),
    ).toEqual({ persistent: false });
  });

  it('asks for persistent storage once, on first use, and not when it already is', async () => {
    const persist = vi.fn(async () => false);
    const storage = { persisted: async () => false, persist };
    const remembered = flags();
    expect(await requestPersistentStorage(storage, remembered)).toBe(false);
    expect(await requestPersistentStorage(storage, remembered)).toBe(false);
    expect(persist).toHaveBeenCalledTimes(1);

    const already = vi.fn(async () => true);
    expect(await requestPersistentStorage({ persisted: async () => true, persist: already }, flags())).toBe(true);
    expect(already).not.toHaveBeenCalled();
    expect(await requestPersistentStorage({}, flags())).toBeUndefined();
  });
});
