/**
 * The sync engine (loaded with `import()` only when sync is on, with PouchDB). A local PouchDB holds this device's
 * encrypted documents; `PouchDB.sync` replicates it with the CouchDB server (live, or once for `Sync now`), and its
 * checkpoints make a cut-off sync resume. The exporter fills the local PouchDB from the app's IndexedDB; the importer
 * writes what arrived back into it.
 */
import type { Settings } from '../../config/settings.ts';
import { createEmitter } from '../../emitter.ts';
import { collectSecrets } from '../../db/session-file.ts';
import { loadSettings, saveSettings } from '../../db/settings.ts';
import { parseHeaderLines } from '../../tools/mcp/mcp-entry.ts';
import type { GlassboxDatabase } from '../../db/transaction.ts';
import type { SyncConflict, SyncEngine, SyncRemoteChange, SyncSettings, SyncStatus } from '../sync-types.ts';
import { loadMarker, markerSaver, type EngineContext } from './context.ts';
import { exportChanges } from './exporter.ts';
import { importChanges } from './importer.ts';
import type { PouchConstructor, PouchDatabase } from './pouch.ts';
import { checkRemote, localName, openPullSource, openRemote, unlock } from './remote.ts';
import { Replicator } from './replicator.ts';

/** What the engine needs from the app. */
export interface SyncHost {
  db: GlassboxDatabase;
  /** More strings that must never leave the device (the API key, OTLP and MCP header values and sync credentials always). */
  secrets?(settings: Settings): string[];
  /** PouchDB (tests pass pouchdb-core with the memory and http adapters); default `pouchdb-browser`. */
  PouchDB?: PouchConstructor;
  /** How long localChanged waits for more changes before exporting (ms). */
  exportDelayMs?: number;
  /**
   * Documents per replication batch; default 500 (PouchDB's is 100). Each batch costs a `_changes`, a `_revs_diff`,
   * a `_bulk_get`, a checkpoint and a local write transaction: 500 pulled 7,862 documents into a Node
   * PouchDB in 1.2 s against 2.1 s with 200. Tests pass a small one to cut a sync between batches.
   */
  batchSize?: number;
}

async function loadPouchDB(): Promise<PouchConstructor> {
  return (await import('pouchdb-browser')).default as PouchConstructor;
}

/** Strings that never leave the device: the API key, OTLP header values, MCP header values. */
function deviceSecrets(settings: Settings): string[] {
  const mcp = settings.mcpServers.flatMap((server) => Object.values(parseHeaderLines(server.headers)));
  return [...collectSecrets(settings.apiKey, settings.otlpHeaders), ...mcp];
}

/** The exporter's and importer's shared context for one start: the key, the marker, the secrets to keep out. */
async function openContext(
  host: SyncHost,
  settings: SyncSettings,
  local: PouchDatabase,
  key: CryptoKey,
  report: Pick<EngineContext, 'conflict' | 'failed'>,
): Promise<EngineContext> {
  const secretsOf = (current: Settings) =>
    [...deviceSecrets(current), ...(host.secrets?.(current) ?? []), settings.password, settings.passphrase].filter(
      (secret) => secret.length >= 4,
    );
  let cachedSecrets: string[] = [];
  const context: EngineContext = {
    db: host.db,
    local,
    key,
    marker: await loadMarker(local),
    // Read again with the settings before each export (the API key or MCP headers may have changed).
    secrets: () => cachedSecrets,
    loadSettings: async () => {
      const current = await loadSettings(host.db);
      cachedSecrets = secretsOf(current);
      return current;
    },
    saveSettings: (next) => saveSettings(host.db, next),
    ...report,
  };
  await context.loadSettings();
  return context;
}

/** The export and import the replicator runs, each followed by a save of the marker (an import's when it keeps). */
function engineTasks(context: EngineContext, applied: (outcome: SyncRemoteChange) => void) {
  const saveMarker = markerSaver(context.local);
  return {
    exportChanges: async (signal: AbortSignal) => {
      await context.loadSettings();
      const written = await exportChanges(context, signal);
      await saveMarker(context.marker);
      return written;
    },
    importChanges: async (keep: boolean) => {
      const outcome = await importChanges(context);
      if (keep) await saveMarker(context.marker);
      if (outcome.sessions.length > 0 || outcome.notes || outcome.settings || outcome.library) applied(outcome);
    },
  };
}

export function createSyncEngine(host: SyncHost): SyncEngine {
  const statusEvents = createEmitter<SyncStatus>('sync status');
  const remoteEvents = createEmitter<SyncRemoteChange | undefined>('sync change');
  const conflictEvents = createEmitter<SyncConflict>('sync conflict');
  let status: SyncStatus = { state: 'off', pending: 0, failed: 0 };
  let replicator: Replicator | undefined;
  let generation = 0;

  const setStatus = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch };
    for (const key of Object.keys(patch) as Array<keyof SyncStatus>) if (patch[key] === undefined) delete status[key];
    statusEvents.emit(status);
  };

  const stop = async () => {
    generation += 1;
    const current = replicator;
    replicator = undefined;
    if (current) await current.close();
    setStatus({ state: 'off', progress: undefined, problem: undefined });
  };

  const start = async (settings: SyncSettings) => {
    await stop();
    const started = generation;
    setStatus({ state: 'syncing', pending: 0, failed: 0, problem: undefined, progress: undefined });
    const Pouch = host.PouchDB ?? (await loadPouchDB());
    const remote = openRemote(Pouch, settings);
    const problem = await checkRemote(remote);
    const unlocked = problem ? { problem } : await unlock(remote, settings.passphrase);
    if (started !== generation) return;
    if ('problem' in unlocked) {
      setStatus({ state: 'error', problem: unlocked.problem });
      return;
    }
    const local = new Pouch(await localName(settings));
    const context = await openContext(host, settings, local, unlocked.key, {
      conflict: (conflict) => conflictEvents.emit(conflict),
      failed: (id) => setStatus({ failed: status.failed + 1, problem: { kind: 'decrypt', detail: id } }),
    });
    replicator = new Replicator({
      Pouch,
      local,
      remote,
      pullSource: openPullSource(Pouch, settings),
      live: settings.live,
      setStatus,
      status: () => status,
      exportDelayMs: host.exportDelayMs ?? 400,
      batchSize: host.batchSize ?? 500,
      ...engineTasks(context, (outcome) => remoteEvents.emit(outcome)),
      firstSync: context.marker.appliedSeq === 0,
    });
    await replicator.begin();
  };

  return {
    start,
    stop,
    syncNow: async () => {
      await replicator?.syncNow();
    },
    cancel: () => replicator?.cancel(),
    createDatabase: async (settings) => {
      const Pouch = host.PouchDB ?? (await loadPouchDB());
      const remote = openRemote(Pouch, settings, true);
      await remote.info();
      await remote.close();
    },
    localChanged: () => replicator?.localChanged(),
    onRemoteChange: (listener) => remoteEvents.on(listener),
    onStatus: (listener) => statusEvents.on(listener),
    onConflict: (listener) => conflictEvents.on(listener),
  };
}
