// Opt-in diagnostics (BENCH_SYNC_PROFILE): where a page's time went on the network, from its Resource Timing
// entries — per kind of request, how many and their summed duration, and how much of the window had at
// least one request in flight (the rest is the page's own work: local storage, decryption, import). Server wait is
// not shown: a cross-origin entry without `Timing-Allow-Origin` reports no request and response start.
import type { Page } from '@playwright/test';

/** Keeps every resource entry from now on (the browser keeps 250 by default) and forgets the older ones. */
export function startRequestTiming(page: Page): Promise<number> {
  return page.evaluate(() => {
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(100_000);
    return performance.now();
  });
}

interface Entry {
  kind: string;
  start: number;
  end: number;
}

/** A printable summary of the requests to `origin` since `since` (a `performance.now()` of the page). */
export async function requestTiming(page: Page, origin: string, since: number): Promise<string> {
  const entries = await page.evaluate(
    ({ from, prefix }) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.name.startsWith(prefix) && entry.startTime >= from)
        .map((entry) => ({
          kind: new URL(entry.name).pathname.replace(/^\/[^/]+\/?/, '').split('/')[0] || '<db info>',
          start: entry.startTime,
          end: entry.responseEnd,
        })),
    { from: since, prefix: origin },
  );
  const byKind = new Map<string, { count: number; ms: number }>();
  for (const entry of entries as Entry[]) {
    const kind = byKind.get(entry.kind) ?? { count: 0, ms: 0 };
    kind.count += 1;
    kind.ms += entry.end - entry.start;
    byKind.set(entry.kind, kind);
  }
  // The union of the requests' intervals: time with at least one request in flight.
  let covered = 0;
  let until = since;
  for (const entry of [...(entries as Entry[])].sort((a, b) => a.start - b.start)) {
    if (entry.end <= until) continue;
    covered += entry.end - Math.max(entry.start, until);
    until = entry.end;
  }
  const last = Math.max(since, ...(entries as Entry[]).map((entry) => entry.end));
  const kinds = [...byKind]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([kind, k]) => `      ${kind}: ${k.count}, ${k.ms.toFixed(0)} ms in flight`);
  return [
    `    page B's requests: a request in flight ${covered.toFixed(0)} ms of the ${(last - since).toFixed(0)} ms to the last one`,
    ...kinds,
  ].join('\n');
}

/** Records the page's sync status (state and text) each time it changes, with its `performance.now()`. */
export function watchSyncStatus(page: Page): Promise<void> {
  return page.evaluate(() => {
    const log: Array<[number, string]> = [];
    (window as unknown as { __syncLog: typeof log }).__syncLog = log;
    const read = () => {
      const status = document.querySelector('[data-testid="sync-status"]');
      const line = `${status?.getAttribute('data-sync-state') ?? '-'} ${status?.textContent ?? ''}`.slice(0, 60);
      if (log.at(-1)?.[1] !== line) log.push([performance.now(), line]);
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true });
    read();
  });
}

/** The status changes since `since`, one line each with its offset in ms. */
export async function syncStatusLog(page: Page, since: number): Promise<string> {
  const log = await page.evaluate(() => (window as unknown as { __syncLog?: Array<[number, string]> }).__syncLog ?? []);
  return log.map(([at, line]) => `      +${(at - since).toFixed(0).padStart(6)} ms  ${line}`).join('\n');
}
