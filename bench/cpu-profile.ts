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
      ].join('\n');
    },
  };
}
