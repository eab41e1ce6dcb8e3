// Issue 37 item 8, the parts that need no 100 MB history: a step's local save with live sync on against the same
// with sync off (two pages side by side, runs alternated), and one new run reaching a third page, counted in HTTP
// requests to the loopback CouchDB-protocol server and in time.
import type { Page } from '@playwright/test';
import { startCouchServer, type CouchServer } from '../e2e/couch-server/server.ts';
import { configureEndpoint, loadUntilUsable, send, waitForRunStatus } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { pouchOneDocRequests } from './pouch-floor.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { medianSave, toolRun } from './scenario-spans-session.ts';
import { median } from './stats.ts';
import { DATABASE, turnOnSync, whenSynced } from './scenario-sync.ts';

/** Measured rounds; each runs one five-step tool run on each page, the order alternating. */
const ROUNDS = 4;

interface StoredSession {
  id: string;
  createdAt: number;
  messageCount: number;
}

/** The page's stored session records (read from its IndexedDB). */
function storedSessionRecords(page: Page): Promise<StoredSession[]> {
  return page.evaluate(
    () =>
      new Promise<StoredSession[]>((resolve, reject) => {
        const open = indexedDB.open('glassbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('sessions').objectStore('sessions').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(
              (all.result as StoredSession[]).map(({ id, createdAt, messageCount }) => ({
                id,
                createdAt,
                messageCount,
              })),
            );
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** `GET /glassbox/_changes` → `GET _changes`: requests named by method and the path after the database. */
function requestKinds(requests: readonly { method: string; path: string }[]): string {
  const counts = new Map<string, number>();
  for (const { method, path } of requests) {
    const kind = `${method} ${path.replace(`/${DATABASE}/`, '').replace(/^_local\/.*/, '_local/…')}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => `${count}× ${kind}`).join(', ');
}

/**
 * One new run (one calculator step, then the answer) in a new session on `from`; resolves with the time from its
 * status turning `done` to `to` holding that session with every message, and the server requests of both parts.
 */
async function oneRunReaches(
  from: Page,
  to: Page,
  context: BenchContext,
  server: CouchServer,
): Promise<{ ms: number; during: number; after: number; kinds: string }> {
  await from.getByRole('button', { name: 'New session' }).click();
  context.mock.reset();
  context.mock.enqueue({ kind: 'reply', toolCalls: [{ name: 'calculator', arguments: { expression: '128 * 7' } }] });
  context.mock.enqueue({ kind: 'reply', content: 'It is 896.' });
  const atSend = server.requests.length;
  await send(from, 'What is 128 times 7?');
  await waitForRunStatus(from, 'done');
  const doneAt = Date.now();
  const atDone = server.requests.length;
  const sessions = await storedSessionRecords(from);
  const newest = sessions.reduce((latest, session) => (session.createdAt > latest.createdAt ? session : latest));
  for (;;) {
    const there = (await storedSessionRecords(to)).find((session) => session.id === newest.id);
    if (there && there.messageCount >= newest.messageCount) break;
    if (Date.now() - doneAt > 60_000) throw new Error('The new run did not reach the other page within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ms = Date.now() - doneAt;
  const requests = server.requests.slice(atSend);
  return { ms, during: atDone - atSend, after: requests.length - (atDone - atSend), kinds: requestKinds(requests) };
}

export async function syncSteps(context: BenchContext): Promise<Sample> {
  const server = await startCouchServer({ port: 0 });
  await fetch(`${server.url}/${DATABASE}`, { method: 'PUT' });
  const [off, on, other] = await Promise.all([launchFresh(), launchFresh(), launchFresh()]);
  try {
    for (const device of [off, on, other]) await loadUntilUsable(device.page, context.appUrl);
    await configureEndpoint(off.page, context.mock.url);
    await configureEndpoint(on.page, context.mock.url);
    await turnOnSync(on.page, server.url);
    await whenSynced(on.page, async () => true, 120_000);
    await turnOnSync(other.page, server.url);
    await whenSynced(other.page, async () => true, 120_000);
    // One uncounted run on each (first calls of code paths), then alternated rounds so a change of load falls on both.
    await toolRun(off.page, context.mock);
    await toolRun(on.page, context.mock);
    const ratios: number[] = [];
    const offSaves = [];
    const onSaves = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const first = round % 2 === 0 ? off : on;
      const second = first === off ? on : off;
      const a = (await toolRun(first.page, context.mock)).saves;
      const b = (await toolRun(second.page, context.mock)).saves;
      const [offRound, onRound] = first === off ? [a, b] : [b, a];
      offSaves.push(...offRound);
      onSaves.push(...onRound);
      ratios.push(medianSave(onRound, 'syncMs') / medianSave(offRound, 'syncMs'));
    }
    const reached = await oneRunReaches(on.page, other.page, context, server);
    // PouchDB alone, two bare pages in live sync on a database of their own: one document from one to the other.
    await Promise.all([off.close(), on.close(), other.close()]);
    await fetch(`${server.url}/bare`, { method: 'PUT' });
    const [first, second] = await Promise.all([launchFresh(true), launchFresh(true)]);
    const bare = await pouchOneDocRequests(first.page, second.page, `${server.url}/bare`, server.requests).finally(() =>
      Promise.all([first.close(), second.close()]),
    );
    const sample: Sample = {
      syncStepSaveRatio: median(ratios),
      syncStepSaveOnMs: medianSave(onSaves, 'syncMs'),
      syncStepSaveOffMs: medianSave(offSaves, 'syncMs'),
      syncSmallOneRunMs: reached.ms,
      syncSmallOneRunRequests: reached.after,
      syncPouchOneDocRequests: bare.until,
    };
    context.log(
      `    step save with sync on ÷ off: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')} (median ${sample.syncStepSaveRatio?.toFixed(2)}); ${sample.syncStepSaveOnMs?.toFixed(2)} vs ${sample.syncStepSaveOffMs?.toFixed(2)} ms main thread`,
    );
    context.log(
      `    one run → other page: ${reached.ms} ms after done; requests ${reached.during} during the run, ${reached.after} after (${reached.kinds})`,
    );
    context.log(
      `    PouchDB alone, one document between two bare pages: ${bare.until} requests until the other page had it (${bare.kinds}), ${bare.withSettle} with the second after`,
    );
    return sample;
  } finally {
    await Promise.all([off.close(), on.close(), other.close()]);
    await server.close();
  }
}
