import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { chooseLocalModel, NO_TOOLS, storeModelFile } from '../e2e/local-model-helpers.ts';
import { writeTinyGguf, type TinyGgufOptions } from '../src/testing/gguf-writer.ts';
import { loadUntilUsable, send, waitForRunStatus, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import { startCpuProfile } from './cpu-profile.ts';
import { startChromeTrace } from './chrome-trace.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { frameGaps, median, quantile } from './stats.ts';

/** The bench's model: the tests' tiny random-weight model (no real weights can be downloaded here): per-token overhead shows most. */
const MODEL: TinyGgufOptions = {};
/**
 * Greedy decoding: both sides then write the same tokens from the same prompt, and the random weights loop until the
 * context is full, so each side generates thousands of tokens (sampled replies of this model end after a few).
 */
const TEMPERATURE = 0;
const MODEL_FILE = 'bench-local.gguf';
const PROMPT = 'Tell me a long story about a lighthouse.';
/** Measured rounds, each one call on each side (alternating which goes first), so a load spike falls on both. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_LOCAL_ROUNDS) || 3);

interface CallFigures {
  tokens: number;
  ttftMs: number;
  /** Tokens after the first, per second between the first and the last. */
  tokensPerSecond: number;
  /** From the call to wllama (createChatCompletion) to its first chunk with text, in the thread that called it. */
  inWllamaMs: number;
}

interface GlassboxRound extends CallFigures {
  llamaTokensPerSecond: number;
  /** llama.cpp's prompt processing rate for the call (its prompt_n ÷ prompt_ms). */
  llamaPromptTokensPerSecond: number;
  frameGapP95: number;
  idleFrameGapP95: number;
  /** The page's call → the model worker receiving it, and the worker's first text → the page's first token. */
  toWorkerMs: number;
  fromWorkerMs: number;
}

/** The last llm span of a local run, as stored. */
async function lastLocalLlmSpan(page: Page) {
  const spans = (await page.evaluate(() => (window as unknown as BenchWindow).__bench.storedSpans())) as Array<{
    kind: string;
    startTime: number;
    endTime?: number;
    attributes: Record<string, unknown>;
  }>;
  const llm = spans.filter((span) => span.kind === 'llm' && span.attributes['llm.local.file'] !== undefined);
  const last = llm.sort((a, b) => a.startTime - b.startTime).at(-1);
  if (!last?.endTime) throw new Error('no finished llm span of a local run');
  return last;
}

/** Epoch ms of the latest marks of these names in the page or its model worker (local-model.ts, wllama-host.ts). */
async function marks(page: Page): Promise<Record<string, number>> {
  const read = () => {
    const out: Record<string, number> = {};
    for (const name of ['local:generate', 'local:call', 'local:first-chunk', 'local:first-output']) {
      const mark = performance.getEntriesByName(name).at(-1);
      if (mark) out[name] = performance.timeOrigin + mark.startTime;
    }
    return out;
  };
  const worker = page.workers().find((candidate) => /wllama-worker/.test(candidate.url()));
  if (!worker) throw new Error('no model worker');
  return { ...(await page.evaluate(read)), ...(await worker.evaluate(read)) };
}

/** Glassbox: the app with the local provider; the first run (which loads the model) is the warm-up. */
async function setUpGlassbox(page: Page, context: BenchContext) {
  // BENCH_LOCAL_THREADS=N: the page reports N cores, so the model gets N threads (on both sides), e.g. 1 to compare
  // without llama.cpp's threads competing with the page for a small machine's cores.
  const cores = Number(process.env.BENCH_LOCAL_THREADS);
  if (cores > 0) {
    await page.addInitScript(
      `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${cores} })`,
    );
  }
  // BENCH_LOCAL_REDUCED_MOTION=1: the page prefers reduced motion (no spinning indicator while the model generates).
  if (process.env.BENCH_LOCAL_REDUCED_MOTION) await page.emulateMedia({ reducedMotion: 'reduce' });
  await loadUntilUsable(page, context.appUrl);
  await storeModelFile(page, MODEL_FILE, MODEL);
  await chooseLocalModel(page, { model: MODEL_FILE, temperature: TEMPERATURE, enabledTools: NO_TOOLS });
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  // The same call as every measured round: llama.cpp's cache then holds the same tokens before each round, here
  // and in the bare page (which warms up with these messages).
  await send(page, PROMPT);
  await waitForRunStatus(page, 'done', 300_000);
  const a = (await lastLocalLlmSpan(page)).attributes;
  return {
    threads: Number(a['llm.local.threads']),
    contextSize: Number(a['llm.local.context_size']),
    messages: a['llm.messages'],
  };
}

