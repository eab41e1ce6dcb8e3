// Two devices (two in-memory IndexedDBs, each with its own in-memory PouchDB) for the sync engine's tests.
import PouchCore from 'pouchdb-core';
import { afterEach } from 'vitest';
import { startCouchServer, type CouchServer } from '../../../e2e/couch-server/server.ts';
import type { GlassboxDatabase } from '../../db/transaction.ts';
import { openTestDb } from '../../testing/fake-db.ts';
import type { SyncConflict, SyncEngine, SyncSettings, SyncState, SyncStatus } from '../sync-types.ts';
import { createSyncEngine } from './index.ts';
import type { PouchConstructor } from './pouch.ts';

// The test server's module has registered the memory and http adapters and replication on PouchDB's one constructor
// (registering replication twice throws). A device opens URLs over HTTP and its local database in its own in-memory
// namespace (a `defaults({ adapter })` constructor would open URLs in memory too).
const Base = PouchCore as unknown as PouchConstructor & {
  defaults(options: Record<string, unknown>): PouchConstructor;
};

export function devicePouch(prefix: string): PouchConstructor {
  const Local = Base.defaults({ adapter: 'memory', prefix });
  const open = (name: string, options?: Record<string, unknown>) =>
    /^https?:/.test(name) ? new Base(name, options) : new Local(name, options);
  return Object.assign(
    function DevicePouch(name: string, options?: Record<string, unknown>) {
      return open(name, options);
    },
    { replicate: Base.replicate.bind(Base) },
  ) as unknown as PouchConstructor;
}
let devices = 0;

export interface Device {
  db: GlassboxDatabase;
  engine: SyncEngine;
  Pouch: PouchConstructor;
  conflicts: SyncConflict[];
  state(): SyncState;
  problem(): string | undefined;
  /** The last status reported. */
  status(): SyncStatus | undefined;
}

const engines: SyncEngine[] = [];
let servers: CouchServer[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A test CouchDB server with an empty `glassbox` database, closed after the test. */
export async function couchServer(): Promise<CouchServer> {
  const server = await startCouchServer();
  servers.push(server);
  await fetch(`${server.url}/glassbox`, { method: 'PUT' });
  return server;
}

export async function device(): Promise<Device> {
  const db = await openTestDb();
  devices += 1;
  const Pouch = devicePouch(`device-${process.pid}-${devices}-`);
  const engine = createSyncEngine({ db, PouchDB: Pouch, exportDelayMs: 0, batchSize: 100 });
  engines.push(engine);
  let state: SyncState = 'off';
  let problem: string | undefined;
  let last: SyncStatus | undefined;
  engine.onStatus((status) => {
    last = status;
    state = status.state;
    problem = status.problem?.kind;
  });
  const conflicts: SyncConflict[] = [];
  engine.onConflict((conflict) => conflicts.push(conflict));
  return { db, engine, Pouch, conflicts, state: () => state, problem: () => problem, status: () => last };
}

export function settingsFor(url: string, passphrase = 'a long passphrase'): SyncSettings {
  return { url, database: 'glassbox', user: '', password: '', passphrase, live: false };
}
