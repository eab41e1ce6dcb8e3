import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeTinyGguf } from '../../testing/gguf-writer.ts';
import { LocalModelDiedError } from './model-died.ts';

// wllama needs a browser: a scripted stand-in records each instance and lets a test kill its worker.
const fake = vi.hoisted(() => {
  class ErrorEvent {
    constructor(readonly message: string) {}
  }
  interface ChatCall {
    options: { onData: (chunk: unknown) => void; abortSignal: AbortSignal } & Record<string, unknown>;
    resolve: () => void;
    reject: (error: unknown) => void;
  }
  interface Instance {
    logger: { error: (...args: unknown[]) => void };
    loadOptions: Record<string, unknown>;
    exited: boolean;
    /** The chat completions in flight (each settles only when a test says). */
    pending: ChatCall[];
  }
  return { ErrorEvent, instances: [] as Instance[], quiet: { error: () => undefined }, multithread: false };
});
vi.mock('@wllama/wllama', () => ({
  LoggerWithoutDebug: fake.quiet,
  Wllama: class {
    me: (typeof fake.instances)[number];
    constructor(_paths: unknown, config: { logger: (typeof fake.instances)[number]['logger'] }) {
      this.me = { logger: config.logger, loadOptions: {}, exited: false, pending: [] };
      fake.instances.push(this.me);
    }
    async loadModel(_blobs: unknown, options: Record<string, unknown>) {
      this.me.loadOptions = options;
    }
    isMultithread() {
      return fake.multithread;
    }
    createChatCompletion(options: (typeof fake.instances)[number]['pending'][number]['options']) {
      return new Promise<void>((resolve, reject) => this.me.pending.push({ options, resolve, reject }));
    }
    async createEmbedding({ input }: { input: string }) {
      return { data: [{ embedding: [input.length, 1, 2] }] };
    }
    async exit() {
      this.me.exited = true;
    }
  },
}));
vi.mock('@wllama/wllama/esm/wasm/wllama.wasm?url', () => ({ default: 'wllama.wasm' }));

// The model worker, in this thread: messages cross a structured clone each way, a task later, as between threads.
const { createWllamaHost } = await import('./wllama-host.ts');
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  terminated = false;
  host = createWllamaHost((message) => {
    const copy = structuredClone(message);
    setTimeout(() => this.terminated || this.onmessage?.({ data: copy }), 0);
  });
  constructor(readonly url: URL) {
    FakeWorker.started.push(this);
  }
  postMessage(message: Parameters<typeof this.host.handle>[0]) {
    const copy = structuredClone(message);
    setTimeout(() => this.terminated || this.host.handle(copy), 0);
  }
  terminate() {
    this.terminated = true;
  }
}
vi.stubGlobal('Worker', FakeWorker);

