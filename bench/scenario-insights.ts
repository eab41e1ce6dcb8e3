import type { Page } from '@playwright/test';
import { loadUntilUsable } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import type { BenchContext, Sample } from './scenario-context.ts';

const SESSIONS = 1000;
const RUNS_PER_SESSION = 20;
/** Spans per run: the root, five model calls and four tool calls. */
const SPANS_PER_RUN = 10;
const DAY = 86_400_000;

/**
 * Writes 1,000 sessions of 20 runs each (200,000 spans, one chunk per run as the app stores them) straight into the
 * app's IndexedDB, spread over the last 90 days. Generated in the page: nothing this size crosses the protocol.
 */
async function seed(page: Page): Promise<void> {
  await page.evaluate(
    async ({ sessions, runsPerSession, spansPerRun, day }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('glassbox');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const now = Date.now();
      const hex = (value: number, size: number) => value.toString(16).padStart(size, '0');
      const tools = ['calculator', 'search_web', 'get_weather', 'todo'];
      const models = ['gpt-4o-mini', 'deepseek-chat', 'local-llama'];
      let counter = 0;
      for (let first = 0; first < sessions; first += 50) {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(['sessions', 'spanChunks'], 'readwrite');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          for (let index = first; index < Math.min(sessions, first + 50); index += 1) {
            const sessionId = `sess_bench_insights_${index}`;
            const start = now - 90 * day + index * ((90 * day) / sessions);
            tx.objectStore('sessions').put({
              id: sessionId, title: `Insights bench ${index}`, titleEdited: true, createdAt: start, updatedAt: start + runsPerSession * 60_000,
              messageCount: runsPerSession * 2, spanCount: runsPerSession * spansPerRun, nextSeq: runsPerSession * 2, status: 'done',
            });
            for (let run = 0; run < runsPerSession; run += 1) {
              counter += 1;
              const traceId = hex(counter, 32);
              const runId = hex(counter * 16, 16);
              let clock = start + run * 60_000;
              const spans: unknown[] = [];
              const root = { traceId, spanId: runId, sessionId, runId, kind: 'run', name: `Question ${run}`, startTime: clock, endTime: 0, status: 'ok', attributes: { 'run.input': `Question ${run} of session ${index}`, 'run.output': 'Done.' } };
              spans.push(root);
              const model = models[(index + run) % models.length] as string;
              for (let step = 0; step < (spansPerRun - 2) / 2 + 1; step += 1) {
                const llmStart = clock;
                clock += 400 + ((counter * 37 + step * 101) % 900);
                spans.push({
                  traceId, spanId: hex(counter * 16 + 1 + step * 2, 16), parentSpanId: runId, sessionId, runId, kind: 'llm', name: `chat ${model}`, startTime: llmStart, endTime: clock, status: 'ok',
                  attributes: {
                    'llm.request.model': model, 'llm.step': step + 1, 'llm.usage.input_tokens': 800 + step * 300, 'llm.usage.output_tokens': 40 + ((counter + step) % 200),
                    'llm.time_to_first_token_ms': 80 + ((counter * 13 + step) % 400), 'llm.messages': [{ role: 'system', content: 'You are Glassbox.' }, { role: 'user', content: `Question ${run}` }],
                    'llm.output.text': step === (spansPerRun - 2) / 2 ? 'Done.' : '',
                  },
                });
                if (spans.length >= spansPerRun) break;
                const tool = tools[(counter + step) % tools.length] as string;
                const toolStart = clock;
                clock += 5 + ((counter + step * 7) % 300);
                const failed = (counter + step) % 17 === 0;
                spans.push({
                  traceId, spanId: hex(counter * 16 + 2 + step * 2, 16), parentSpanId: runId, sessionId, runId, kind: 'tool', name: tool, startTime: toolStart, endTime: clock, status: failed ? 'error' : 'ok',
                  ...(failed ? { error: { type: 'tool_error', message: 'bad input' } } : {}),
                  attributes: { 'tool.name': tool, 'tool.arguments': { expression: `${step} * ${run}` }, 'tool.result': failed ? undefined : String(step * run) },
                });
              }
              root.endTime = clock + 5;
              tx.objectStore('spanChunks').put({ sessionId, runId, chunk: 0, spans });
            }
          }
        });
      }
      db.close();
    },
    { sessions: SESSIONS, runsPerSession: RUNS_PER_SESSION, spansPerRun: SPANS_PER_RUN, day: DAY },
  );
}

