import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  SESSION_FILE_FORMAT,
  SESSION_FILE_VERSION,
  type FileMessage,
  type FileSession,
  type FileSpan,
  type SessionFile,
} from '../src/db/session-file-schema.ts';
import { loadUntilUsable } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import type { BenchContext, Sample } from './scenario-context.ts';

const SESSIONS = 1000;
const RUNS_PER_SESSION = 20;
/** Spans per run: the root, five model calls and four tool calls. */
const SPANS_PER_RUN = 10;
const DAY = 86_400_000;

const FACTS = 'insights.facts';
const SESSION_FACTS = ['insights.facts/', 'insights.facts/\uffff'] as const;

/** Sessions per import file: four files of 250, each under the 50 MB limit of a file read whole. */
const SESSIONS_PER_FILE = 250;

const TOOLS = ['calculator', 'search_web', 'get_weather', 'todo'];
const MODELS = ['gpt-4o-mini', 'deepseek-chat', 'local-llama'];

/** `value` in hex, zero-padded to `size` digits. */
function hex(value: number, size: number): string {
  return value.toString(16).padStart(size, '0');
}

/** What names a run: its session, its place there, and its number among all runs (from 1), which seeds its figures. */
interface RunIds {
  session: number;
  run: number;
  counter: number;
  traceId: string;
  runId: string;
}

/** A run's model call span of this step, from `start` to `end`. */
function llmSpan(ids: RunIds, model: string, step: number, start: number, end: number): FileSpan {
  const { traceId, runId, counter, run } = ids;
  return {
    traceId,
    spanId: hex(counter * 16 + 1 + step * 2, 16),
    parentSpanId: runId,
    runId,
    kind: 'llm',
    name: `chat ${model}`,
    startTime: start,
    endTime: end,
    status: 'ok',
    attributes: {
      'llm.request.model': model,
      'llm.step': step + 1,
      'llm.usage.input_tokens': 800 + step * 300,
      'llm.usage.output_tokens': 40 + ((counter + step) % 200),
      'llm.time_to_first_token_ms': 80 + ((counter * 13 + step) % 400),
      'llm.messages': [
        { role: 'system', content: 'You are Glassbox.' },
        { role: 'user', content: `Question ${run}` },
      ],
      'llm.output.text': step === (SPANS_PER_RUN - 2) / 2 ? 'Done.' : '',
    },
  };
}

/** A run's tool call span of this step, from `start` to `end` (one in 17 fails). */
function toolSpan(ids: RunIds, step: number, start: number, end: number): FileSpan {
  const { traceId, runId, counter, run } = ids;
  const tool = TOOLS[(counter + step) % TOOLS.length] as string;
  const failed = (counter + step) % 17 === 0;
  return {
    traceId,
    spanId: hex(counter * 16 + 2 + step * 2, 16),
    parentSpanId: runId,
    runId,
    kind: 'tool',
    name: tool,
    startTime: start,
    endTime: end,
    status: failed ? 'error' : 'ok',
    ...(failed ? { error: { type: 'tool_error', message: 'bad input' } } : {}),
    attributes: {
      'tool.name': tool,
      'tool.arguments': { expression: `${step} * ${run}` },
      ...(failed ? {} : { 'tool.result': String(step * run) }),
    },
  };
}

/** The spans under a run's root, from `clock`: model and tool calls in turn, the root's SPANS_PER_RUN - 1. */
function childSpans(ids: RunIds, clock: number): { spans: FileSpan[]; end: number } {
  const model = MODELS[(ids.session + ids.run) % MODELS.length] as string;
  const spans: FileSpan[] = [];
  let at = clock;
  for (let step = 0; step < (SPANS_PER_RUN - 2) / 2 + 1; step += 1) {
    const llmStart = at;
    at += 400 + ((ids.counter * 37 + step * 101) % 900);
    spans.push(llmSpan(ids, model, step, llmStart, at));
    if (spans.length + 1 >= SPANS_PER_RUN) break;
    const toolStart = at;
    at += 5 + ((ids.counter + step * 7) % 300);
    spans.push(toolSpan(ids, step, toolStart, at));
  }
  return { spans, end: at };
}

/** One run of a session, a minute after the one before: its spans (the root first), its question and its answer. */
function insightsRun(session: number, run: number, start: number): { spans: FileSpan[]; messages: FileMessage[] } {
  const counter = session * RUNS_PER_SESSION + run + 1;
  const runId = hex(counter * 16, 16);
  const ids: RunIds = { session, run, counter, traceId: hex(counter, 32), runId };
  const clock = start + run * 60_000;
  const children = childSpans(ids, clock);
  const root: FileSpan = {
    traceId: ids.traceId,
    spanId: runId,
    runId,
    kind: 'run',
    name: `Question ${run}`,
    startTime: clock,
    endTime: children.end + 5,
    status: 'ok',
    attributes: { 'run.input': `Question ${run} of session ${session}`, 'run.output': 'Done.' },
  };
  const question: FileMessage = {
    id: `msg_bi_${session}_${run}_q`,
    seq: run * 2,
    runId,
    createdAt: clock,
    message: { role: 'user', content: `Question ${run} of session ${session}` },
  };
  const answer: FileMessage = {
    id: `msg_bi_${session}_${run}_a`,
    seq: run * 2 + 1,
    runId,
    createdAt: children.end + 5,
    message: { role: 'assistant', content: 'Done.' },
  };
  return { spans: [root, ...children.spans], messages: [question, answer] };
}

