/**
 * The one wllama instance of this tab. wllama runs llama.cpp (WebAssembly) in its own worker; this module, loaded
 * only when the local provider first generates, owns that instance: it loads a model file once and keeps it loaded
 * across runs and sessions, and loads another only when `Model` names another file (or another context size).
 */
import { LoggerWithoutDebug, Wllama, type ChatCompletionChunk, type ChatCompletionParams } from '@wllama/wllama';
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import type { GgufInfo } from './local-model-types';
import { readGgufHeader } from './gguf-header';

/** What a loaded model is, for the trace. */
export interface LoadedLocalModel {
  file: string;
  info: GgufInfo;
  threads: number;
  contextSize: number;
}

export interface LoadRequest {
  file: string;
  /** The file, or every part of a split model in order (`-00001-of-0000N.gguf` …). */
  open: (name: string) => Promise<Blob | Blob[]>;
  threads: number;
  /** The context size asked for; the loaded one may differ (see localContextSize). */
  contextSize: (info: GgufInfo) => number;
}

interface Loaded extends LoadedLocalModel {
  wllama: Wllama;
}

let current: Promise<Loaded> | undefined;
let currentKey = '';

async function load(request: LoadRequest): Promise<Loaded> {
  const blobs = [await request.open(request.file)].flat();
  const info = await readGgufHeader(blobs[0] as Blob);
  const contextSize = request.contextSize(info);
  const wllama = new Wllama({ default: wasmUrl }, { logger: LoggerWithoutDebug, allowOffline: true });
  try {
    await wllama.loadModel(blobs, {
      n_ctx: contextSize,
      n_threads: request.threads,
      n_gpu_layers: 0,
      jinja: true,
      n_parallel: 1,
    });
  } catch (error) {
    void wllama.exit().catch(() => undefined);
    throw error;
  }
  return { wllama, file: request.file, info, threads: request.threads, contextSize };
}

/** The loaded model for this request: the one already loaded when it matches, else loads it (once). */
export async function loadedModel(request: LoadRequest): Promise<Loaded> {
  const key = `${request.file}\n${request.threads}`;
  if (current && key === currentKey) {
    const loaded = await current.catch(() => undefined);
    if (loaded) return loaded;
  }
  const previous = current;
  currentKey = key;
  current = (async () => {
    const old = await previous?.catch(() => undefined);
    await old?.wllama.exit().catch(() => undefined);
    return load(request);
  })();
  // A failed load is not kept: the next run tries again (after the user fixed the file).
  current.catch(() => {
    if (currentKey === key) {
      current = undefined;
      currentKey = '';
    }
  });
  return current;
}

/** Streams one chat completion; `onChunk` sees each chunk. Resolves when the model is done or the signal aborts. */
export async function streamChat(
  loaded: Loaded,
  params: Omit<ChatCompletionParams, 'stream' | 'abortSignal'>,
  signal: AbortSignal,
  onChunk: (chunk: ChatCompletionChunk) => void,
): Promise<void> {
  await loaded.wllama.createChatCompletion({ ...params, stream: true, abortSignal: signal, onData: onChunk });
}
