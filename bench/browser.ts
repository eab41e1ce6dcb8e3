import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { PROBE_PARTS, type ProbeTransaction } from './page-probe.ts';

/** The flags every benchmark browser starts with (the same as the end-to-end tests). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The probe's parts as one init script, installed once per page (a page that has `__bench` already keeps it). tsx keeps
 * function names with an `__name` helper that the page does not have: the script gives it a no-op one.
 */
const PROBE_SCRIPT = [
  'globalThis.__name = (target) => target;',
  'if (!globalThis.__bench) {',
  ...PROBE_PARTS.map((part) => `(${part.toString()})();`),
  '}',
].join('\n');

/** The Chromium the benchmark drives: CHROMIUM_PATH, else the system one. */
export function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
  );
  if (!found) throw new Error('No Chromium found: set CHROMIUM_PATH or install chromium (apt-get install chromium).');
  return found;
}

/** A fresh browser process with a fresh on-disk profile, the probe installed before any page script. */
export interface BenchBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Starts a fresh Chromium with a new profile directory (real on-disk IndexedDB, empty HTTP cache). */
export async function launchFresh(withoutProbe = false): Promise<BenchBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'glassbox-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 720 },
    deviceScaleFactor: 1,
    acceptDownloads: true,
  });
  if (!withoutProbe) await context.addInitScript({ content: PROBE_SCRIPT });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

/** The probe's IndexedDB transaction log. */
export function transactions(page: Page): Promise<ProbeTransaction[]> {
  return page.evaluate(() =>
    (window as unknown as { __bench: { txs: ProbeTransaction[] } }).__bench.txs.map((tx) => ({ ...tx })),
  );
}

/** JS heap in use after a full garbage collection, in bytes (Chrome DevTools Protocol). */
export async function heapAfterGc(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    const usage = await session.send('Runtime.getHeapUsage');
    return usage.usedSize;
  } finally {
    await session.detach().catch(() => undefined);
  }
}
