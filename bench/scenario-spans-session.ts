import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { MockLlmServer } from '../e2e/mock-llm/server.ts';
import { armed, lastInputAt, loadUntilUsable, send, configureEndpoint, waitForRunStatus, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { waitForStorageQuiet } from './measure-stream.ts';
import type { BenchContext, Sample, SessionFixture } from './scenario-context.ts';
import { importAndPaint, openFromSidebar, scrollTopToBottom, stepSaves } from './scenario-long-session.ts';
import { median } from './stats.ts';

/** Tool-calling steps per measured run. */
const TOOL_STEPS = 5;

function enqueueToolRun(mock: MockLlmServer): void {
  for (let step = 1; step <= TOOL_STEPS; step += 1) {
    mock.enqueue({ kind: 'reply', toolCalls: [{ name: 'calculator', arguments: { expression: `${step} * 7` } }] });
  }
  mock.enqueue({ kind: 'reply', content: 'All five results are in.' });
}

/** Runs a five-step tool-calling run on the active session; resolves with its step saves and the send time. */
async function toolRun(page: Page, mock: MockLlmServer): Promise<{ saves: Array<{ syncMs: number; wallMs: number; bytes: number }>; sentAt: number }> {
  await waitForStorageQuiet(page);
  const txsBefore = await page.evaluate(() => {
    const probe = (window as unknown as BenchWindow).__bench;
    probe.countBytes = true;
    return probe.txs.length;
  });
  // Whatever an earlier run left queued must not shift this run's answers.
  mock.reset();
  enqueueToolRun(mock);
  await send(page, `Multiply one to five by seven ${Date.now()}`);
  const sentAt = await lastInputAt(page);
  await waitForRunStatus(page, 'done');
  await waitForStorageQuiet(page);
  await page.evaluate(() => {
    (window as unknown as BenchWindow).__bench.countBytes = false;
  });
  return { saves: await stepSaves(page, txsBefore), sentAt };
}

/**
 * Agent overhead per step: from the end of a model response (resource timing `responseEnd`) to the start of the
 * next request, minus the tool time in between (the tool spans' durations).
 */
async function agentOverheads(page: Page, since: number): Promise<number[]> {
  return page.evaluate(async (from) => {
    const requests = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry.name.includes('/chat/completions') && entry.startTime >= from)
      .sort((a, b) => a.startTime - b.startTime);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('glassbox');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const spans = await new Promise<Array<{ kind: string; startTime: number; endTime?: number }>>((resolve, reject) => {
      const request = db.transaction('spans').objectStore('spans').getAll();
      request.onsuccess = () => resolve(request.result as Array<{ kind: string; startTime: number; endTime?: number }>);
      request.onerror = () => reject(request.error);
    });
    db.close();
    const tools = spans
      .filter((span) => span.kind === 'tool' && span.endTime !== undefined)
      .map((span) => ({ start: span.startTime - performance.timeOrigin, end: (span.endTime as number) - performance.timeOrigin }))
      .filter((span) => span.start >= from);
    const overheads: number[] = [];
    for (let index = 0; index + 1 < requests.length; index += 1) {
      const ended = (requests[index] as PerformanceResourceTiming).responseEnd;
      const next = (requests[index + 1] as PerformanceResourceTiming).startTime;
      // Only the tool time inside the gap: a tool can start on the finish chunk, before the network's responseEnd.
      const toolTime = tools.reduce((total, tool) => total + Math.max(0, Math.min(tool.end, next) - Math.max(tool.start, ended)), 0);
      overheads.push(next - ended - toolTime);
    }
    return overheads;
  }, since);
}

async function importFixture(page: Page, fixture: SessionFixture): Promise<number> {
  const elapsed = await importAndPaint(page, fixture.path, fixture.lastMarker);
  await waitForStorageQuiet(page);
  return elapsed;
}

/**
 * A fresh browser: import sessions of 20, 200 and 2,000 messages (the last with 5,000 spans); open the big one to
 * its latest messages and latest run, scroll the span tree, export and re-import it, reload, then time step saves
 * at 2,000 and at 20 messages and the agent's own overhead per step at 200 messages.
 */
export async function spansSession(context: BenchContext): Promise<Sample> {
  const { small20, medium200, huge2000 } = context.fixtures;
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    await configureEndpoint(page, context.mock.url);
    const sample: Sample = {};
    await importFixture(page, small20);
    await importFixture(page, medium200);
    await importFixture(page, huge2000);

    sample.open2000Ms = await openFromSidebar(page, huge2000, `Question ${huge2000.messages / 2}`);
    sample.spanScrollP95 = await scrollTopToBottom(page, '[role="tree"][aria-label="Span tree"]', 3000);
    context.log(`    open 2,000/5,000 ${sample.open2000Ms.toFixed(0)} ms, span tree scroll p95 ${sample.spanScrollP95.toFixed(1)} ms`);

    const download = armed(page.waitForEvent('download'));
    await page.getByRole('complementary', { name: 'Sessions' }).getByRole('button', { name: 'Export session' }).click();
    const clickedAt = await lastInputAt(page);
    const file = await download;
    const readyAt = await page.evaluate(() => (window as unknown as BenchWindow).__bench.downloads.at(-1) ?? Number.NaN);
    sample.export2000Ms = readyAt - clickedAt;
    const exported = join(context.scratchDir, `export-${Date.now()}.json`);
    await file.saveAs(exported);
    // From an empty session, so the copy's last message is not on screen before the import.
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByRole('log', { name: 'Messages' }).locator('article').first().waitFor({ state: 'detached' });
    sample.reimport2000Ms = await importFixture(page, { ...huge2000, path: exported });
    context.log(`    export ${sample.export2000Ms.toFixed(0)} ms, re-import ${sample.reimport2000Ms.toFixed(0)} ms`);

    sample.reload2000Ms = await loadUntilUsable(page, context.appUrl, true);
    const big = await toolRun(page, context.mock);
    await openFromSidebar(page, small20);
    const small = await toolRun(page, context.mock);
    sample.stepSave2000Ms = median(big.saves.map((save) => save.syncMs));
    sample.stepSave20Ms = median(small.saves.map((save) => save.syncMs));
    sample.stepSaveWall2000Ms = median(big.saves.map((save) => save.wallMs));
    sample.stepSaveWall20Ms = median(small.saves.map((save) => save.wallMs));
    sample.stepSaveRatio = sample.stepSave2000Ms / sample.stepSave20Ms;
    sample.stepSaveKB20 = median(small.saves.map((save) => save.bytes)) / 1024;
    sample.stepSaveKB2000 = median(big.saves.map((save) => save.bytes)) / 1024;
    context.log(`    step save bytes at 20: ${small.saves.map((save) => (save.bytes / 1024).toFixed(1)).join(', ')} KB; at 2,000: ${big.saves.map((save) => (save.bytes / 1024).toFixed(1)).join(', ')} KB`);
    context.log(`    step save ${sample.stepSave20Ms.toFixed(2)} ms at 20, ${sample.stepSave2000Ms.toFixed(2)} ms at 2,000 (wall ${sample.stepSaveWall20Ms.toFixed(1)} / ${sample.stepSaveWall2000Ms.toFixed(1)} ms)`);

    await openFromSidebar(page, medium200);
    const overhead = await toolRun(page, context.mock);
    const overheads = await agentOverheads(page, overhead.sentAt);
    sample.agentOverheadMs = median(overheads);
    context.log(`    agent overhead at 200: ${overheads.map((value) => value.toFixed(1)).join(', ')} ms (${context.mock.timings.length} model requests)`);
    return sample;
  } finally {
    await browser.close();
  }
}
