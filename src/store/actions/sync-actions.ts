/**
 * Sync from the app's side (loaded lazily, with the engine only when sync is on): the saved sync settings, starting
 * at boot or when Settings are saved, `Sync now`, cancel, and applying what the engine wrote (the same reload other
 * tabs' changes cause).
 */
import { readSetting, writeSetting } from '../../db/settings.ts';
import type { GlassboxDatabase } from '../../db/transaction.ts';
import { diagnoseSyncServer } from '../../sync/doctor.ts';
import type { SyncEngine, SyncProblem, SyncRemoteChange, SyncSettings, SyncStatus } from '../../sync/sync-types.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { emitDatasetsChanged } from '../../evals/dataset-events.ts';
import { onKnowledgeChanged } from '../../knowledge/knowledge-events.ts';
import { localChanged, setLocalChangeHook } from '../sync-hook.ts';
import { OFF_STATUS, useSyncStore } from '../sync-store.ts';
import { SYNC_SETTING, parseSyncSettings, syncIsOn } from '../sync-settings-record.ts';
import { onTabMessage } from './boot.ts';
import { reportStorageError } from './storage-errors.ts';

/** The settings record name the sync settings are kept under (on this device only, never synced or exported). */
let engine: SyncEngine | undefined;
/** Releases this tab's hold on the sync lock (set while this tab syncs). */
let releaseLock: (() => void) | undefined;

/**
 * One tab of the browser syncs at a time (they share the local sync database and its marker): this waits until no
 * other tab holds the lock, then holds it until sync stops or the tab closes.
 */
async function holdSyncLock(): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (releaseLock || !locks) return;
  await new Promise<void>((acquired) => {
    void locks.request(
      'glassbox-sync',
      () =>
        new Promise<void>((release) => {
          releaseLock = release;
          acquired();
        }),
    );
  });
}

function database(): GlassboxDatabase | undefined {
  return (services().persistence as { db?: GlassboxDatabase }).db;
}

/** The saved sync settings (read once, then from the sync store). */
export async function loadSyncSettings(): Promise<SyncSettings> {
  const known = useSyncStore.getState().settings;
  if (known) return known;
  const db = database();
  const settings = parseSyncSettings(db ? await readSetting(db, SYNC_SETTING) : undefined);
  useSyncStore.setState({ settings });
  return settings;
}

/** Reloads what the engine wrote, as for another tab's change; other tabs of this browser hear of it too. */
async function applyRemoteChange(change: SyncRemoteChange | undefined): Promise<void> {
  if (change?.settings) await onTabMessage({ type: 'settings-changed' });
  if (change?.library) emitDatasetsChanged();
  const active = useAppStore.getState().activeSessionId;
  if (active && change?.sessions.includes(active)) {
    await onTabMessage({ type: 'session-changed', sessionId: active });
    await onTabMessage({ type: 'files-changed', sessionId: active });
  } else await onTabMessage({ type: 'sessions-changed' });
}

/** The doctor's name for what keeps these settings from syncing (unreachable, CORS, user or password, database…). */
function diagnose(settings: SyncSettings): Promise<SyncProblem | undefined> {
  return diagnoseSyncServer(settings, services().fetch).catch(() => undefined);
}

/** Problems the engine cannot tell apart from PouchDB's errors alone (CORS looks unreachable; odd answers nonsense). */
const UNNAMED: ReadonlySet<string> = new Set(['unreachable', 'nonsense']);
/** The engine problem the doctor is asked about now (one question at a time, not one per live retry). */
let diagnosing: SyncProblem | undefined;

/** An engine error it could not name: the doctor names it, if the status still shows that error when it answers. */
function nameEngineProblem(status: SyncStatus): void {
  const problem = status.problem;
  if (!problem || !UNNAMED.has(problem.kind) || diagnosing) return;
  const settings = useSyncStore.getState().settings;
  if (!settings) return;
  diagnosing = problem;
  void diagnose(settings).then((named) => {
    diagnosing = undefined;
    const current = useSyncStore.getState().status;
    if (named && current.problem === problem) useSyncStore.setState({ status: { ...current, problem: named } });
  });
}

