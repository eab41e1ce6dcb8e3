// The replicator's first sync: imports while it pulls, keeping their progress (the marker) at most every 10 s,
// and always when both directions have caught up. PouchDB is a stub whose replications emit events on demand.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../sync-types.ts';
import type { PouchConstructor, PouchDatabase, PouchReplication } from './pouch.ts';
import { Replicator } from './replicator.ts';

type Listener = (value: unknown) => void;

function stubReplication() {
  const listeners = new Map<string, Listener[]>();
  const replication: PouchReplication & { emit(event: string, value?: unknown): void } = {
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return replication;
    },
    cancel() {},
    emit(event, value) {
      for (const listener of listeners.get(event) ?? []) listener(value);
    },
  };
  return replication;
}

function firstSyncReplicator() {
  const replications: Array<ReturnType<typeof stubReplication>> = [];
  const Pouch = {
    replicate: () => {
      const replication = stubReplication();
      replications.push(replication);
      return replication;
    },
  } as unknown as PouchConstructor;
  const database = {
    info: async () => ({ doc_count: 10_000 }),
    close: async () => {},
  } as unknown as PouchDatabase;
  let status: SyncStatus = { state: 'off', pending: 0, failed: 0 };
  const keeps: boolean[] = [];
  const replicator = new Replicator({
    Pouch,
    local: database,
    remote: database,
    pullSource: database,
    live: true,
    status: () => status,
    setStatus: (patch) => {
      status = { ...status, ...patch };
    },
    exportDelayMs: 0,
    batchSize: 100,
    exportChanges: async () => 0,
    importChanges: async (keep) => {
      keeps.push(keep);
    },
    firstSync: true,
  });
  return { replicator, replications, keeps, status: () => status };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a first sync', () => {
  it('imports while it pulls, keeps that progress at most every 10 s, and always once caught up', async () => {
    vi.useFakeTimers();
    const { replicator, replications, keeps, status } = firstSyncReplicator();
    await replicator.begin();
    const [push, pull] = replications;
    const pulled = async () => {
      pull?.emit('change', { docs_written: 100 });
      await vi.advanceTimersByTimeAsync(2_000);
    };
    await pulled();
    await pulled();
    await pulled();
    expect(keeps).toEqual([true, false, false]);
    await vi.advanceTimersByTimeAsync(10_000);
    await pulled();
    expect(keeps).toEqual([true, false, false, true]);
    expect(status().progress).toEqual({ done: 400, total: 10_000 });
    push?.emit('paused');
    pull?.emit('paused');
    await vi.advanceTimersByTimeAsync(0);
    expect(keeps.at(-1)).toBe(true);
    expect(status().state).toBe('idle');
    await replicator.close();
  });
});