/** One measured call through Glassbox, in a new session (its prompt: the system prompt and PROMPT). */
async function glassboxRound(page: Page): Promise<GlassboxRound> {
  await page.bringToFront();
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  // The machine's noise: the same page idle just before (the model loaded, nothing generating).
  await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
  await page.waitForTimeout(2000);
  const idleFrames = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
  // BENCH_LOCAL_FRAMES=0: no frame probe while generating (its animation-frame loop is work the bare page has not).
  const probeFrames = process.env.BENCH_LOCAL_FRAMES !== '0';
  if (probeFrames) await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
  const profile = process.env.BENCH_LOCAL_PROFILE ? await startCpuProfile(page) : undefined;
  await send(page, PROMPT);
  await waitForRunStatus(page, 'done', 300_000);
  if (profile) console.log(await profile.stop());
  const frames = probeFrames ? await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames()) : [];
  const span = await lastLocalLlmSpan(page);
  const a = span.attributes;
  const tokens = Number(a['llm.usage.output_tokens']);
  const ttftMs = Number(a['llm.time_to_first_token_ms']);
  const generatingMs = (span.endTime as number) - span.startTime - ttftMs;
  const m = await marks(page);
  const at = (name: string) => m[name] ?? Number.NaN;
  return {
    tokens,
    ttftMs,
    tokensPerSecond: ((tokens - 1) * 1000) / generatingMs,
    inWllamaMs: at('local:first-output') - at('local:call'),
    toWorkerMs: at('local:call') - at('local:generate'),
    fromWorkerMs: at('local:generate') + ttftMs - at('local:first-output'),
    llamaTokensPerSecond: Number(a['llm.local.generation_tokens_per_second']),
    llamaPromptTokensPerSecond: Number(a['llm.local.prompt_tokens_per_second']),
    frameGapP95: quantile(frameGaps(frames), 0.95),
    idleFrameGapP95: quantile(frameGaps(idleFrames), 0.95),
  };
}

/** wllama's own loop, as a module for the bare page or a worker of it (BENCH_LOCAL_BARE_WORKER=1). */
const BARE_CORE = `import { Wllama } from './wllama.js';
let wllama;
export async function loadBare({ threads, contextSize }) {
  wllama = new Wllama({ default: new URL('./wllama.wasm', location.href).href }, { allowOffline: true });
  const model = await (await fetch('./model.gguf')).blob();
  await wllama.loadModel([model], { n_ctx: contextSize, n_threads: threads, n_gpu_layers: 0, jinja: true, n_parallel: 1 });
  return wllama.isMultithread() ? threads : 1;
}
// Measured as the Glassbox side is: from the call to the first text, and from the first text to the end of the
// call, with llama.cpp's token count.
export async function runBare({ messages, temperature }) {
  const started = performance.now();
  let first, tokens = 0, timings;
  await wllama.createChatCompletion({ messages, temperature, stream: true, timings_per_token: false, onData: (chunk) => {
    if (chunk.choices?.[0]?.delta?.content) first ??= performance.now();
    if (chunk.timings) timings = chunk.timings;
    if (chunk.usage) tokens = chunk.usage.completion_tokens;
    else if (chunk.timings) tokens = chunk.timings.predicted_n;
  } });
  const last = performance.now();
  const ttftMs = first - started;
  return { tokens, ttftMs, inWllamaMs: ttftMs, tokensPerSecond: ((tokens - 1) * 1000) / (last - first), timings };
}
if (typeof window === 'undefined') {
  onmessage = async ({ data }) => postMessage(await (data.load ? loadBare(data.load) : runBare(data.run)));
}
`;

const BARE_PAGE = `<!doctype html><meta charset="utf-8"><title>bare wllama</title><script type="module">
import { loadBare, runBare } from './bare-core.js';
if (${process.env.BENCH_LOCAL_BARE_WORKER ? 'true' : 'false'}) {
  const worker = new Worker('./bare-core.js', { type: 'module' });
  const ask = (message) => new Promise((resolve) => { worker.onmessage = ({ data }) => resolve(data); worker.postMessage(message); });
  window.loadBare = (load) => ask({ load });
  window.runBare = (run) => ask({ run });
} else {
  window.loadBare = loadBare;
  window.runBare = runBare;
}
</script>`;

/** wllama's own completion loop in a bare page on the app's origin: same file, threads and context. */
async function setUpBarePage(page: Page, context: BenchContext, threads: number, contextSize: number) {
  const esm = dirname(createRequire(import.meta.url).resolve('@wllama/wllama'));
  const files: Record<string, () => Promise<{ body: Buffer; contentType: string }>> = {
    'index.html': async () => ({ body: Buffer.from(BARE_PAGE), contentType: 'text/html' }),
    'bare-core.js': async () => ({ body: Buffer.from(BARE_CORE), contentType: 'text/javascript' }),
    'wllama.js': async () => ({ body: await readFile(join(esm, 'index.js')), contentType: 'text/javascript' }),
    'wllama.wasm': async () => ({
      body: await readFile(join(esm, 'wasm/wllama.wasm')),
      contentType: 'application/wasm',
    }),
    'model.gguf': async () => ({ body: Buffer.from(writeTinyGguf(MODEL)), contentType: 'application/octet-stream' }),
  };
  await page.route(`${context.appUrl}__bare/*`, async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    const file = files[name];
    if (!file) return route.fulfill({ status: 404 });
    const { body, contentType } = await file();
    // Isolated as the app's pages are (bench/static-server.ts), so wllama gets the same threads on both sides.
    const headers = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'credentialless' };
    return route.fulfill({ body, contentType, headers });
  });
  await page.goto(`${context.appUrl}__bare/index.html`);
  await page.waitForFunction(() => 'loadBare' in window);
  return page.evaluate((input) => (window as unknown as { loadBare(i: unknown): Promise<number> }).loadBare(input), {
    threads,
    contextSize,
  });
}

