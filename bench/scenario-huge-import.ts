import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import type { CDPSession, Page } from '@playwright/test';
import {
  chatGptExportChunks,
  conversationMessages,
  lastAnswerMarker,
  type ChatGptExportOptions,
} from '../src/testing/chatgpt-export-fixture.ts';
import { armed, chooseImportFile, lastInputAt, loadUntilUsable, type BenchWindow } from './app-driver.ts';
import { openFromSidebar } from './scenario-long-session.ts';
import { launchFresh } from './browser.ts';
import type { BenchContext, HugeExportFixture, Sample } from './scenario-context.ts';
import { frameGaps, quantile } from './stats.ts';

/** The export of issue 20: 2,000 conversations, 150,000 messages, about 100 MB, in the real shape. */
export const HUGE_EXPORT: ChatGptExportOptions = {
  conversations: 2000,
  messagesPerConversation: 76,
  messageLength: 52,
};

/** Writes the generated export to `directory` once; resolves with its path, size and message count. */
export async function writeHugeExport(
  directory: string,
  options: ChatGptExportOptions = HUGE_EXPORT,
  name = 'conversations.json',
): Promise<HugeExportFixture> {
  const path = join(directory, name);
  const out = createWriteStream(path);
  let largestConversation = 0;
  for (const chunk of chatGptExportChunks(options)) {
    largestConversation = Math.max(largestConversation, Buffer.byteLength(chunk));
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  let messages = 0;
  for (let index = 0; index < options.conversations; index += 1) messages += conversationMessages(options, index);
  return { path, bytes: (await stat(path)).size, messages, largestConversation, conversations: options.conversations };
}

/**
 * JS heap in use of the page and of the import worker, sampled while the import runs (CDP: the page's session, and
 * the worker's through Target.sendMessageToTarget, auto-attached).
 */
async function heapSampler(page: Page): Promise<{ stop(): Promise<{ pageMax: number; workerMax: number }> }> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const workers = new Set<string>();
  let id = 1;
  const pending = new Map<number, (value: number) => void>();
  session.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { type: string } }) => {
    if (event.targetInfo.type === 'worker') workers.add(event.sessionId);
  });
  session.on('Target.detachedFromTarget', (event: { sessionId: string }) => workers.delete(event.sessionId));
  session.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: { usedSize?: number } };
    if (reply.id !== undefined) pending.get(reply.id)?.(reply.result?.usedSize ?? 0);
  });
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  let pageMax = 0;
  let workerMax = 0;
  const state = { running: true };
  const workerHeap = (sessionId: string) =>
    new Promise<number>((resolve) => {
      const messageId = id++;
      pending.set(messageId, resolve);
      void session
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id: messageId, method: 'Runtime.getHeapUsage' }),
        })
        .catch(() => resolve(0));
      setTimeout(() => resolve(0), 1000);
    });
  const loop = (async () => {
    while (state.running) {
      const usage = await session.send('Runtime.getHeapUsage').catch(() => ({ usedSize: 0 }));
      pageMax = Math.max(pageMax, usage.usedSize);
      for (const worker of workers) workerMax = Math.max(workerMax, await workerHeap(worker));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: async () => {
      state.running = false;
      await loop;
      await session.detach().catch(() => undefined);
      return { pageMax, workerMax };
    },
  };
}

/** What the keystroke figure types, one key at a time: the words of one answer of conversation 1500. */
const TYPED_QUERY = 'answer 1500.3';

/**
 * With the 2,001 sessions of the import stored: cold load (HTTP cache emptied) and reload → input usable, switching to another session from the
 * sidebar → its last message painted, and a search keystroke over all 150,000 messages → the one match shown.
 */
async function manySessions(page: Page, context: BenchContext): Promise<Sample> {
  const sample: Sample = {};
  // Cold: the HTTP cache emptied first, so the app's code is fetched again as on a first visit (IndexedDB kept).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  sample.manyColdLoadMs = await loadUntilUsable(page, context.appUrl, true);
  sample.manySidebarRows = await page.getByRole('list', { name: 'Session list' }).getByRole('listitem').count();
  context.log(
    `    2,001 sessions: cold load → usable ${sample.manyColdLoadMs.toFixed(0)} ms, ${sample.manySidebarRows} sidebar rows in the DOM`,
  );
  sample.manyReloadMs = await loadUntilUsable(page, context.appUrl, true);
  const index = HUGE_EXPORT.conversations - 3;
  const title = `${index % 7 === 3 ? '对话' : 'Conversation'} ${index}`;
  const messages = conversationMessages(HUGE_EXPORT, index);
  sample.manySwitchMs = await openFromSidebar(page, {
    path: '',
    title,
    lastMarker: lastAnswerMarker(index, messages),
    messages,
  });
  // One match first; then a keystroke that leaves none: every message of every session is read to know it.
  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('1500.3');
  await page
    .getByRole('list', { name: 'Session list' })
    .and(page.locator('[data-count="1"]'))
    .waitFor({ timeout: 120_000 });
  const found = armed(
    page.evaluate(() =>
      (window as unknown as BenchWindow).__bench.whenPainted(
        () => document.querySelector('[aria-label="Session list"]')?.getAttribute('data-count') === '0',
        120_000,
      ),
    ),
  );
  await search.press('x');
  const keyAt = await lastInputAt(page);
  sample.manySearchMs = (await found) - keyAt;
  // Typing a query key by key, as a person looks for a conversation: each key → the list updated for it.
  await search.fill('');
  await page.locator('[aria-label="Session list"]:not([aria-busy]):not([data-count="0"])').waitFor({ timeout: 60_000 });
  const keystrokes: number[] = [];
  let typed = '';
  for (const key of TYPED_QUERY) {
    typed += key;
    const shown = armed(
      page.evaluate(
        (expected) =>
          (window as unknown as BenchWindow).__bench.whenPainted(() => {
            const list = document.querySelector('[aria-label="Session list"]');
            const box = document.querySelector<HTMLInputElement>('input[aria-label="Search sessions"]');
            return box?.value === expected && list !== null && !list.hasAttribute('aria-busy');
          }, 120_000),
        typed,
      ),
    );
    await search.press(key === ' ' ? 'Space' : key);
    const at = await lastInputAt(page);
    keystrokes.push((await shown) - at);
  }
  sample.manySearchKeyP95Ms = quantile(keystrokes, 0.95);
  sample.manySearchKeyMaxMs = Math.max(...keystrokes);
  context.log(`    typing "${TYPED_QUERY}": per key ${keystrokes.map((ms) => ms.toFixed(0)).join(' ')} ms`);
  context.log(
    `    2,001 sessions: reload → usable ${sample.manyReloadMs.toFixed(0)} ms, switch ${sample.manySwitchMs.toFixed(0)} ms, search keystroke → match shown ${sample.manySearchMs.toFixed(0)} ms`,
  );
  return sample;
}

/**
 * A fresh browser imports the 100 MB export through Import: file chosen → the import's toast shown (every
 * conversation written and the first opened), the frame gaps of the page meanwhile, the peak JS heap of the page and
 * of the import worker, and what the browser then says is stored.
 */
export async function hugeImport(context: BenchContext): Promise<Sample> {
  const file = context.fixtures.hugeExport;
  if (!file) throw new Error('The 100 MB export was not written');
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    const usageBefore = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const sampler = await heapSampler(page);
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
    await chooseImportFile(page, file.path);
    const chosenAt = await lastInputAt(page);
    const doneAt = await page.evaluate(
      (expected) =>
        (window as unknown as BenchWindow).__bench.whenPainted(
          () => [...document.querySelectorAll('[role="status"]')].some((node) => node.textContent?.includes(expected)),
          600_000,
        ),
      `Imported ${HUGE_EXPORT.conversations} sessions.`,
    );
    const times = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
    const heap = await sampler.stop();
    const during = times.filter((time) => time >= chosenAt && time <= doneAt);
    const gaps = frameGaps(during);
    const longest = gaps.indexOf(Math.max(...gaps));
    context.log(
      `    longest frame ${gaps[longest]?.toFixed(0)} ms, ending ${((during[longest + 1] ?? 0) - chosenAt).toFixed(0)} ms after the file was chosen (done at ${(doneAt - chosenAt).toFixed(0)} ms)`,
    );
    const usageAfter = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const sample: Sample &
      Record<
        | 'hugeImportMs'
        | 'hugeImportFrameP95'
        | 'hugeImportFrameMax'
        | 'hugeImportPageHeapMB'
        | 'hugeImportWorkerHeapMB'
        | 'hugeImportStoredRatio',
        number
      > = {
      hugeImportMs: doneAt - chosenAt,
      hugeImportFrameP95: quantile(gaps, 0.95),
      hugeImportFrameMax: Math.max(...gaps),
      hugeImportPageHeapMB: heap.pageMax / 2 ** 20,
      hugeImportWorkerHeapMB: heap.workerMax / 2 ** 20,
      hugeImportHeapBoundMB: (2 * file.largestConversation + 100 * 2 ** 20) / 2 ** 20,
      hugeImportStoredRatio: (usageAfter - usageBefore) / file.bytes,
      hugeImportFileMB: file.bytes / 2 ** 20,
      bytesPerImportedMessage: (usageAfter - usageBefore) / file.messages,
    };
    Object.assign(sample, await manySessions(page, context));
    context.log(
      `    100 MB import ${(sample.hugeImportMs / 1000).toFixed(1)} s, frame gap p95 ${sample.hugeImportFrameP95.toFixed(1)} ms, max ${sample.hugeImportFrameMax.toFixed(0)} ms, heap page ${sample.hugeImportPageHeapMB.toFixed(0)} MB / worker ${sample.hugeImportWorkerHeapMB.toFixed(0)} MB, stored ${sample.hugeImportStoredRatio.toFixed(2)}× the file`,
    );
    return sample;
  } finally {
    await browser.close();
  }
}
