// The floor of issue 37's first-sync ratio for the client the issue prescribes: PouchDB's own replication of the
// server's documents into an empty PouchDB in a bare page on the app's origin (no app, no decrypting, no import), with
// the app's replication options (bench/scenario-sync.ts sets it beside the app's first sync and the plain upload).
import { build } from 'vite';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startStaticServer } from './static-server.ts';

const ENTRY = `import PouchDB from 'pouchdb-browser';
window.pullAll = async (url) => {
  const local = new PouchDB('floor-' + Date.now());
  const started = performance.now();
  // As src/sync/engine/replicator.ts pulls: 500 documents a batch, two batches at most in flight, checkpoint here.
  const result = await PouchDB.replicate(url, local, { batch_size: 500, batches_limit: 2, checkpoint: 'target' });
  const ms = performance.now() - started;
  const info = await local.info();
  await local.destroy();
  return { ms, written: result.docs_written, docs: info.doc_count };
};
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

/**
 * PouchDB pulling `databaseUrl` into an empty database of a bare page (served from a loopback static server of its
 * own, as the app is: a page Playwright fulfils counts as public and may not fetch from loopback): its time and the
 * documents it wrote.
 */
export async function pouchFloor(
  page: Page,
  databaseUrl: string,
): Promise<{ ms: number; written: number; docs: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'glassbox-floor-'));
  await writeFile(join(dir, 'pouch.js'), await bundlePouch());
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><script type="module" src="./pouch.js"></script>',
  );
  const server = await startStaticServer(dir);
  try {
    await page.goto(`${server.url.replace(/\/$/, '')}/index.html`);
    await page.waitForFunction(() => 'pullAll' in window);
    return await page.evaluate(
      (url) =>
        (window as unknown as { pullAll(u: string): Promise<{ ms: number; written: number; docs: number }> }).pullAll(
          url,
        ),
      databaseUrl,
    );
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
