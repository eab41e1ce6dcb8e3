/**
 * The wllama instances of this tab. wllama runs llama.cpp (WebAssembly) in its own worker; this module, loaded only
 * when the local provider first generates (or a local embedding model first embeds), owns those instances: one for
 * chat and one for embeddings (a model loaded with `embeddings: true` serves only that). Each loads its file once and
 * keeps it loaded across runs and sessions, and loads another only when asked for another file (or thread count).
 * A worker that dies (a WebAssembly abort, out of memory, an exception in the worker) fails the call in flight at
 * once with LocalModelDiedError and is forgotten: the next call loads the model again.
 */
import { LoggerWithoutDebug, Wllama, type ChatCompletionChunk, type ChatCompletionParams } from '@wllama/wllama';
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import type { GgufInfo } from './local-model-types';
import { readGgufHeader } from './gguf-header';
import { LocalModelDiedError } from './model-died';

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
  /** Rejects with LocalModelDiedError when the worker dies (never resolves). */
  died: Promise<never>;
}

/** One kind of instance (chat or embeddings): the model it holds or is loading, and for which file and threads. */
interface Slot {
  current: Promise<Loaded> | undefined;
  key: string;
  embeddings: boolean;
}

const chat: Slot = { current: undefined, key: '', embeddings: false };
const embedding: Slot = { current: undefined, key: '', embeddings: true };

/**
 * A logger that also watches for the worker's death: wllama hands the worker's `error` events (an uncaught exception
 * in the worker) to `logger.error`, and logs `Stack trace (abort)` when llama.cpp aborted (out of memory among
 * others). Either way the worker answers nothing more.
 */
function deathWatch(): { logger: typeof LoggerWithoutDebug; died: Promise<never> } {
  let die: (error: Error) => void = () => undefined;
  const died = new Promise<never>((_, reject) => {
    die = reject;
  });
  died.catch(() => undefined);
  const error = (...args: unknown[]): void => {
    const [first] = args;
    if (typeof first === 'string' && first.startsWith('Stack trace (')) {
      // After the work's own rejection, which says what went wrong (e.g. `(ABORT) … OOM`): that one is told.
      setTimeout(() => die(new LocalModelDiedError('llama.cpp aborted')), 0);
    } else if (first && typeof first === 'object' && first.constructor?.name === 'ErrorEvent') {
      const message = (first as { message?: unknown }).message;
      die(new LocalModelDiedError(typeof message === 'string' ? message : ''));
    }
    LoggerWithoutDebug.error(...args);
  };
  return { logger: { ...LoggerWithoutDebug, error }, died };
}

async function load(request: LoadRequest, embeddings: boolean): Promise<Loaded> {
  const blobs = [await request.open(request.file)].flat();
  const info = await readGgufHeader(blobs[0] as Blob);
  const contextSize = request.contextSize(info);
  const { logger, died } = deathWatch();
  const wllama = new Wllama({ default: wasmUrl }, { logger, allowOffline: true });
  try {
    const loading = wllama.loadModel(blobs, {
      n_ctx: contextSize,
      n_threads: request.threads,
      n_gpu_layers: 0,
      jinja: true,
      n_parallel: 1,
      ...(embeddings ? { embeddings: true, pooling_type: 'mean' as const } : {}),
    });
    await Promise.race([loading, died]);
  } catch (error) {
    void wllama.exit().catch(() => undefined);
    throw error;
  }
  const loaded: Loaded = { wllama, died, file: request.file, info, threads: request.threads, contextSize };
  // A dead worker is let go at once, so the next call loads again even when no call was in flight.
  died.catch(() => forget(loaded));
  return loaded;
}

/** Which slot holds each loaded model (set when its load finishes). */
const owners = new WeakMap<Loaded, Slot>();

/** Drops this model from its slot (if the slot still holds it) and ends its worker. */
function forget(loaded: Loaded): void {
  const slot = owners.get(loaded);
  const held = slot?.current;
  void held?.then(
    (model) => {
      if (slot && model === loaded && slot.current === held) {
        slot.current = undefined;
        slot.key = '';
      }
    },
    () => undefined,
  );
  void loaded.wllama.exit().catch(() => undefined);
}

async function loadedIn(slot: Slot, request: LoadRequest): Promise<Loaded> {
  const key = `${request.file}\n${request.threads}`;
  if (slot.current && key === slot.key) {
    const loaded = await slot.current.catch(() => undefined);
    if (loaded) return loaded;
  }
  const previous = slot.current;
  slot.key = key;
  const current = (async () => {
    const old = await previous?.catch(() => undefined);
    await old?.wllama.exit().catch(() => undefined);
    const loaded = await load(request, slot.embeddings);
    owners.set(loaded, slot);
    return loaded;
  })();
  slot.current = current;
  // A failed load is not kept: the next run tries again (after the user fixed the file).
  current.catch(() => {
    if (slot.current === current) {
      slot.current = undefined;
      slot.key = '';
    }
  });
  return current;
}

/** The loaded chat model for this request: the one already loaded when it matches, else loads it (once). */
export function loadedModel(request: LoadRequest): Promise<Loaded> {
  return loadedIn(chat, request);
}

/** The loaded embedding model (a second wllama instance, loaded with `embeddings: true`). */
export function loadedEmbeddingModel(request: LoadRequest): Promise<Loaded> {
  return loadedIn(embedding, request);
}

/**
 * The work, or LocalModelDiedError as soon as the worker dies. A WebAssembly abort also rejects the work itself with
 * wllama's `RuntimeError`: that is the same death, told the same way.
 */
async function guarded<T>(loaded: Loaded, work: Promise<T>): Promise<T> {
  try {
    return await Promise.race([work, loaded.died]);
  } catch (error) {
    if (error instanceof LocalModelDiedError) throw error;
    // wllama's RuntimeError, or the worker's answer once it has aborted.
    const crashed = typeof error === 'string' && /crashed/.test(error);
    if ((error instanceof Error && error.name === 'RuntimeError') || crashed) {
      forget(loaded);
      throw new LocalModelDiedError(error instanceof Error ? error.message : String(error));
    }
    throw error;
  }
}

/** Streams one chat completion; `onChunk` sees each chunk. Resolves when the model is done or the signal aborts. */
export async function streamChat(
  loaded: Loaded,
  params: Omit<ChatCompletionParams, 'stream' | 'abortSignal'>,
  signal: AbortSignal,
  onChunk: (chunk: ChatCompletionChunk) => void,
): Promise<void> {
  await guarded(
    loaded,
    loaded.wllama.createChatCompletion({ ...params, stream: true, abortSignal: signal, onData: onChunk }),
  );
}

/** One vector per text, in order (mean pooling, not normalised: the caller normalises). */
export async function embedTexts(loaded: Loaded, texts: readonly string[]): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  // One text per request: the context holds one text at a time whatever the batch.
  for (const text of texts) {
    const response = await guarded(loaded, loaded.wllama.createEmbedding({ input: text, embd_normalize: -1 }));
    const row = response.data[0]?.embedding;
    if (!Array.isArray(row) || row.length === 0) throw new Error('The embedding model answered no vector.');
    vectors.push(Float32Array.from(row));
  }
  return vectors;
}
