/**
 * What the model worker does (wllama-worker.ts wires it to its messages): it owns the wllama instances of the tab
 * (each runs llama.cpp in a worker of its own, nested in this one) and runs their completion loops here, off the
 * page's main thread, so whatever the page does per token no longer paces generation. Chunks go to the page in
 * batches (chunk-batcher.ts). An instance whose worker dies (a WebAssembly abort, out of memory, an exception in
 * the worker) fails its call in flight at once, is let go, and the page is told (`died`).
 */
import { LoggerWithoutDebug, Wllama, type ChatCompletionChunk } from '@wllama/wllama';
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import { carriesOutput, createChunkBatcher } from './chunk-batcher.ts';
import { toWireError, type FromWorker, type ToWorker, type WorkerCall } from './wllama-protocol.ts';

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

interface Instance {
  wllama: Wllama;
  /** Rejects with the reason when the instance's worker dies (never resolves). */
  died: Promise<never>;
}

/** The death of an instance's worker, as the race in `guarded` sees it. */
class Died extends Error {}

/**
 * A logger that also watches for the worker's death: wllama hands the worker's `error` events (an uncaught exception
 * in the worker) to `logger.error`, and logs `Stack trace (abort)` when llama.cpp aborted (out of memory among
 * others). Either way the worker answers nothing more.
 */
function deathWatch(): { logger: typeof LoggerWithoutDebug; died: Promise<never> } {
  let die: (error: Died) => void = () => undefined;
  const died = new Promise<never>((_, reject) => {
    die = reject;
  });
  died.catch(() => undefined);
  const error = (...args: unknown[]): void => {
    const [first] = args;
    if (typeof first === 'string' && first.startsWith('Stack trace (')) {
      // After the work's own rejection, which says what went wrong (e.g. `(ABORT) … OOM`): that one is told.
      setTimeout(() => die(new Died('llama.cpp aborted')), 0);
    } else if (first && typeof first === 'object' && first.constructor?.name === 'ErrorEvent') {
      const message = (first as { message?: unknown }).message;
      die(new Died(typeof message === 'string' ? message : ''));
    }
    LoggerWithoutDebug.error(...args);
  };
  return { logger: { ...LoggerWithoutDebug, error }, died };
}

interface Host {
  post: Post;
  instances: Map<number, Instance>;
  /** The chat calls in flight, to stop them. */
  running: Map<number, AbortController>;
}

/** Forgets the instance and ends its worker (resolves once it has ended). */
async function letGo(host: Host, id: number): Promise<void> {
  const instance = host.instances.get(id);
  host.instances.delete(id);
  await instance?.wllama.exit().catch(() => undefined);
}

/** The work, or a death (its worker's, or the WebAssembly abort that rejects the work itself). */
async function guarded<T>(host: Host, id: number, work: (instance: Instance) => Promise<T>): Promise<T> {
  const instance = host.instances.get(id);
  if (!instance) throw new Died('its worker ended');
  try {
    return await Promise.race([work(instance), instance.died]);
  } catch (error) {
    // wllama's RuntimeError, or the worker's answer once it has aborted.
    const crashed = typeof error === 'string' && /crashed/.test(error);
    if ((error instanceof Error && error.name === 'RuntimeError') || crashed) {
      void letGo(host, id);
      throw new Died(error instanceof Error ? error.message : String(error));
    }
    throw error;
  }
}

