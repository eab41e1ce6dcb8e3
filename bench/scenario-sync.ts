// Issue 37 item 8: the 100 MB ChatGPT export's sessions synced through a CouchDB-protocol server (the test server,
// express-pouchdb over the in-memory adapter, on loopback) to an empty second page, against the same ciphertext
// uploaded plainly with `_bulk_docs`; the frame gaps of both pages meanwhile; one new run reaching the other page.
import type { Page } from '@playwright/test';
import { startCouchServer, type CouchServer } from '../e2e/couch-server/server.ts';
import { chooseImportFile, loadUntilUsable, send, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { pouchFloor } from './pouch-floor.ts';
import { rawIndexedDbWrite, startCpuProfile } from './cpu-profile.ts';
import { requestTiming, startRequestTiming, syncStatusLog, watchSyncStatus } from './request-timing.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { frameGaps, median, quantile } from './stats.ts';

export const DATABASE = 'glassbox';
const PASSPHRASE = 'bench passphrase for sync';
/** A first sync of 100 MB on a busy two-core machine: generous, so a slow run is a number, not a failure. */
const LONG_MS = 30 * 60_000;
/** Plain uploads of the same ciphertext; the ratio's denominator is their median. */
const PLAIN_UPLOADS = 3;

/** Settings → Sync: server, database, passphrase, Live sync, Save (as a person does). */
export async function turnOnSync(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Sync', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Sync server URL' }).fill(url);
  await dialog.getByRole('textbox', { name: 'Sync database' }).fill(DATABASE);
  await dialog.getByRole('textbox', { name: 'Sync passphrase' }).fill(PASSPHRASE);
  await dialog.getByRole('checkbox', { name: 'Live sync' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** How many sessions the page has stored (read from its IndexedDB). */
function storedSessions(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('glassbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('sessions').objectStore('sessions').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** Waits until the page's sync is idle with nothing pending and `done()` holds; resolves with Date.now() then. */
export async function whenSynced(page: Page, done: () => Promise<boolean>, timeout = LONG_MS): Promise<number> {
  const status = page.getByTestId('sync-status').first();
  const until = Date.now() + timeout;
  for (;;) {
    const state = await status.getAttribute('data-sync-state').catch(() => null);
    if (state === 'idle' && (await done())) return Date.now();
    if (state === 'error') throw new Error(`sync error: ${await status.textContent()}`);
    if (Date.now() > until) throw new Error(`sync not idle after ${timeout} ms (state ${state})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const startFrames = (page: Page) => page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
const framesP95 = async (page: Page) =>
  quantile(frameGaps(await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames())), 0.95);

/** The server's documents as they are (ciphertext, revisions, attachments), uploaded plainly into new databases. */
async function plainUpload(server: CouchServer): Promise<{ ms: number; docs: number; bytes: number; times: number[] }> {
  const all = (await (
    await fetch(`${server.url}/${DATABASE}/_all_docs?include_docs=true&attachments=true`)
  ).json()) as { rows: Array<{ doc: Record<string, unknown> }> };
  const docs = all.rows.map((row) => row.doc);
  // The median of three uploads, each into a new database (one upload varied ×5 between runs on the busy machine).
  const times: number[] = [];
  for (let attempt = 0; attempt < PLAIN_UPLOADS; attempt += 1) {
    const target = `${server.url}/plain${attempt}`;
    await fetch(target, { method: 'PUT' });
    const started = performance.now();
    for (let index = 0; index < docs.length; index += 100) {
      const response = await fetch(`${target}/_bulk_docs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ docs: docs.slice(index, index + 100), new_edits: false }),
      });
      if (!response.ok) throw new Error(`_bulk_docs: HTTP ${response.status}`);
    }
    times.push(performance.now() - started);
    await fetch(target, { method: 'DELETE' });
  }
  const bytes = docs.reduce((sum, doc) => sum + JSON.stringify(doc).length, 0);
  return { ms: median(times), docs: docs.length, bytes, times };
}

/** Imports the export into page A and syncs it up; resolves with how many sessions A holds. */
async function firstDevice(
  page: Page,
  context: BenchContext,
  server: CouchServer,
): Promise<{ sessions: number; pushMs: number }> {
  const file = context.fixtures.syncExport;
  if (!file) throw new Error('The export to sync was not written');
  await loadUntilUsable(page, context.appUrl);
  await chooseImportFile(page, file.path);
  await page
    .getByRole('status')
    .filter({ hasText: `Imported ${file.conversations} sessions.` })
    .waitFor({ timeout: 600_000 });
  const sessions = await storedSessions(page);
  const started = Date.now();
  await turnOnSync(page, server.url);
  await whenSynced(page, async () => true);
  const pushMs = Date.now() - started;
  context.log(`    page A: ${sessions} sessions imported, synced up in ${pushMs} ms`);
  return { sessions, pushMs };
}