async function ensureEngine(db: GlassboxDatabase): Promise<SyncEngine> {
  if (engine) return engine;
  const { createSyncEngine } = await import('../../sync/engine/index.ts');
  const created = createSyncEngine({ db });
  created.onStatus((status) => {
    useSyncStore.setState({ status });
    nameEngineProblem(status);
  });
  created.onConflict((conflict) => useSyncStore.setState((state) => ({ conflicts: [...state.conflicts, conflict] })));
  created.onRemoteChange((change) => void applyRemoteChange(change).catch(reportStorageError));
  // A Knowledge document added or deleted here is exported like any other save.
  onKnowledgeChanged(() => localChanged());
  engine = created;
  return created;
}

/** Starts sync with these settings (or stops it when they turn it off). */
export async function startSync(settings: SyncSettings): Promise<void> {
  const db = database();
  if (!syncIsOn(settings) || !db) {
    await stopSync();
    return;
  }
  // The doctor first: what stands in the way is named before the engine (and PouchDB) start.
  const problem = await diagnose(settings);
  if (problem) {
    await engine?.stop();
    useSyncStore.setState({ status: { ...OFF_STATUS, state: 'error', problem } });
    return;
  }
  const started = await ensureEngine(db);
  await holdSyncLock();
  setLocalChangeHook(() => started.localChanged());
  await started.start(settings);
}

export async function stopSync(): Promise<void> {
  setLocalChangeHook(undefined);
  await engine?.stop();
  releaseLock?.();
  releaseLock = undefined;
  useSyncStore.setState({ status: OFF_STATUS });
}

/** At boot: sync starts when the saved settings have it on. */
export async function startSyncIfOn(): Promise<void> {
  const settings = await loadSyncSettings();
  if (syncIsOn(settings)) await startSync(settings);
}

/**
 * Saves the sync settings; the password and passphrase are stored as the API key is (not at all when the user chose
 * to keep the API key in memory only). Sync (re)starts when they changed, or stops when they turn it off.
 */
export async function saveSyncSettings(next: SyncSettings): Promise<void> {
  const before = await loadSyncSettings();
  useSyncStore.setState({ settings: next });
  const db = database();
  const stored = useAppStore.getState().settings.storeApiKey ? next : { ...next, password: '', passphrase: '' };
  try {
    if (db) await writeSetting(db, SYNC_SETTING, stored);
  } catch (error) {
    reportStorageError(error);
  }
  const changed = JSON.stringify(before) !== JSON.stringify(next);
  const off = useSyncStore.getState().status.state === 'off';
  if (changed || (off && syncIsOn(next))) await startSync(next);
}

/** One push and pull now (starting sync with the saved settings when it is not running). */
export async function syncNow(): Promise<void> {
  const state = useSyncStore.getState().status.state;
  // After an error (named by the doctor or the engine) sync starts again, so the doctor asks again.
  if (engine && state !== 'off' && state !== 'error') return engine.syncNow();
  await startSync(await loadSyncSettings());
}

/** `Sync now` in Settings: settings edited but not saved yet are saved first (which starts sync with them). */
export async function syncNowWith(settings: SyncSettings): Promise<void> {
  const saved = await loadSyncSettings();
  if (JSON.stringify(saved) !== JSON.stringify(settings)) return saveSyncSettings(settings);
  return syncNow();
}

export function cancelSync(): void {
  engine?.cancel();
}

/** Creates the missing database (the doctor's `Create database`), then starts sync. */
export async function createSyncDatabase(settings: SyncSettings): Promise<void> {
  const db = database();
  if (!db) return;
  await (await ensureEngine(db)).createDatabase(settings);
  await startSync(settings);
}

/** Forgets a conflict notice the user dismissed. */
export function dismissConflict(index: number): void {
  useSyncStore.setState((state) => ({ conflicts: state.conflicts.filter((_, at) => at !== index) }));
}
