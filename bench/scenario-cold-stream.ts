import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstLoadAssets, loadUntilUsable, configureEndpoint } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { coldStartBytes } from './bytes-before-idle.ts';
import { idleFrameP95, measureStreamedAnswer } from './measure-stream.ts';
import type { BenchContext, Sample } from './scenario-context.ts';

/** Gzipped size (zlib default level, as Vite reports it) of the built files at these URL paths. */
async function gzipBytes(distDir: string, paths: readonly string[]): Promise<number> {
  let total = 0;
  for (const path of new Set(paths)) {
    const body = await readFile(join(distDir, path.replace(/^\/+/, '')));
    total += gzipSync(body).length;
  }
  return total;
}

/**
 * A fresh browser and profile: cold load until the message box accepts input (and what JS/CSS that took), then one
 * 4,000-token answer streamed into an empty session.
 */
export async function coldLoadAndStream(context: BenchContext): Promise<Sample> {
  const browser = await launchFresh();
  try {
    const { page } = browser;
    const firstRequest = context.appRequests().length;
    const usable = await loadUntilUsable(page, context.appUrl);
    const assets = await firstLoadAssets(page, usable);
    const cold = await coldStartBytes(page, context.distDir, context.appRequests, firstRequest, usable);
    const sample: Sample = {
      coldLoadMs: usable,
      firstLoadKB: (await gzipBytes(context.distDir, assets)) / 1024,
      bytesBeforeIdleKB: cold.beforeIdle.bytes / 1024,
      requestsBeforeIdle: cold.beforeIdle.requests,
      idleAtMs: cold.idleAt,
      bytesUntilQuietKB: cold.untilQuiet.bytes / 1024,
      requestsUntilQuiet: cold.untilQuiet.requests,
      idleFrameP95: await idleFrameP95(page),
    };
    context.log(
      `    cold load ${usable.toFixed(0)} ms, ${assets.length} JS/CSS files, ${(sample.firstLoadKB ?? 0).toFixed(1)} KB gzip (${assets.join(' ')})`,
    );
    context.log(
      `    idle at ${cold.idleAt.toFixed(0)} ms: ${cold.beforeIdle.requests} responses, ${(cold.beforeIdle.bytes / 1024).toFixed(1)} KB before idle (${cold.beforeIdle.paths.join(' ')}); ` +
        `${cold.untilQuiet.requests} responses, ${(cold.untilQuiet.bytes / 1024).toFixed(1)} KB until the network was quiet`,
    );
    await configureEndpoint(page, context.mock.url);
    const stream = await measureStreamedAnswer(page, context.mock, 'Write a long answer, please.');
    context.log(
      `    stream p50/p95/max ${stream.p50.toFixed(1)}/${stream.p95.toFixed(1)}/${stream.max.toFixed(1)} ms, dropped ${stream.dropped}, last byte → screen ${stream.lastByteToScreenMs.toFixed(1)} ms`,
    );
    return {
      ...sample,
      streamEmptyP50: stream.p50,
      streamEmptyP95: stream.p95,
      streamEmptyMax: stream.max,
      streamEmptyDropped: stream.dropped,
      lastByteToScreenMs: stream.lastByteToScreenMs,
      writtenPerAnswerEmptyKB: stream.writtenBytes / 1024,
      streamLongTaskMs: stream.longTaskMs,
    };
  } finally {
    await browser.close();
  }
}
