/**
 * The in-browser model's small shared facts: its provider id, where its files live in the Origin Private File
 * System, and how many threads it gets. Loaded with the app's model code; wllama itself loads only on first use.
 */

/** The provider id of `In this browser (GGUF)`; `Model` is then a file name in OPFS. */
export const LOCAL_PROVIDER = 'local';

/** The OPFS directory holding model files: `navigator.storage.getDirectory()` → `models` → file name. */
export const MODELS_DIRECTORY = 'models';

/** The smallest context the model is loaded with: Glassbox's own system prompt and tools take about 3.5K tokens. */
export const MIN_LOCAL_CONTEXT = 4096;

/** How many threads the model runs on, and why: every core the page reports when it is cross-origin isolated. */
export function localThreads(
  scope: { crossOriginIsolated?: boolean; navigator?: { hardwareConcurrency?: number } } = globalThis,
): { threads: number; isolated: boolean } {
  const isolated = scope.crossOriginIsolated === true;
  const cores = Math.max(1, Math.floor(scope.navigator?.hardwareConcurrency ?? 1));
  return { threads: isolated ? cores : 1, isolated };
}

/**
 * The largest context loaded by default: the KV cache grows with it (a 1B model at 32K needs about 1 GiB more), and
 * the page's WebAssembly memory is limited.
 */
export const MAX_LOCAL_CONTEXT = 8192;

/** The context size to load with: what settings ask within 4,096..8,192, and not beyond what the model was trained on. */
export function localContextSize(requested: number, trained: number | undefined): number {
  const wanted = Math.min(MAX_LOCAL_CONTEXT, Math.max(MIN_LOCAL_CONTEXT, requested));
  return Math.max(MIN_LOCAL_CONTEXT, Math.min(wanted, trained ?? wanted));
}

/** Whether a chat template formats tool calls (then the model gets native tools; otherwise text ReAct). */
export function templateSupportsTools(template: string | undefined): boolean {
  return template !== undefined && /\btools\b/.test(template) && /tool_call/.test(template);
}
