/**
 * The wllama instances of this tab, from the page's side. The instances live in the model worker (wllama-host.ts),
 * which runs their completion loops off the main thread; this module, loaded only when the local provider first
 * generates (or a local embedding model first embeds), keeps which instance holds which file: one for chat and one
 * for embeddings (a model loaded with `embeddings: true` serves only that). Each loads its file once and keeps it
 * loaded across runs and sessions, and loads another only when asked for another file (or thread count).
 * A worker that dies (a WebAssembly abort, out of memory, an exception in the worker) fails the call in flight at
 * once with LocalModelDiedError and is forgotten: the next call loads the model again.
 */
import type { ChatCompletionChunk } from '@wllama/wllama';
import type { GgufInfo } from './local-model-types';
import { readGgufHeader } from './gguf-header';
import { LocalModelDiedError } from './model-died';
import { callWorker, connect, nextNumber, stop, type Connection } from './wllama-connection.ts';
import type { WireChatParams } from './wllama-protocol.ts';

/** What a loaded model is, for the trace. */
export interface LoadedLocalModel {
  file: string;
  info: GgufInfo;
  /** The threads llama.cpp really runs (1 when the page cannot share memory with workers). */
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
  connection: Connection;
  /** The instance's number in the model worker. */
  instance: number;
  /** Rejects with LocalModelDiedError when the instance's worker dies (never resolves). */
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

/** Ends the instance in the model worker (resolves once it has ended, or at once when the worker is gone). */
function exit(connection: Connection, instance: number): Promise<unknown> {
  return callWorker(connection, { type: 'exit', call: nextNumber(), instance }).catch(() => undefined);
}

async function load(request: LoadRequest, embeddings: boolean): Promise<Loaded> {
  const blobs = [await request.open(request.file)].flat();
  const info = await readGgufHeader(blobs[0] as Blob);
  const contextSize = request.contextSize(info);
  const connection = connect();
  const instance = nextNumber();
  const died = new Promise<never>((_, reject) => connection.deaths.set(instance, reject));
  died.catch(() => undefined);
  const options = { contextSize, threads: request.threads, embeddings };
  try {
    const loading = callWorker(connection, { type: 'load', call: nextNumber(), instance, blobs, options });
    const { threads = 1 } = await Promise.race([loading, died]);
    const loaded: Loaded = { connection, instance, died, file: request.file, info, threads, contextSize };
    // A dead worker is let go at once, so the next call loads again even when no call was in flight.
    died.catch(() => forget(loaded));
    return loaded;
  } catch (error) {
    connection.deaths.delete(instance);
    void exit(connection, instance);
    throw error;
  }
}

/** Which slot holds each loaded model (set when its load finishes). */
const owners = new WeakMap<Loaded, Slot>();

/** Drops this model from its slot (if the slot still holds it) and ends its instance. */
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
  loaded.connection.deaths.delete(loaded.instance);
  void exit(loaded.connection, loaded.instance);
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
    if (old) await exit(old.connection, old.instance);
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

/** The work, or LocalModelDiedError as soon as the instance dies; a dead instance is forgotten. */
async function guarded<T>(loaded: Loaded, work: Promise<T>): Promise<T> {
  try {
    return await Promise.race([work, loaded.died]);
  } catch (error) {
    if (error instanceof LocalModelDiedError) forget(loaded);
    throw error;
  }
}

/**
 * Streams one chat completion; `onChunk` sees each chunk (they arrive in batches, see chunk-batcher.ts). Resolves
 * when the model is done; the signal stops the completion in the worker at once.
 */
export async function streamChat(
  loaded: Loaded,
  params: WireChatParams,
  signal: AbortSignal,
  onChunk: (chunk: ChatCompletionChunk) => void,
): Promise<void> {
  signal.throwIfAborted();
  const call = nextNumber();
  const onAbort = (): void => stop(loaded.connection, call);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const chatting = callWorker(
      loaded.connection,
      { type: 'chat', call, instance: loaded.instance, params },
      (chunks) => {
        for (const chunk of chunks) onChunk(chunk);
      },
    );
    await guarded(loaded, chatting);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** One vector per text, in order (mean pooling, not normalised: the caller normalises). */
export async function embedTexts(loaded: Loaded, texts: readonly string[]): Promise<Float32Array[]> {
  const embedded = callWorker(loaded.connection, {
    type: 'embed',
    call: nextNumber(),
    instance: loaded.instance,
    texts: [...texts],
  });
  const { vectors = [] } = await guarded(loaded, embedded);
  return vectors;
}
