import type { Page } from '@playwright/test';
import type { MockBehaviour } from '../e2e/mock-llm/behaviours.ts';
import { armed, configureEndpoint, loadUntilUsable, send, waitForRunStatus, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { idleFrameP95, waitForStorageQuiet } from './measure-stream.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { importAndPaint } from './scenario-long-session.ts';
import { frameGaps, median, quantile } from './stats.ts';

/** Model calls per agent in the three-agent run (issue 13): five tool steps, then the answer. */
export const TEAM_STEPS = 6;
/** Tokens each delegate streams per step, at the suite's 200 chunks/s. */
const DELEGATE_TOKENS = 200;
const CHUNKS_PER_SECOND = 200;
const TEAM_FINAL = 'The team finished: both reports are in.';
const DELEGATES = ['researcher', 'reviewer'] as const;

type WireMessage = { role?: string; content?: unknown; tool_calls?: unknown[] };

/**
 * The scripted server's answers for the three-agent run, chosen from each request (two delegates run at once, so
 * a queue would hand one delegate's answers to the other). A delegate's step is its assistant messages so far + 1;
 * the orchestrator's counts from the latest user message (the 1,000 stored messages come before it).
 */
export function teamRoute(body: unknown): MockBehaviour | undefined {
  const messages = ((body as { messages?: WireMessage[] } | null)?.messages ?? []) as WireMessage[];
  const system = typeof messages[0]?.content === 'string' ? messages[0].content : '';
  const delegate = DELEGATES.find((name) => system.startsWith(`You are the ${name} of a team.`));
  if (delegate) {
    const step = messages.filter((message) => message.role === 'assistant').length + 1;
    if (step >= TEAM_STEPS) return { kind: 'reply', tokens: DELEGATE_TOKENS, chunksPerSecond: CHUNKS_PER_SECOND };
    return {
      kind: 'reply',
      tokens: DELEGATE_TOKENS,
      chunksPerSecond: CHUNKS_PER_SECOND,
      toolCalls: [{ id: `call_${delegate}_${step}`, name: 'calculator', arguments: { expression: `${step} * 3` } }],
    };
  }
  if (!system.includes('You lead a team of agents')) return undefined;
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const step = messages.slice(lastUser + 1).filter((message) => message.role === 'assistant').length + 1;
  const run = messages.filter((message) => message.role === 'user').length;
  if (step === 1) {
    return {
      kind: 'reply',
      toolCalls: DELEGATES.map((name) => ({
        id: `call_team_${run}_${name}`,
        name: `delegate_${name}`,
        arguments: { task: `Part of the task for the ${name}` },
      })),
    };
  }
  if (step < TEAM_STEPS)
    return {
      kind: 'reply',
      toolCalls: [{ id: `call_team_${run}_${step}`, name: 'calculator', arguments: { expression: `${step} + 1` } }],
    };
  return { kind: 'reply', content: TEAM_FINAL };
}

/** Turns delegation on (depth 1) and lets the reviewer use the calculator too, in the Agents dialog. */
async function setUpTeam(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Agents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agents' });
  await dialog.getByRole('checkbox', { name: 'Delegate to agents' }).check();
  await dialog.getByRole('spinbutton', { name: 'Max delegation depth' }).fill('1');
  await dialog.getByRole('group', { name: 'reviewer' }).getByRole('checkbox', { name: 'calculator' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Loop overhead per delegated step, from the stored spans: for each delegate (`agent` span), the time from one of
 * its model calls returning (llm span end) to its next model call starting, minus its tool time in between — what
 * the loop adds per step: the step's events and write, the stop decision, building the next request.
 */
async function delegatedStepOverheads(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    type StoredSpan = { spanId: string; parentSpanId?: string; kind: string; startTime: number; endTime?: number };
    const spans = (await (window as unknown as BenchWindow).__bench.storedSpans()) as StoredSpan[];
    const gaps: number[] = [];
    for (const agent of spans.filter((span) => span.kind === 'agent')) {
      const children = spans.filter((span) => span.parentSpanId === agent.spanId && span.endTime !== undefined);
      const calls = children.filter((span) => span.kind === 'llm').sort((a, b) => a.startTime - b.startTime);
      const tools = children.filter((span) => span.kind === 'tool');
      for (let index = 0; index + 1 < calls.length; index += 1) {
        const returned = (calls[index] as StoredSpan).endTime as number;
        const next = (calls[index + 1] as StoredSpan).startTime;
        const toolTime = tools.reduce(
          (total, tool) =>
            total + Math.max(0, Math.min(tool.endTime as number, next) - Math.max(tool.startTime, returned)),
          0,
        );
        gaps.push(next - returned - toolTime);
      }
    }
    return gaps;
  });
}

/**
 * Issue 13's three-agent run: a fresh browser imports the 1,000-message session, turns delegation on and sends a
 * task the scripted orchestrator splits between the researcher and the reviewer at once; each of the three agents
 * makes six model calls (five tool steps and its answer), the delegates streaming 200 tokens a step at 200
 * chunks/s. Measures the frame gaps while both delegates stream (from the first frame both groups show streamed
 * text until the first delegate is done) and the loop overhead per delegated step.
 */
export async function teamSession(context: BenchContext): Promise<Sample> {
  const { long1000 } = context.fixtures;
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    await configureEndpoint(page, context.mock.url);
    await importAndPaint(page, long1000.path, long1000.lastMarker);
    await waitForStorageQuiet(page);
    await setUpTeam(page);
    // How noisy the machine is right now, on the same page with the 1,000 messages shown.
    const idleP95 = await idleFrameP95(page);

    await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
    const streamWindow = armed(
      page.evaluate(() => {
        const probe = (window as unknown as BenchWindow).__bench;
        const streaming = () =>
          document.querySelectorAll(
            '[data-testid="delegation"] article[data-streaming="true"] [data-testid="message-text"]',
          );
        const working = () =>
          document.querySelectorAll('[data-testid="delegation"] > button[aria-expanded="true"]').length;
        const both = probe.whenPainted(
          () => [...streaming()].filter((text) => (text.textContent ?? '').trim() !== '').length >= 2,
          120_000,
        );
        return both.then(async (from) => ({ from, to: await probe.whenPainted(() => working() < 2, 120_000) }));
      }),
    );
    const startedAt = Date.now();
    await send(page, `Split this between the researcher and the reviewer ${Date.now()}`);
    const { from, to } = await streamWindow;
    const times = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
    await waitForRunStatus(page, 'done');
    const runMs = Date.now() - startedAt;
    await waitForStorageQuiet(page);
    const gaps = frameGaps(times.filter((time) => time >= from && time <= to));
    const overheads = await delegatedStepOverheads(page);
    if (overheads.length !== DELEGATES.length * (TEAM_STEPS - 1))
      throw new Error(`expected ${DELEGATES.length * (TEAM_STEPS - 1)} delegated steps, found ${overheads.length}`);
    const sample: Sample = {
      teamStreamP95: quantile(gaps, 0.95),
      teamStreamMax: gaps.length ? Math.max(...gaps) : Number.NaN,
      teamStreamSeconds: (to - from) / 1000,
      teamDelegateOverheadMs: median(overheads),
      teamRunSeconds: runMs / 1000,
      teamIdleFrameP95: idleP95,
    };
    context.log(
      `    idle frame gap p95 ${idleP95.toFixed(1)} ms; two delegates streaming for ${sample.teamStreamSeconds?.toFixed(1)} s: frame gap p95 ${sample.teamStreamP95?.toFixed(1)} ms, max ${sample.teamStreamMax?.toFixed(1)} ms; ` +
        `overhead per delegated step ${overheads.map((value) => value.toFixed(1)).join(', ')} ms; run ${sample.teamRunSeconds?.toFixed(1)} s`,
    );
    return sample;
  } finally {
    await browser.close();
  }
}
