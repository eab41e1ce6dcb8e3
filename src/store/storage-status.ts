/** What the browser says about this site's storage (`navigator.storage`). */
export interface StorageStatus {
  /** Bytes used and the quota, when the browser reports them. */
  usage?: number;
  quota?: number;
  /** Whether the browser keeps this site's data when space runs low; undefined when it cannot say. */
  persistent?: boolean;
}

/** The part of `StorageManager` used here (tests pass a fake one). */
export interface StorageManagerLike {
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

/** Usage above this share of the quota is warned about. */
export const NEARLY_FULL = 0.8;

function browserStorage(): StorageManagerLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManagerLike | undefined);
}

/** Reads usage, quota and persistence; what the browser cannot tell is left out. Never throws. */
export async function readStorageStatus(
  storage: StorageManagerLike | undefined = browserStorage(),
): Promise<StorageStatus> {
  const status: StorageStatus = {};
  try {
    const estimate = await storage?.estimate?.();
    if (typeof estimate?.usage === 'number') status.usage = estimate.usage;
    if (typeof estimate?.quota === 'number' && estimate.quota > 0) status.quota = estimate.quota;
  } catch {
    // Not reported.
  }
  try {
    const persisted = await storage?.persisted?.();
    if (typeof persisted === 'boolean') status.persistent = persisted;
  } catch {
    // Not reported.
  }
  return status;
}

/** The share of the quota in use (0–1), when both are known. */
export function usageShare(status: StorageStatus): number | undefined {
  return status.usage !== undefined && status.quota !== undefined ? status.usage / status.quota : undefined;
}

const ASKED_KEY = 'glassbox.persistRequested';

/**
 * On first use, asks the browser to keep this site's data (`navigator.storage.persist()`): once, remembered in
 * localStorage, and not when it is already persistent. Resolves with whether storage is persistent now.
 */
export async function requestPersistentStorage(
  storage: StorageManagerLike | undefined = browserStorage(),
  flags: Pick<Storage, 'getItem' | 'setItem'> | undefined = typeof localStorage === 'undefined'
    ? undefined
    : localStorage,
): Promise<boolean | undefined> {
  if (!storage?.persist) return undefined;
  try {
    if (await storage.persisted?.()) return true;
    if (flags?.getItem(ASKED_KEY)) return false;
    flags?.setItem(ASKED_KEY, '1');
    return await storage.persist();
  } catch {
    return undefined;
  }
}