/** Ms from the page's `__insightsAt` until the Insights report is painted, not busy, and its runs figure passes `accept`. */
async function reportPainted(page: Page, accept: string): Promise<number> {
  const handle = await page.waitForFunction(
    (test) => {
      const figure = document.querySelector('[data-testid="insights-runs"] dd')?.textContent;
      const busy = document.querySelector('[data-testid="insights-report"]')?.getAttribute('aria-busy');
      if (figure === undefined || figure === null || busy !== 'false' || !new RegExp(test).test(figure)) return undefined;
      return performance.now() - (window as unknown as { __insightsAt: number }).__insightsAt;
    },
    accept,
    { timeout: 120_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** Waits until the worker has kept the facts beside the settings (it writes them after answering). */
async function factsKept(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const kept = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const request = indexedDB.open('glassbox');
          request.onerror = () => resolve(false);
          request.onsuccess = () => {
            const db = request.result;
            const get = db.transaction('settings').objectStore('settings').getKey('insights.facts');
            get.onsuccess = () => {
              db.close();
              resolve(get.result !== undefined);
            };
            get.onerror = () => {
              db.close();
              resolve(false);
            };
          };
        }),
    );
    if (kept) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The Insights facts were never kept.');
}

/** Marks the time of the next `change` event (a select picked), where the timed filter starts. */
async function markNextChange(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.addEventListener('change', () => ((window as unknown as { __insightsAt: number }).__insightsAt = performance.now()), { capture: true, once: true });
  });
}

/**
 * A fresh browser with 1,000 sessions and 200,000 spans stored: click Insights → the first report painted (the worker
 * reads every stored span), then All sessions, then Time range → Last 30 days → the report painted again.
 */
export async function insightsScale(context: BenchContext): Promise<Sample> {
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    await seed(page);
    await loadUntilUsable(page, context.appUrl, true);
    const total = String(SESSIONS * RUNS_PER_SESSION);
    await page.evaluate(() => {
      (window as unknown as { __insightsAt: number }).__insightsAt = performance.now();
      document.querySelector<HTMLButtonElement>('button[aria-label="Insights"]')?.click();
    });
    const openMs = await reportPainted(page, '^\\d+$');
    const firstReadMs = Number(await page.getByTestId('insights-report').getAttribute('data-read-ms'));
    context.log(`    first open breakdown ${JSON.stringify(await page.evaluate(() => {
      const timing = JSON.parse(document.querySelector('[data-testid="insights-report"]')?.getAttribute('data-timing') ?? '{}') as Record<string, unknown>;
      const clicked = performance.timeOrigin + (window as unknown as { __insightsAt: number }).__insightsAt;
      const rel = (value: unknown) => (typeof value === 'number' ? Math.round(value - clicked) : undefined);
      return { workerStarted: rel(timing.startedAt), posted: rel(timing.postedAt), received: rel(timing.receivedAt), readMs: timing.readMs, phases: timing.phases };
    }))}`);
    const dialog = page.getByRole('dialog', { name: 'Insights' });
    await markNextChange(page);
    await dialog.getByRole('combobox', { name: /Scope|范围/ }).selectOption('all');
    const scopeMs = await reportPainted(page, `^${total}$`);
    await markNextChange(page);
    await dialog.getByRole('combobox', { name: /Time range|时间范围/ }).selectOption('month');
    // 90 days of sessions, evenly spread: the last 30 days hold about a third of the runs.
    const filterMs = await reportPainted(page, `^(?!${total}$)\\d+$`);
    const filterAggregateMs = Number(await page.getByTestId('insights-report').getAttribute('data-aggregate-ms'));
    // Another visit: the facts kept by the first one are read instead of the 200,000 spans.
    await factsKept(page);
    await loadUntilUsable(page, context.appUrl, true);
    await page.evaluate(() => {
      (window as unknown as { __insightsAt: number }).__insightsAt = performance.now();
      document.querySelector<HTMLButtonElement>('button[aria-label="Insights"]')?.click();
    });
    const reopenMs = await reportPainted(page, '^\\d+$');
    const reopenReadMs = Number(await page.getByTestId('insights-report').getAttribute('data-read-ms'));
    return { insightsFirstOpenMs: openMs, insightsOpenMs: reopenMs, insightsScopeMs: scopeMs, insightsFilterMs: filterMs, insightsFirstReadMs: firstReadMs, insightsReadMs: reopenReadMs, insightsFilterAggregateMs: filterAggregateMs };
  } finally {
    await browser.close();
  }
}
