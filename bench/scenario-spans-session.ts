import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { MockLlmServer } from '../e2e/mock-llm/server.ts';
import {
  armed,
  configureEndpoint,
  lastInputAt,
  lastMessagePainted,
  loadUntilUsable,
  send,
  waitForRunStatus,
  type BenchWindow,
} from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { waitForStorageQuiet } from './measure-stream.ts';
import type { BenchContext, Sample, SessionFixture } from './scenario-context.ts';
import { importAndPaint, openFromSidebar, scrollTopToBottom, stepSaves } from './scenario-long-session.ts';
import { median } from './stats.ts';

type StepSave = { syncMs: number; wallMs: number; bytes: number };

/** The median of one measure of step saves. */
export function medianSave(saves: readonly StepSave[], key: keyof StepSave): number {
  return median(saves.map((save) => save[key]));
}

/** The step saves of {@link stepSaveRounds}: on the big session, on the small one, and each round's ratio. */
export interface StepSaveRounds {
  big: StepSave[];
  small: StepSave[];
  ratios: number[];
}

/** Tool-calling steps per measured run. */
const TOOL_STEPS = 5;

function enqueueToolRun(mock: MockLlmServer, answer: string): void {
  for (let step = 1; step <= TOOL_STEPS; step += 1) {
    mock.enqueue({ kind: 'reply', toolCalls: [{ name: 'calculator', arguments: { expression: `${step} * 7` } }] });
  }
  mock.enqueue({ kind: 'reply', content: answer });
}

let toolRuns = 0;

/**
 * Runs a five-step tool-calling run on the active session; resolves with its step saves, the send time and its final
 * answer (its own text, so that a session's earlier run never looks like this one's end).
 */
export async function toolRun(
  page: Page,
  mock: MockLlmServer,
): Promise<{ saves: StepSave[]; sentAt: number; answer: string }> {
  toolRuns += 1;
  const answer = `All five results are in (run ${toolRuns}).`;
  await waitForStorageQuiet(page);
  const txsBefore = await page.evaluate(() => {
    const probe = (window as unknown as BenchWindow).__bench;
    probe.countBytes = true;
    probe.timeIdb = true;
    return probe.txs.length;
  });
  // Whatever an earlier run left queued must not shift this run's answers.
  mock.reset();
  enqueueToolRun(mock, answer);
  // The session's status may already say `done` (an earlier run): the run is over when its answer is painted.
  const answered = lastMessagePainted(page, answer);
  await send(page, `Multiply one to five by seven ${Date.now()}`);
  const sentAt = await lastInputAt(page);
  await answered;
  await waitForRunStatus(page, 'done');
  await waitForStorageQuiet(page);
  await page.evaluate(() => {
    const probe = (window as unknown as BenchWindow).__bench;
    probe.countBytes = false;
    probe.timeIdb = false;
  });
  return { saves: await stepSaves(page, txsBefore), sentAt, answer };
}

/**
 * Agent overhead per step, two ways. `loop`: from the moment the model call returned the whole response to the agent
 * (its llm span's end) to the start of the next request, minus the tool time in between (tool spans) — the time the
 * loop itself adds: persisting the step, the compaction check, building the next request. `network`: the same gap
 * from the network's `responseEnd` instead, which also counts the main-thread work (rendering the streamed step)
 * that delays reading the last bytes.
 */
async function agentOverheads(page: Page, since: number): Promise<{ loop: number[]; network: number[] }> {
  return page.evaluate(async (from) => {
    const requests = performance
      .getEntriesByType('resource')
      .filter(
        (entry): entry is PerformanceResourceTiming =>
          entry.name.includes('/chat/completions') && entry.startTime >= from,
      )
      .sort((a, b) => a.startTime - b.startTime);
    type StoredSpan = { kind: string; startTime: number; endTime?: number; attributes: Record<string, unknown> };
    const spans = (await (window as unknown as BenchWindow).__bench.storedSpans()) as StoredSpan[];
    const local = (time: number) => time - performance.timeOrigin;
    const ended = spans.filter((span) => span.endTime !== undefined && local(span.startTime) >= from - 50);
    const tools = ended
      .filter((span) => span.kind === 'tool')
      .map((span) => ({ start: local(span.startTime), end: local(span.endTime as number) }));
    const calls = ended
      .filter((span) => span.kind === 'llm' && span.attributes['llm.purpose'] === undefined)
      .map((span) => local(span.endTime as number))
      .sort((a, b) => a - b);
    const toolTimeBetween = (start: number, end: number) =>
      tools.reduce((total, tool) => total + Math.max(0, Math.min(tool.end, end) - Math.max(tool.start, start)), 0);
    const loop: number[] = [];
    const network: number[] = [];
    for (let index = 0; index + 1 < requests.length; index += 1) {
      const next = (requests[index + 1] as PerformanceResourceTiming).startTime;
      const responseEnd = (requests[index] as PerformanceResourceTiming).responseEnd;
      network.push(next - responseEnd - toolTimeBetween(responseEnd, next));
      // The model call that returned last before the next request started.
      const returned = calls.filter((time) => time <= next).at(-1);
      if (returned !== undefined && returned >= responseEnd - 1)
        loop.push(next - returned - toolTimeBetween(returned, next));
    }
    return { loop, network };
  }, since);
}

/** Interleaved rounds of a five-step run on the big session and at 20 messages, after one uncounted run on each (warm-up). */
const STEP_SAVE_ROUNDS = 3;

