import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import type { ServedRequest } from './static-server.ts';

/** Formats a static host sends as they are (already compressed); everything else it sends gzipped. */
const PRECOMPRESSED = new Set(['.png', '.jpg', '.webp', '.ico', '.woff', '.woff2']);

/** After idle, the network is quiet once no request arrived for this long. */
const QUIET_MS = 2000;

/**
 * The bytes a compressing static host sends for one built file: its gzip size (zlib default level, as Vite reports
 * and as the first-load figure counts) for text and WebAssembly, the file as it is for formats already compressed.
 * Headers are not counted. The bench's own server sends files uncompressed; the figure is what a real host sends.
 */
export async function wireBytes(distDir: string, path: string, cache: Map<string, number>): Promise<number> {
  const known = cache.get(path);
  if (known !== undefined) return known;
  const body = await readFile(join(distDir, path));
  const bytes = PRECOMPRESSED.has(extname(path)) ? body.length : gzipSync(body).length;
  cache.set(path, bytes);
  return bytes;
}

/** What a cold start fetched from the app's origin before the app was idle, and until the network was quiet. */
export interface ColdStartBytes {
  /** The app's idle mark, ms since navigation start. */
  idleAt: number;
  beforeIdle: { bytes: number; requests: number; paths: string[] };
  /** Everything until no request arrived for 2 s after idle (the idle preloads and the service worker's precache). */
  untilQuiet: { bytes: number; requests: number };
}

async function total(distDir: string, requests: readonly ServedRequest[], cache: Map<string, number>): Promise<number> {
  let bytes = 0;
  for (const request of requests) bytes += await wireBytes(distDir, request.path, cache);
  return bytes;
}

/**
 * Bytes fetched before the app is idle on a cold start. "Idle" is the app's `glassbox:idle` mark: its first
 * `requestIdleCallback` after boot, where its background work (idle preloads, the service worker's registration)
 * starts; it must come after the message box is usable. Every response the static server sent for a request that
 * arrived before that moment counts, whoever asked (the page, a worker, the service worker). `firstRequest` is the
 * index in `requests()` of this page load's first request.
 */
export async function coldStartBytes(
  page: Page,
  distDir: string,
  requests: () => readonly ServedRequest[],
  firstRequest: number,
  inputUsable: number,
): Promise<ColdStartBytes> {
  const handle = await page.waitForFunction(
    () => {
      const mark = performance.getEntriesByName('glassbox:idle')[0];
      return mark ? { origin: performance.timeOrigin, idleAt: mark.startTime } : undefined;
    },
    null,
    { timeout: 30_000, polling: 50 },
  );
  const { origin, idleAt } = (await handle.jsonValue()) as { origin: number; idleAt: number };
  if (idleAt < inputUsable)
    throw new Error(
      `the app's idle mark (${idleAt.toFixed(0)} ms) came before the message box was usable (${inputUsable.toFixed(0)} ms)`,
    );
  const idleWall = origin + idleAt;
  for (;;) {
    const mine = requests().slice(firstRequest);
    const last = Math.max(idleWall, ...mine.map((request) => request.at));
    if (Date.now() - last >= QUIET_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const mine = requests().slice(firstRequest);
  const before = mine.filter((request) => request.at < idleWall);
  const cache = new Map<string, number>();
  return {
    idleAt,
    beforeIdle: {
      bytes: await total(distDir, before, cache),
      requests: before.length,
      paths: before.map((request) => request.path),
    },
    untilQuiet: { bytes: await total(distDir, mine, cache), requests: mine.length },
  };
}
