// A Chrome trace of the whole browser (every process and thread) through CDP, summarised as CPU time per thread:
// what a page costs beyond its main thread (raster, compositor, GPU process, IndexedDB in the browser process,
// workers). Opt-in diagnostics, e.g. BENCH_LOCAL_TRACE=1 for the local-model scenario's first round.
import type { Page } from '@playwright/test';

interface TraceEvent {
  ph: string;
  name: string;
  cat?: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Starts tracing; `stop()` ends it and returns the busiest threads' CPU time as lines to log. */
export async function startChromeTrace(page: Page): Promise<{ stop(): Promise<string[]> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['toplevel', '__metadata'], recordMode: 'recordContinuously' },
  });
  const started = Date.now();
  return {
    async stop() {
      const complete = new Promise<string>((resolve) =>
        cdp.once('Tracing.tracingComplete', (event: { stream?: string }) => resolve(event.stream ?? '')),
      );
      await cdp.send('Tracing.end');
      const stream = await complete;
      let text = '';
      for (;;) {
        const chunk = await cdp.send('IO.read', { handle: stream });
        text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
        if (chunk.eof) break;
      }
      await cdp.send('IO.close', { handle: stream });
      await cdp.detach();
      const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
      return summarise(Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []), Date.now() - started);
    },
  };
}

/** CPU ms per thread from the top-level tasks (their thread time), largest first, with process and thread names. */
function summarise(events: TraceEvent[], wallMs: number): string[] {
  const processes = new Map<number, string>();
  const threads = new Map<string, string>();
  const cpu = new Map<string, number>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'process_name') processes.set(event.pid, event.args?.name ?? '');
    if (event.ph === 'M' && event.name === 'thread_name')
      threads.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
    if (event.ph !== 'X' || !event.cat?.includes('toplevel')) continue;
    const key = `${event.pid}:${event.tid}`;
    cpu.set(key, (cpu.get(key) ?? 0) + (event.tdur ?? event.dur ?? 0) / 1000);
  }
  const total = [...cpu.values()].reduce((sum, ms) => sum + ms, 0);
  return [
    `    trace: ${wallMs} ms wall, ${total.toFixed(0)} ms CPU in top-level tasks; busiest threads:`,
    ...[...cpu]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([key, ms]) => {
        const pid = Number(key.split(':')[0]);
        return `      ${ms.toFixed(0).padStart(7)} ms  ${processes.get(pid) ?? pid} / ${threads.get(key) ?? key}`;
      }),
  ];
}