/**
 * A step's save on a big session (2,000 messages here, 10,000 in the big-session scenario) vs 20 messages. The main-thread time of one save is about a millisecond, summed from a few
 * dozen IndexedDB calls each timed with `performance.now()` (100 µs steps in a page that is not cross-origin
 * isolated), so one run's figure is noisy: one uncounted run on each session first (code compiled, connection and
 * caches warm; on the big session that run also makes its first compaction), then
 * {@link STEP_SAVE_ROUNDS} rounds of a run on each, in alternating order so that a change of machine load falls on
 * both; the ratio is the median over rounds of each round's median-save ratio. Starts on the big session (the
 * active one).
 */
export async function stepSaveRounds(
  context: BenchContext,
  page: Page,
  big: SessionFixture,
  small: SessionFixture,
): Promise<StepSaveRounds> {
  // After a run, a session's last message is that run's answer.
  const markers = new Map<SessionFixture, string>();
  const runOn = async (fixture: SessionFixture, open: boolean): Promise<StepSave[]> => {
    if (open) await openFromSidebar(page, { ...fixture, lastMarker: markers.get(fixture) ?? fixture.lastMarker });
    const run = await toolRun(page, context.mock);
    markers.set(fixture, run.answer);
    return run.saves;
  };
  await runOn(big, false);
  await runOn(small, true);
  const saves = new Map<SessionFixture, StepSave[]>([
    [big, []],
    [small, []],
  ]);
  const ratios: number[] = [];
  for (let round = 0; round < STEP_SAVE_ROUNDS; round += 1) {
    const medians = new Map<SessionFixture, number>();
    for (const fixture of round % 2 === 0 ? [big, small] : [small, big]) {
      const run = await runOn(fixture, true);
      saves.get(fixture)?.push(...run);
      medians.set(fixture, median(run.map((save) => save.syncMs)));
    }
    ratios.push((medians.get(big) ?? Number.NaN) / (medians.get(small) ?? Number.NaN));
  }
  const rounds = { big: saves.get(big) ?? [], small: saves.get(small) ?? [], ratios };
  const list = (values: number[], digits: number) => values.map((value) => value.toFixed(digits)).join(', ');
  const size = big.messages.toLocaleString('en-US');
  context.log(
    `    step save bytes at 20: ${list(
      rounds.small.map((save) => save.bytes / 1024),
      1,
    )} KB; at ${size}: ${list(
      rounds.big.map((save) => save.bytes / 1024),
      1,
    )} KB`,
  );
  context.log(
    `    step save main thread at 20: ${list(
      rounds.small.map((save) => save.syncMs),
      2,
    )} ms; at ${size}: ${list(
      rounds.big.map((save) => save.syncMs),
      2,
    )} ms`,
  );
  context.log(
    `    step save ${medianSave(rounds.small, 'syncMs').toFixed(2)} ms at 20, ${medianSave(rounds.big, 'syncMs').toFixed(2)} ms at ${size} (wall ${medianSave(rounds.small, 'wallMs').toFixed(1)} / ${medianSave(rounds.big, 'wallMs').toFixed(1)} ms); ratio per round ${list(ratios, 2)} → ${median(ratios).toFixed(2)}`,
  );
  return rounds;
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
    context.log(
      `    open 2,000/5,000 ${sample.open2000Ms.toFixed(0)} ms, span tree scroll p95 ${sample.spanScrollP95.toFixed(1)} ms`,
    );

    const download = armed(page.waitForEvent('download'));
    await page.getByRole('complementary', { name: 'Sessions' }).getByRole('button', { name: 'Export session' }).click();
    const clickedAt = await lastInputAt(page);
    const file = await download;
    const readyAt = await page.evaluate(
      () => (window as unknown as BenchWindow).__bench.downloads.at(-1) ?? Number.NaN,
    );
    sample.export2000Ms = readyAt - clickedAt;
    const exported = join(context.scratchDir, `export-${Date.now()}.json`);
    await file.saveAs(exported);
    // From an empty session, so the copy's last message is not on screen before the import.
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByRole('log', { name: 'Messages' }).locator('article').first().waitFor({ state: 'detached' });
    sample.reimport2000Ms = await importFixture(page, { ...huge2000, path: exported });
    context.log(`    export ${sample.export2000Ms.toFixed(0)} ms, re-import ${sample.reimport2000Ms.toFixed(0)} ms`);

    sample.reload2000Ms = await loadUntilUsable(page, context.appUrl, true);
    const saves = await stepSaveRounds(context, page, huge2000, small20);
    Object.assign(sample, {
      stepSave2000Ms: medianSave(saves.big, 'syncMs'),
      stepSave20Ms: medianSave(saves.small, 'syncMs'),
      stepSaveWall2000Ms: medianSave(saves.big, 'wallMs'),
      stepSaveWall20Ms: medianSave(saves.small, 'wallMs'),
      stepSaveRatio: median(saves.ratios),
      stepSaveKB20: medianSave(saves.small, 'bytes') / 1024,
      stepSaveKB2000: medianSave(saves.big, 'bytes') / 1024,
    });

    await openFromSidebar(page, medium200);
    const overhead = await toolRun(page, context.mock);
    const overheads = await agentOverheads(page, overhead.sentAt);
    sample.agentOverheadMs = median(overheads.loop);
    sample.agentGapNetworkMs = median(overheads.network);
    const list = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
    context.log(
      `    agent overhead at 200: ${list(overheads.loop)} ms (from the network's responseEnd: ${list(overheads.network)} ms)`,
    );
    return sample;
  } finally {
    await browser.close();
  }
}
