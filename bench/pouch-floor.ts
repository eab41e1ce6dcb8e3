// Issue 37's sync figures for the client the issue prescribes, PouchDB alone, in a bare page of its own (no app, no
// decrypting, no import) with the app's replication options: its pull of the server's documents into an empty
// database (bench/scenario-sync.ts, beside the app's first sync and the plain upload), and the requests one document
// takes between two such pages in live sync (bench/scenario-sync-steps.ts, beside the app's one run).
import { build } from 'vite';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startStaticServer } from './static-server.ts';

const ENTRY = `import PouchDB from 'pouchdb-browser';
// As src/sync/engine/replicator.ts replicates: 500 documents a batch, two batches at most in flight, checkpoints here.
const OPTIONS = { batch_size: 500, batches_limit: 2 };
window.pullAll = async (url) => {
  const local = new PouchDB('floor-' + Date.now());
  const started = performance.now();
  const result = await PouchDB.replicate(url, local, { ...OPTIONS, checkpoint: 'target' });
  const ms = performance.now() - started;
  const info = await local.info();
  await local.destroy();
  return { ms, written: result.docs_written, docs: info.doc_count };
};
let live;
// Live push and pull, as the app's live sync runs them; resolves once both have caught up.
window.startLive = (url) => new Promise((resolve) => {
  const db = new PouchDB('live-' + Date.now());
  const paused = { push: false, pull: false };
  const replications = {
    push: PouchDB.replicate(db, url, { ...OPTIONS, live: true, retry: true, checkpoint: 'source' }),
    pull: PouchDB.replicate(url, db, { ...OPTIONS, live: true, retry: true, checkpoint: 'target' }),
  };
  for (const [direction, replication] of Object.entries(replications)) {
    replication.on('active', () => { paused[direction] = false; });
    replication.on('paused', () => { paused[direction] = true; if (paused.push && paused.pull) resolve(); });
  }
  live = db;
});
window.putOne = (id) => live.put({ _id: id, c: 'one document' }).then(() => undefined);
window.hasOne = (id) => live.get(id).then(() => true, () => false);
`;

/** pouchdb-browser as one ES module, bundled as the app bundles it (Node's `events` → the app's small emitter). */
async function bundlePouch(): Promise<string> {
  const root = `${import.meta.dirname}/..`;
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    resolve: { alias: { events: `${root}/src/sync/engine/events-shim.js` } },
    plugins: [
      {
        name: 'floor-entry',
        resolveId: (id) => (id === 'floor-entry' ? '\0floor-entry' : undefined),
        load: (id) => (id === '\0floor-entry' ? ENTRY : undefined),
      },
    ],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      rolldownOptions: { input: 'floor-entry', output: { format: 'es', codeSplitting: false } },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = result && 'output' in result ? result.output.find((file) => file.type === 'chunk') : undefined;
  if (!chunk || chunk.type !== 'chunk') throw new Error('bundling pouchdb-browser gave no chunk');
  return chunk.code;
}

/** A page of its own on a loopback static server (a page Playwright fulfils counts as public: no loopback fetch). */
async function bareServer(): Promise<{ url: string; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'glassbox-floor-'));
  await writeFile(join(dir, 'pouch.js'), await bundlePouch());
  const html = '<!doctype html><meta charset="utf-8"><script type="module" src="./pouch.js"></script>';
  await writeFile(join(dir, 'index.html'), html);
  const server = await startStaticServer(dir);
  return {
    url: `${server.url.replace(/\/$/, '')}/index.html`,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

type BareWindow = {
  pullAll(url: string): Promise<{ ms: number; written: number; docs: number }>;
  startLive(url: string): Promise<void>;
  putOne(id: string): Promise<void>;
  hasOne(id: string): Promise<boolean>;
};

async function openBare(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => 'pullAll' in window);
}

/** PouchDB pulling `databaseUrl` into an empty database of a bare page: its time and the documents it wrote. */
export async function pouchFloor(page: Page, databaseUrl: string): Promise<{ ms: number; written: number }> {
  const bare = await bareServer();
  try {
    await openBare(page, bare.url);
    return await page.evaluate((url) => (window as unknown as BareWindow).pullAll(url), databaseUrl);
  } finally {
    await bare.close();
  }
}

/**
 * Two bare pages in live sync with `databaseUrl` (PouchDB alone, the app's options); one document written on the
 * first: the requests the server saw from the write until the second page had it, and in the second after that.
 */
export async function pouchOneDocRequests(
  first: Page,
  second: Page,
  databaseUrl: string,
  requests: ReadonlyArray<{ method: string; path: string }>,
): Promise<{ until: number; withSettle: number; kinds: string }> {
  const bare = await bareServer();
  try {
    for (const page of [first, second]) {
      await openBare(page, bare.url);
      await page.evaluate((url) => (window as unknown as BareWindow).startLive(url), databaseUrl);
    }
    const before = requests.length;
    await first.evaluate(() => (window as unknown as BareWindow).putOne('one'));
    while (!(await second.evaluate(() => (window as unknown as BareWindow).hasOne('one'))))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const until = requests.length - before;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const counts = new Map<string, number>();
    for (const { method, path } of requests.slice(before, before + until)) {
      const kind = `${method} ${path.split('/').pop() || '<db info>'}`;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    const kinds = [...counts].map(([kind, count]) => `${count}× ${kind}`).join(', ');
    return { until, withSettle: requests.length - before, kinds };
  } finally {
    await bare.close();
  }
}