/** Session `index` of SESSIONS, spread evenly over the 90 days before `now`: RUNS_PER_SESSION runs. */
function insightsSession(index: number, now: number): FileSession {
  const start = now - 90 * DAY + index * ((90 * DAY) / SESSIONS);
  const spans: FileSpan[] = [];
  const messages: FileMessage[] = [];
  for (let run = 0; run < RUNS_PER_SESSION; run += 1) {
    const written = insightsRun(index, run, start);
    spans.push(...written.spans);
    messages.push(...written.messages);
  }
  return {
    id: `sess_bench_insights_${index}`,
    title: `Insights bench ${index}`,
    titleEdited: true,
    createdAt: start,
    updatedAt: start + RUNS_PER_SESSION * 60_000,
    status: 'done',
    messages,
    spans,
    toolState: [],
    attachments: [],
  };
}

/**
 * Writes 1,000 sessions of 20 runs each (200,000 spans, a question and an answer per run), spread over the last 90
 * days, as four files in the app's own session format: the app imports them, as a user moving their sessions would.
 */
async function writeInsightsFiles(directory: string): Promise<string[]> {
  const now = Date.now();
  const paths: string[] = [];
  for (let first = 0; first < SESSIONS; first += SESSIONS_PER_FILE) {
    const sessions: FileSession[] = [];
    for (let index = first; index < Math.min(SESSIONS, first + SESSIONS_PER_FILE); index += 1)
      sessions.push(insightsSession(index, now));
    const file: SessionFile = {
      format: SESSION_FILE_FORMAT,
      version: SESSION_FILE_VERSION,
      exportedAt: new Date(now).toISOString(),
      scope: 'all',
      sessions,
    };
    const path = join(directory, `insights-${first}.json`);
    await writeFile(path, JSON.stringify(file));
    paths.push(path);
  }
  return paths;
}

/** The sessions whose facts are kept: in the one record (`folded`) and in records of their own (`own`). */
async function keptSessions(page: Page): Promise<{ folded: number; own: number }> {
  return page.evaluate(
    ({ all, lower, upper }) =>
      new Promise<{ folded: number; own: number }>((resolve, reject) => {
        const request = indexedDB.open('glassbox');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const store = db.transaction('settings').objectStore('settings');
          const one = store.get(all);
          const own = store.count(IDBKeyRange.bound(lower, upper));
          store.transaction.oncomplete = () => {
            db.close();
            const sessions = (one.result as { value?: { sessions?: unknown[] } } | undefined)?.value?.sessions;
            resolve({ folded: Array.isArray(sessions) ? sessions.length : 0, own: own.result });
          };
          store.transaction.onerror = () => reject(store.transaction.error);
        };
      }),
    { all: FACTS, lower: SESSION_FACTS[0], upper: SESSION_FACTS[1] },
  );
}