/** One new run in a new session on A → that session stored on B: the time and the server requests meanwhile. */
async function oneRun(a: Page, b: Page, server: CouchServer): Promise<{ ms: number; requests: number }> {
  const before = await storedSessions(b);
  await a.getByRole('button', { name: 'New session' }).click();
  // Counted from the send: a run is written when it ends, and may reach the other page before its answer shows here.
  const requestsBefore = server.requests.length;
  await send(a, 'What is (128+374)*2?');
  await a
    .getByRole('article', { name: 'assistant message' })
    .last()
    .filter({ hasText: '1004' })
    .waitFor({ timeout: 60_000 });
  const started = Date.now();
  await whenSynced(b, async () => (await storedSessions(b)) > before, 60_000);
  return { ms: Date.now() - started, requests: server.requests.length - requestsBefore };
}

/** With BENCH_SYNC_PROFILE: page B's requests by kind, and the same documents written into a bare IndexedDB store. */
async function diagnostics(
  context: BenchContext,
  page: Page,
  requests: CouchServer['requests'],
  plain: { docs: number; bytes: number },
): Promise<void> {
  const kinds: Record<string, number> = {};
  for (const request of requests) {
    const kind = `${request.method} ${request.path.replace(/^\/[^/]+\//, '').split('/')[0]}`;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  context.log(`    page B's requests: ${JSON.stringify(kinds)}`);
  const average = Math.round(plain.bytes / plain.docs);
  const rawMs = await rawIndexedDbWrite(page, plain.docs, average);
  context.log(`    page B: ${plain.docs} records of ${average} B into a bare IndexedDB store: ${rawMs.toFixed(0)} ms`);
}

export async function syncScale(context: BenchContext): Promise<Sample> {
  const server = await startCouchServer({ port: 0 });
  await fetch(`${server.url}/${DATABASE}`, { method: 'PUT' });
  const a = await launchFresh();
  const b = await launchFresh();
  try {
    const { sessions, pushMs } = await firstDevice(a.page, context, server);
    const plain = await plainUpload(server);
    await loadUntilUsable(b.page, context.appUrl);
    // The machine's noise floor: page B's frame gaps while it does nothing, just before.
    await startFrames(b.page);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idleP95 = await framesP95(b.page);
    await Promise.all([startFrames(a.page), startFrames(b.page)]);
    const profile = process.env.BENCH_SYNC_PROFILE ? await startCpuProfile(b.page) : undefined;
    const timingSince = profile ? await startRequestTiming(b.page) : 0;
    if (profile) await watchSyncStatus(b.page);
    const requestsBefore = server.requests.length;
    const started = Date.now();
    await turnOnSync(b.page, server.url);
    const done = await whenSynced(b.page, async () => (await storedSessions(b.page)) >= sessions);
    const firstMs = done - started;
    if (profile) context.log(await profile.stop());
    if (profile) context.log(await requestTiming(b.page, server.url, timingSince));
    if (profile) context.log(`    page B's sync status:\n${await syncStatusLog(b.page, timingSince)}`);
    const sample: Sample = {
      syncFirstMs: firstMs,
      syncPlainUploadMs: plain.ms,
      syncPushMs: pushMs,
      syncFrameP95B: await framesP95(b.page),
      syncFrameP95A: await framesP95(a.page),
      syncFrameP95Idle: idleP95,
    };
    sample.syncRatio = firstMs / plain.ms;
    if (profile) await diagnostics(context, b.page, server.requests.slice(requestsBefore), plain);
    const run = await oneRun(a.page, b.page, server);
    sample.syncOneRunMs = run.ms;
    sample.syncOneRunRequests = run.requests;
    context.log(
      `    ${plain.docs} documents: page B synced in ${firstMs} ms; plain _bulk_docs ${plain.ms.toFixed(0)} ms (median of ${plain.times.map((ms) => ms.toFixed(0)).join(', ')}) (×${(firstMs / plain.ms).toFixed(2)}); one run ${run.ms} ms, ${run.requests} requests`,
    );
    // Pages A and B closed first: the bare page has the machine to itself, as page B had (A was idle meanwhile).
    await Promise.all([a.close(), b.close()]);
    const floor = await launchFresh(true);
    try {
      const pulled = await pouchFloor(floor.page, `${server.url}/${DATABASE}`);
      sample.syncPouchFloorMs = pulled.ms;
      sample.syncPouchFloorRatio = pulled.ms / plain.ms;
      context.log(
        `    PouchDB alone, the same database into an empty page: ${pulled.ms.toFixed(0)} ms for ${pulled.written} documents (×${(pulled.ms / plain.ms).toFixed(2)} the plain upload)`,
      );
    } finally {
      await floor.close();
    }
    return sample;
  } finally {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  }
}