/** Loads a model into a new instance; resolves with the threads it really runs. */
async function load(host: Host, call: Extract<WorkerCall, { type: 'load' }>): Promise<number> {
  const { logger, died } = deathWatch();
  const wllama = new Wllama({ default: wasmUrl }, { logger, allowOffline: true });
  const { contextSize, threads, embeddings } = call.options;
  host.instances.set(call.instance, { wllama, died });
  const loading = wllama.loadModel(call.blobs, {
    n_ctx: contextSize,
    n_threads: threads,
    n_gpu_layers: 0,
    jinja: true,
    n_parallel: 1,
    ...(embeddings ? { embeddings: true, pooling_type: 'mean' as const } : {}),
  });
  try {
    await guarded(host, call.instance, () => loading);
  } catch (error) {
    void letGo(host, call.instance);
    throw error;
  }
  // A dead worker is let go at once, and the page told, so its next call loads again.
  died.catch((error: unknown) => {
    if (host.instances.get(call.instance)?.wllama !== wllama) return;
    void letGo(host, call.instance);
    host.post({ type: 'died', instance: call.instance, reason: error instanceof Error ? error.message : '' });
  });
  return wllama.isMultithread() ? threads : 1;
}

/**
 * Performance marks of the latest chat call in this worker (`local:call`, `local:first-chunk`, `local:first-output`):
 * the bench reads them to see where the time to first token goes. Each call clears the previous call's.
 */
function markCall(): { chunk(chunk: ChatCompletionChunk): void } {
  for (const name of ['local:call', 'local:first-chunk', 'local:first-output']) performance.clearMarks(name);
  performance.mark('local:call');
  let chunks = 0;
  let output = false;
  return {
    chunk(chunk) {
      chunks += 1;
      if (chunks === 1) performance.mark('local:first-chunk');
      if (!output && carriesOutput(chunk)) {
        output = true;
        performance.mark('local:first-output');
      }
    },
  };
}

/** Runs a chat completion here, its chunks to the page in batches. */
async function chat(host: Host, call: Extract<WorkerCall, { type: 'chat' }>): Promise<void> {
  const controller = new AbortController();
  host.running.set(call.call, controller);
  const batcher = createChunkBatcher((chunks) => host.post({ type: 'chunks', call: call.call, chunks }));
  const marks = markCall();
  try {
    await guarded(host, call.instance, ({ wllama }) =>
      wllama.createChatCompletion({
        ...call.params,
        stream: true,
        abortSignal: controller.signal,
        onData: (chunk) => {
          marks.chunk(chunk);
          batcher.push(chunk);
        },
      }),
    );
  } finally {
    batcher.flush();
    host.running.delete(call.call);
  }
}

/** One vector per text, in order (mean pooling, not normalised: the page normalises). */
async function embed(host: Host, call: Extract<WorkerCall, { type: 'embed' }>): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  // One text per request: the context holds one text at a time whatever the batch.
  for (const input of call.texts) {
    const response = await guarded(host, call.instance, ({ wllama }) =>
      wllama.createEmbedding({ input, embd_normalize: -1 }),
    );
    const row = response.data[0]?.embedding;
    if (!Array.isArray(row) || row.length === 0) throw new Error('The embedding model answered no vector.');
    vectors.push(Float32Array.from(row));
  }
  return vectors;
}

/** Answers one call: `done` with its result, or `failed` with its error (a death marked as such). */
async function answer(host: Host, call: WorkerCall): Promise<void> {
  const { post } = host;
  try {
    if (call.type === 'load') post({ type: 'done', call: call.call, threads: await load(host, call) });
    else if (call.type === 'embed') {
      const vectors = await embed(host, call);
      post(
        { type: 'done', call: call.call, vectors },
        vectors.map((vector) => vector.buffer),
      );
    } else {
      await (call.type === 'chat' ? chat(host, call) : letGo(host, call.instance));
      post({ type: 'done', call: call.call });
    }
  } catch (error) {
    post({ type: 'failed', call: call.call, error: toWireError(error, error instanceof Died) });
  }
}

/** The model worker's state and its message handler. */
export function createWllamaHost(post: Post): { handle(message: ToWorker): void } {
  const host: Host = { post, instances: new Map(), running: new Map() };
  return {
    handle(message) {
      if (message.type === 'stop') host.running.get(message.call)?.abort();
      else void answer(host, message);
    },
  };
}