const runtime = await import('./wllama-runtime.ts');
const file = new Blob([writeTinyGguf() as Uint8Array<ArrayBuffer>]);
const request = (name: string) => ({ file: name, open: async () => file, threads: 2, contextSize: () => 4096 });
const chatOnce = (
  loaded: Awaited<ReturnType<typeof runtime.loadedModel>>,
  signal = new AbortController().signal,
  onChunk: (chunk: unknown) => void = () => {},
) => runtime.streamChat(loaded, { messages: [{ role: 'user', content: 'hi' }] }, signal, onChunk);
/** Until the messages in flight between the page and the worker have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const textChunk = (content: string) => ({ choices: [{ index: 0, delta: { content }, finish_reason: null }] });

beforeEach(() => {
  fake.instances.length = 0;
  fake.multithread = false;
});

describe('wllama runtime: a worker that dies', () => {
  it('fails the chat in flight at once with a clear error, and the next call loads the model again', async () => {
    const loaded = await runtime.loadedModel(request('a.gguf'));
    expect(await runtime.loadedModel(request('a.gguf'))).toBe(loaded);
    const reply = chatOnce(loaded);
    await settle();
    // The worker throws (as when WebAssembly runs out of memory outside llama.cpp): wllama only logs the event.
    fake.instances[0]?.logger.error(new fake.ErrorEvent('Uncaught RangeError: Out of memory'));
    await expect(reply).rejects.toThrow(LocalModelDiedError);
    await expect(reply).rejects.toThrow('The model stopped working: Uncaught RangeError: Out of memory');
    await settle();
    expect(fake.instances[0]?.exited).toBe(true);

    const again = await runtime.loadedModel(request('a.gguf'));
    expect(again).not.toBe(loaded);
    expect(fake.instances).toHaveLength(2);
  });

  it('tells a WebAssembly abort with its own message and lets the model load again', async () => {
    const loaded = await runtime.loadedModel(request('b.gguf'));
    const reply = chatOnce(loaded);
    await settle();
    const instance = fake.instances[0];
    instance?.logger.error('Stack trace (abort):\nat llama_decode');
    const abort = Object.assign(new Error('(ABORT) Aborted(OOM)'), { name: 'RuntimeError' });
    instance?.pending[0]?.reject(abort);
    await expect(reply).rejects.toThrow('The model stopped working: (ABORT) Aborted(OOM)');
    const again = await runtime.loadedModel(request('b.gguf'));
    expect(again).not.toBe(loaded);
  });

  it('a worker that died between runs is loaded again before the next run', async () => {
    const loaded = await runtime.loadedModel(request('c.gguf'));
    fake.instances[0]?.logger.error(new fake.ErrorEvent('worker gone'));
    await settle();
    expect(await runtime.loadedModel(request('c.gguf'))).not.toBe(loaded);
  });

  it('other errors are not a death: the model stays loaded, and the error keeps its name and message', async () => {
    const loaded = await runtime.loadedModel(request('d.gguf'));
    const reply = chatOnce(loaded);
    await settle();
    fake.instances[0]?.pending[0]?.reject(Object.assign(new Error('Failed to initialize samplers'), { name: 'X' }));
    await expect(reply).rejects.toMatchObject({ name: 'X', message: 'Failed to initialize samplers' });
    expect(await runtime.loadedModel(request('d.gguf'))).toBe(loaded);
  });

  it('the model worker itself failing ends every instance in it; the next call starts a new worker', async () => {
    const loaded = await runtime.loadedModel(request('f.gguf'));
    const reply = chatOnce(loaded);
    await settle();
    const worker = FakeWorker.started.at(-1);
    worker?.onerror?.({ message: 'Uncaught Error: gone', preventDefault: () => undefined });
    await expect(reply).rejects.toThrow('The model stopped working: Uncaught Error: gone');
    expect(worker?.terminated).toBe(true);
    const again = await runtime.loadedModel(request('f.gguf'));
    expect(again).not.toBe(loaded);
    expect(FakeWorker.started.at(-1)).not.toBe(worker);
  });
});

describe('wllama runtime: the completion loop in the model worker', () => {
  it('streams the chunks to the page in order, plain text runs merged, and resolves when the model is done', async () => {
    const loaded = await runtime.loadedModel(request('g.gguf'));
    const seen: unknown[] = [];
    const reply = chatOnce(loaded, undefined, (chunk) => seen.push(chunk));
    await settle();
    const call = fake.instances[0]?.pending[0];
    // Generated faster than the batch interval: the first at once, the rest in one message, texts joined.
    for (const text of ['He', 'll', 'o']) call?.options.onData(textChunk(text));
    const last = { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], timings: { predicted_n: 3 } };
    call?.options.onData(last);
    call?.resolve();
    await reply;
    expect(seen).toEqual([textChunk('He'), textChunk('llo'), last]);
    // The worker's own parameters: streaming, with its abort signal; what the page sent arrives as sent.
    expect(call?.options).toMatchObject({ stream: true, messages: [{ role: 'user', content: 'hi' }] });
  });

  it('Stop aborts the completion in the worker', async () => {
    const loaded = await runtime.loadedModel(request('h.gguf'));
    const controller = new AbortController();
    const reply = chatOnce(loaded, controller.signal);
    await settle();
    const call = fake.instances[0]?.pending[0];
    expect(call?.options.abortSignal.aborted).toBe(false);
    controller.abort();
    await settle();
    expect(call?.options.abortSignal.aborted).toBe(true);
    call?.reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports the threads llama.cpp really got: one when the worker cannot share memory', async () => {
    expect((await runtime.loadedModel(request('i.gguf'))).threads).toBe(1);
    fake.multithread = true;
    expect((await runtime.loadedModel(request('j.gguf'))).threads).toBe(2);
    expect(fake.instances.at(-1)?.loadOptions).toMatchObject({ n_threads: 2, n_ctx: 4096 });
  });
});

describe('wllama runtime: embeddings', () => {
  it('loads a second instance with embeddings on and embeds one text per request', async () => {
    const chatModel = await runtime.loadedModel(request('e.gguf'));
    const embedder = await runtime.loadedEmbeddingModel(request('e.gguf'));
    expect(embedder).not.toBe(chatModel);
    expect(fake.instances[1]?.loadOptions).toMatchObject({ embeddings: true, pooling_type: 'mean' });
    expect(fake.instances[0]?.loadOptions['embeddings']).toBeUndefined();
    const vectors = await runtime.embedTexts(embedder, ['ab', 'abcd']);
    expect(vectors.map((v) => [...v])).toEqual([
      [2, 1, 2],
      [4, 1, 2],
    ]);
  });
});
