import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeTinyGguf } from '../../testing/gguf-writer.ts';
import { LocalModelDiedError } from './model-died.ts';

// wllama needs a browser: a scripted stand-in records each instance and lets a test kill its worker.
const fake = vi.hoisted(() => {
  class ErrorEvent {
    constructor(readonly message: string) {}
  }
  interface Instance {
    logger: { error: (...args: unknown[]) => void };
    loadOptions: Record<string, unknown>;
    exited: boolean;
    /** Settles the chat completion in flight (never, unless a test says). */
    pending: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
  }
  return { ErrorEvent, instances: [] as Instance[], quiet: { error: () => undefined } };
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
    createChatCompletion() {
      return new Promise<void>((resolve, reject) => this.me.pending.push({ resolve, reject }));
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

const runtime = await import('./wllama-runtime.ts');
const file = new Blob([writeTinyGguf() as Uint8Array<ArrayBuffer>]);
const request = (name: string) => ({ file: name, open: async () => file, threads: 1, contextSize: () => 4096 });
const chatOnce = (loaded: Awaited<ReturnType<typeof runtime.loadedModel>>) =>
  runtime.streamChat(loaded, { messages: [{ role: 'user', content: 'hi' }] }, new AbortController().signal, () => {});

beforeEach(() => {
  fake.instances.length = 0;
});

describe('wllama runtime: a worker that dies', () => {
  it('fails the chat in flight at once with a clear error, and the next call loads the model again', async () => {
    const loaded = await runtime.loadedModel(request('a.gguf'));
    expect(await runtime.loadedModel(request('a.gguf'))).toBe(loaded);
    const reply = chatOnce(loaded);
    // The worker throws (as when WebAssembly runs out of memory outside llama.cpp): wllama only logs the event.
    fake.instances[0]?.logger.error(new fake.ErrorEvent('Uncaught RangeError: Out of memory'));
    await expect(reply).rejects.toThrow(LocalModelDiedError);
    await expect(reply).rejects.toThrow('The model stopped working: Uncaught RangeError: Out of memory');
    expect(fake.instances[0]?.exited).toBe(true);

    const again = await runtime.loadedModel(request('a.gguf'));
    expect(again).not.toBe(loaded);
    expect(fake.instances).toHaveLength(2);
  });

  it('tells a WebAssembly abort with its own message and lets the model load again', async () => {
    const loaded = await runtime.loadedModel(request('b.gguf'));
    const reply = chatOnce(loaded);
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
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await runtime.loadedModel(request('c.gguf'))).not.toBe(loaded);
  });

  it('other errors are not a death: the model stays loaded', async () => {
    const loaded = await runtime.loadedModel(request('d.gguf'));
    const reply = chatOnce(loaded);
    fake.instances[0]?.pending[0]?.reject(new Error('Failed to initialize samplers'));
    await expect(reply).rejects.toThrow('Failed to initialize samplers');
    expect(await runtime.loadedModel(request('d.gguf'))).toBe(loaded);
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