type BareFigures = CallFigures & { timings?: Record<string, number> };

function bareRound(page: Page, messages: unknown): Promise<BareFigures> {
  return page.evaluate((input) => (window as unknown as { runBare(i: unknown): Promise<BareFigures> }).runBare(input), {
    messages,
    temperature: TEMPERATURE,
  });
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

function logRound(context: BenchContext, round: number, app: GlassboxRound, bare: BareFigures): void {
  const t = bare.timings ?? {};
  // The same cache on both sides, so llama.cpp reads as many prompt tokens in Glassbox's call as in the bare one.
  const appPromptMs = (1000 * Number(t['prompt_n'])) / app.llamaPromptTokensPerSecond;
  context.log(
    `    round ${round}: Glassbox ${app.tokens} tokens at ${app.tokensPerSecond.toFixed(1)} tok/s (llama.cpp says ${app.llamaTokensPerSecond}), ` +
      `bare ${bare.tokens} at ${bare.tokensPerSecond.toFixed(1)} tok/s: ${((100 * app.tokensPerSecond) / bare.tokensPerSecond).toFixed(0)}%; ` +
      `TTFT ${ms(app.ttftMs)} (to worker ${ms(app.toWorkerMs)}, in wllama ${ms(app.inWllamaMs)} of which llama.cpp's prompt ` +
      `${ms(appPromptMs)}, to page ${ms(app.fromWorkerMs)}) / bare ${ms(bare.ttftMs)} (llama.cpp: ${t['prompt_n']} prompt ` +
      `tokens in ${ms(Number(t['prompt_ms']))}, ${t['cache_n']} cached); ` +
      `frame gap p95 ${app.frameGapP95.toFixed(1)} ms (idle just before ${app.idleFrameGapP95.toFixed(1)} ms)`,
  );
}

async function withTrace<T>(context: BenchContext, page: Page, label: string, round: () => Promise<T>): Promise<T> {
  const trace = await startChromeTrace(page);
  const result = await round();
  context.log(`    ${label} round:`);
  for (const line of await trace.stop()) context.log(line);
  return result;
}

/** Issue 39's speed figures: Glassbox's generation rate against wllama's own loop, TTFT overhead, frame gaps. */
export async function localModelSpeed(context: BenchContext): Promise<Sample> {
  const browser = await launchFresh();
  try {
    const app = browser.page;
    const setup = await setUpGlassbox(app, context);
    // The app's service worker would answer the bare page's navigation (with the app) instead of the routes below;
    // the app page stays open (controlled until it closes), its model loaded and idle between its rounds.
    await app.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    });
    const barePage = await browser.context.newPage();
    const bareThreads = await setUpBarePage(barePage, context, setup.threads, setup.contextSize);
    await bareRound(barePage, setup.messages); // the same warm-up call as Glassbox's first run
    const rounds: Array<{ app: GlassboxRound; bare: BareFigures }> = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const appFirst = round % 2 === 1;
      // BENCH_LOCAL_TRACE=1: the first round's two calls each under a Chrome trace of every thread, summarised.
      const traced = process.env.BENCH_LOCAL_TRACE && round === 1;
      const glassbox = () =>
        traced ? withTrace(context, app, 'Glassbox', () => glassboxRound(app)) : glassboxRound(app);
      const bare = () =>
        traced
          ? withTrace(context, barePage, 'bare', () => bareRound(barePage, setup.messages))
          : bareRound(barePage, setup.messages);
      const first = appFirst ? await glassbox() : await bare();
      const second = appFirst ? await bare() : await glassbox();
      const pair = appFirst
        ? { app: first as GlassboxRound, bare: second as BareFigures }
        : { app: second as GlassboxRound, bare: first as BareFigures };
      logRound(context, round, pair.app, pair.bare);
      rounds.push(pair);
    }
    const ratio = median(rounds.map(({ app: a, bare }) => a.tokensPerSecond / bare.tokensPerSecond));
    context.log(
      `    ${ROUNDS} rounds, threads ${setup.threads} (bare ${bareThreads}), context ${setup.contextSize}: median Glassbox/bare ${(100 * ratio).toFixed(0)}%`,
    );
    return {
      localSpeedShortfall: 1 - ratio,
      localTtftOverheadMs: median(rounds.map(({ app: a, bare }) => a.ttftMs - bare.ttftMs)),
      localFrameGapP95: median(rounds.map(({ app: a }) => a.frameGapP95)),
    };
  } finally {
    await browser.close();
  }
}
