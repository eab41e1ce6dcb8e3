// A CPU profile of one page through CDP, summarised as self time by function and by file (the top entries).
// Opt-in diagnostics for a scenario (e.g. BENCH_SYNC_PROFILE=1 for the sync scenario's receiving page).
import type { CDPSession, Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) by key, largest first. */
function topBy(profile: Profile, keyOf: (node: ProfileNode) => string, count: number): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    if (!node) return;
    const key = keyOf(node);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/**
 * The busy stretches of 50 ms or more (consecutive samples that are not idle: long tasks, roughly), with the self
 * time by function inside them: what makes the frame gaps.
 */
function longStretches(profile: Profile, keyOf: (node: ProfileNode) => string): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let count = 0;
  let busyMs = 0;
  let stretch: Array<[ProfileNode, number]> = [];
  const close = () => {
    const ms = stretch.reduce((sum, [, delta]) => sum + delta, 0);
    if (ms >= 50) {
      count += 1;
      busyMs += ms;
      for (const [node, delta] of stretch) totals.set(keyOf(node), (totals.get(keyOf(node)) ?? 0) + delta);
    }
    stretch = [];
  };
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (!node || node.callFrame.functionName === '(idle)') close();
    else stretch.push([node, delta]);
  });
  close();
  const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return [
    `    busy stretches ≥ 50 ms: ${count}, ${busyMs.toFixed(0)} ms; self time inside them:`,
    ...top.map(([key, ms]) => `      ${ms.toFixed(0).padStart(7)} ms  ${key}`),
  ];
}

const fileOf = (node: ProfileNode) => node.callFrame.url.split('/').pop() || `(${node.callFrame.functionName})`;

/** Starts sampling `page`; `stop()` resolves with a printable summary of where its main thread spent its time. */
export async function startCpuProfile(page: Page): Promise<{ stop(): Promise<string> }> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 1000 });
  await session.send('Profiler.start');
  return {
    async stop() {
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
      await session.detach();
      const total = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1000;
      const line = ([key, ms]: [string, number]) => `      ${ms.toFixed(0).padStart(7)} ms  ${key}`;
      const functions = topBy(
        profile,
        (node) => `${node.callFrame.functionName || '(anonymous)'} ${fileOf(node)}:${node.callFrame.lineNumber}`,
        25,
      );
      return [
        `    CPU profile: ${total.toFixed(0)} ms sampled; self time by file:`,
        ...topBy(profile, fileOf, 12).map(line),
        '    by function:',
        ...functions.map(line),
        ...longStretches(
          profile,
          (node) => `${node.callFrame.functionName || '(anonymous)'} ${fileOf(node)}:${node.callFrame.lineNumber}`,
        ),
      ].join('\n');
    },
  };
}

/**
 * How long the page takes to write `count` records of `bytes` characters into a new IndexedDB database, `batch` per
 * transaction: the floor under any local store of that many documents (a diagnostic beside a CPU profile).
 */
export function rawIndexedDbWrite(page: Page, count: number, bytes: number, batch = 500): Promise<number> {
  return page.evaluate(
    async ({ total, size, per }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(`bench-raw-${Date.now()}`);
        open.onupgradeneeded = () => open.result.createObjectStore('docs', { keyPath: '_id' });
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const body = 'x'.repeat(size);
      const started = performance.now();
      for (let index = 0; index < total; index += per) {
        const tx = db.transaction('docs', 'readwrite');
        for (let at = index; at < Math.min(total, index + per); at += 1)
          tx.objectStore('docs').put({ _id: `doc:${at}`, _rev: '1-abc', c: `${body}${at}` });
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
      }
      const ms = performance.now() - started;
      db.close();
      return ms;
    },
    { total: count, size: bytes, per: batch },
  );
}