/** Polls until `test` holds of the kept sessions (10 minutes at most). */
async function untilKept(
  page: Page,
  test: (kept: { folded: number; own: number }) => boolean,
  what: string,
): Promise<void> {
  for (let attempt = 0; attempt < 6000; attempt += 1) {
    if (test(await keptSessions(page))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: never happened.`);
}

/** Deletes every kept fact record, as if the spans had been stored by a version that kept none. */
async function forgetKeptFacts(page: Page): Promise<void> {
  await page.evaluate(
    (upper) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('glassbox');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('settings', 'readwrite');
          tx.objectStore('settings').delete(IDBKeyRange.bound('insights.facts', upper));
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    SESSION_FACTS[1],
  );
}

/** Clicks Insights (marking the time) and returns ms until the report is painted, and the worker's time reading. */
async function openInsights(
  page: Page,
  log: (line: string) => void,
  what: string,
): Promise<{ openMs: number; readMs: number }> {
  await page.evaluate(() => {
    (window as unknown as { __insightsAt: number }).__insightsAt = performance.now();
    document.querySelector<HTMLButtonElement>('button[aria-label="Insights"]')?.click();
  });
  const openMs = await reportPainted(page, '^\\d+$');
  const readMs = Number(await page.getByTestId('insights-report').getAttribute('data-read-ms'));
  log(
    `    ${what} breakdown ${JSON.stringify(
      await page.evaluate(() => {
        const timing = JSON.parse(
          document.querySelector('[data-testid="insights-report"]')?.getAttribute('data-timing') ?? '{}',
        ) as Record<string, unknown>;
        const clicked = performance.timeOrigin + (window as unknown as { __insightsAt: number }).__insightsAt;
        const rel = (value: unknown) => (typeof value === 'number' ? Math.round(value - clicked) : undefined);
        return {
          workerStarted: rel(timing.startedAt),
          posted: rel(timing.postedAt),
          received: rel(timing.receivedAt),
          readMs: timing.readMs,
          phases: timing.phases,
        };
      }),
    )}`,
  );
  return { openMs, readMs };
}

/** Ms from the page's `__insightsAt` until the Insights report is painted, not busy, and its runs figure passes `accept`. */
async function reportPainted(page: Page, accept: string): Promise<number> {
  const handle = await page.waitForFunction(
    (test) => {
      const figure = document.querySelector('[data-testid="insights-runs"] dd')?.textContent;
      const busy = document.querySelector('[data-testid="insights-report"]')?.getAttribute('aria-busy');
      if (figure === undefined || figure === null || busy !== 'false' || !new RegExp(test).test(figure))
        return undefined;
      return performance.now() - (window as unknown as { __insightsAt: number }).__insightsAt;
    },
    accept,
    { timeout: 120_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** Marks the time of the next `change` event (a select picked), where the timed filter starts. */
async function markNextChange(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.addEventListener(
      'change',
      () => ((window as unknown as { __insightsAt: number }).__insightsAt = performance.now()),
      { capture: true, once: true },
    );
  });
}

/**
 * A fresh browser imports 1,000 sessions with 200,000 spans (four files through the sidebar's Import); once the
 * Insights worker has kept their facts (it does after an import, as after each run), a reload and: click Insights →
 * the first report painted, then All sessions, then Time range → Last 30 days → painted again; a later visit (the
 * facts folded into one record); and data stored by a version that kept no facts (the kept records deleted): every
 * span read on the first open.
 */
export async function insightsScale(context: BenchContext): Promise<Sample> {
  const paths = await writeInsightsFiles(context.scratchDir);
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    const importStart = Date.now();
    await page.getByRole('complementary', { name: 'Sessions' }).locator('input[type="file"]').setInputFiles(paths);
    await page.waitForFunction(
      (count) => Number(document.querySelector('[aria-label="Session list"]')?.getAttribute('data-count')) >= count,
      SESSIONS,
      { timeout: 600_000, polling: 500 },
    );
    const importMs = Date.now() - importStart;
    // Kept one session at a time, then folded into the one record a second after the last.
    await untilKept(page, (kept) => kept.folded >= SESSIONS && kept.own === 0, 'The imported sessions’ facts kept');
    context.log(
      `    import of 1,000 sessions / 200,000 spans ${importMs} ms, their facts kept and folded after ${Date.now() - importStart} ms`,
    );

    await loadUntilUsable(page, context.appUrl, true);
    const first = await openInsights(page, context.log, 'first open');
    const total = String(SESSIONS * RUNS_PER_SESSION);
    const dialog = page.getByRole('dialog', { name: 'Insights' });
    await markNextChange(page);
    await dialog.getByRole('combobox', { name: /Scope|范围/ }).selectOption('all');
    const scopeMs = await reportPainted(page, `^${total}$`);
    await markNextChange(page);
    await dialog.getByRole('combobox', { name: /Time range|时间范围/ }).selectOption('month');
    // 90 days of sessions, evenly spread: the last 30 days hold about a third of the runs.
    const filterMs = await reportPainted(page, `^(?!${total}$)\\d+$`);
    const filterAggregateMs = Number(await page.getByTestId('insights-report').getAttribute('data-aggregate-ms'));

    // Another visit, once the first open has kept what it read.
    await untilKept(page, (kept) => kept.folded >= SESSIONS && kept.own === 0, 'The facts kept after the first open');
    await loadUntilUsable(page, context.appUrl, true);
    const later = await openInsights(page, context.log, 'later visit');

    // Sessions stored by a version that kept no facts: the first open reads every span. Deleted after the reload, so
    // no write of the last page's worker can land after it (this page's starts with the click).
    await loadUntilUsable(page, context.appUrl, true);
    await forgetKeptFacts(page);
    const unkept = await openInsights(page, context.log, 'no kept facts');
    return {
      insightsFirstOpenMs: first.openMs,
      insightsFirstReadMs: first.readMs,
      insightsOpenMs: later.openMs,
      insightsReadMs: later.readMs,
      insightsScopeMs: scopeMs,
      insightsFilterMs: filterMs,
      insightsFilterAggregateMs: filterAggregateMs,
      insightsUnkeptOpenMs: unkept.openMs,
      insightsUnkeptReadMs: unkept.readMs,
    };
  } finally {
    await browser.close();
  }
}
