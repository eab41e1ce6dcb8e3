import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { chooseLocalModel, NO_TOOLS, storeModelFile } from '../e2e/local-model-helpers.ts';
import { writeTinyGguf, type TinyGgufOptions } from '../src/testing/gguf-writer.ts';
import { loadUntilUsable, send, waitForRunStatus, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { frameGaps, quantile } from './stats.ts';

/** The bench's model: the tests' tiny random-weight model (no real weights can be downloaded here): per-token overhead shows most. */
const MODEL: TinyGgufOptions = {};
/**
 * Greedy decoding: both sides then write the same tokens from the same prompt, and the random weights loop until the
 * context is full, so each side generates thousands of tokens (sampled replies of this model end after a few).
 */
const TEMPERATURE = 0;
const MODEL_FILE = 'bench-local.gguf';
const PROMPT = 'Tell me a long story about a lighthouse.';

interface CallFigures {
  tokens: number;
  ttftMs: number;
  /** Tokens after the first, per second between the first and the last. */
  tokensPerSecond: number;
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

/** Glassbox: the app with the local provider; one warm-up run (loads the model), then the measured one. */
async function throughGlassbox(page: Page, context: BenchContext) {
  // BENCH_LOCAL_THREADS=N: the page reports N cores, so the model gets N threads (on both sides), e.g. 1 to compare
  // without llama.cpp's threads competing with the page for a small machine's cores.
  const cores = Number(process.env.BENCH_LOCAL_THREADS);
  if (cores > 0) {
    await page.addInitScript(
      `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${cores} })`,
    );
  }
  await loadUntilUsable(page, context.appUrl);
  await storeModelFile(page, MODEL_FILE, MODEL);
  await chooseLocalModel(page, { model: MODEL_FILE, temperature: TEMPERATURE, enabledTools: NO_TOOLS });
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await send(page, 'Warm up.');
  await waitForRunStatus(page, 'done', 300_000);
  // The measured run in a new session: its prompt is the system prompt and one message (the warm-up's long reply
  // would not fit beside another), and llama.cpp's prompt cache holds the same system prompt on both sides.
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  // The machine's noise: the same page idle for 3 s just before (the model loaded, nothing generating).
  await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
  await page.waitForTimeout(3000);
  const idleFrames = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
  await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
  await send(page, PROMPT);
  await waitForRunStatus(page, 'done', 300_000);
  const frames = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
  const span = await lastLocalLlmSpan(page);
  const a = span.attributes;
  const tokens = Number(a['llm.usage.output_tokens']);
  const ttftMs = Number(a['llm.time_to_first_token_ms']);
  const generatingMs = (span.endTime as number) - span.startTime - ttftMs;
  const figures: CallFigures = { tokens, ttftMs, tokensPerSecond: ((tokens - 1) * 1000) / generatingMs };
  return {
    figures,
    llamaTokensPerSecond: Number(a['llm.local.generation_tokens_per_second']),
    threads: Number(a['llm.local.threads']),
    contextSize: Number(a['llm.local.context_size']),
    messages: a['llm.messages'],
    frameGapP95: quantile(frameGaps(frames), 0.95),
    idleFrameGapP95: quantile(frameGaps(idleFrames), 0.95),
  };
}

const BARE_PAGE = `<!doctype html><meta charset="utf-8"><title>bare wllama</title><script type="module">
import { Wllama } from './wllama.js';
window.runBare = async ({ messages, threads, contextSize, temperature }) => {
  const wllama = new Wllama({ default: new URL('./wllama.wasm', location.href).href }, { allowOffline: true });
  const model = await (await fetch('./model.gguf')).blob();
  await wllama.loadModel([model], { n_ctx: contextSize, n_threads: threads, n_gpu_layers: 0, jinja: true, n_parallel: 1 });
  // Measured as the Glassbox side is: from the first text to the end of the call, with llama.cpp's token count.
  const once = async (messages, max_tokens) => {
    const started = performance.now();
    let first, tokens = 0;
    await wllama.createChatCompletion({ messages, temperature, max_tokens, stream: true, timings_per_token: false, onData: (chunk) => {
      if (chunk.choices?.[0]?.delta?.content) first ??= performance.now();
      if (chunk.usage) tokens = chunk.usage.completion_tokens;
      else if (chunk.timings) tokens = chunk.timings.predicted_n;
    } });
    const last = performance.now();
    return { tokens, ttftMs: first - started, tokensPerSecond: ((tokens - 1) * 1000) / (last - first) };
  };
  // The warm-up reads the system prompt (one token out), so llama.cpp's prompt cache holds the same prefix on both
  // sides when the measured call comes: each then reads only the user turn.
  await once(messages.slice(0, -1), 1);
  const figures = await once(messages, undefined);
  return { ...figures, threads: wllama.isMultithread() ? threads : 1 };
};
</script>`;

/** wllama's own completion loop in a bare page on the app's origin: same file, same messages, threads and context. */
async function inBarePage(page: Page, context: BenchContext, run: Awaited<ReturnType<typeof throughGlassbox>>) {
  const esm = dirname(createRequire(import.meta.url).resolve('@wllama/wllama'));
  const files: Record<string, () => Promise<{ body: Buffer; contentType: string }>> = {
    'index.html': async () => ({ body: Buffer.from(BARE_PAGE), contentType: 'text/html' }),
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
  await page.waitForFunction(() => 'runBare' in window);
  type BareFigures = CallFigures & { threads: number };
  return page.evaluate((input) => (window as unknown as { runBare(i: unknown): Promise<BareFigures> }).runBare(input), {
    messages: run.messages,
    threads: run.threads,
    contextSize: run.contextSize,
    temperature: TEMPERATURE,
  });
}

/** Issue 39's speed figures: Glassbox's generation rate against wllama's own loop, TTFT overhead, frame gaps. */
export async function localModelSpeed(context: BenchContext): Promise<Sample> {
  const browser = await launchFresh();
  try {
    const app = await throughGlassbox(browser.page, context);
    // The app's page (and its loaded model) goes before the bare page runs: one model on the CPU at a time.
    // The app's service worker would answer the bare page's navigation (with the app) instead of the routes below.
    await browser.page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    });
    const barePage = await browser.context.newPage();
    await browser.page.close();
    const bare = await inBarePage(barePage, context, app);
    const ratio = app.figures.tokensPerSecond / bare.tokensPerSecond;
    context.log(
      `    Glassbox ${app.figures.tokens} tokens at ${app.figures.tokensPerSecond.toFixed(1)} tok/s (llama.cpp says ${app.llamaTokensPerSecond} tok/s), TTFT ${app.figures.ttftMs.toFixed(0)} ms; ` +
        `bare wllama ${bare.tokens} tokens at ${bare.tokensPerSecond.toFixed(1)} tok/s, TTFT ${bare.ttftMs.toFixed(0)} ms; ` +
        `threads ${app.threads} (bare ${bare.threads}), context ${app.contextSize}; frame gap p95 ${app.frameGapP95.toFixed(1)} ms (idle page just before: ${app.idleFrameGapP95.toFixed(1)} ms)`,
    );
    return {
      localSpeedShortfall: 1 - ratio,
      localTtftOverheadMs: app.figures.ttftMs - bare.ttftMs,
      localFrameGapP95: app.frameGapP95,
    };
  } finally {
    await browser.close();
  }
}
