import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, type Settings } from '../../config/settings.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import { probeEmbeddings, recallSearcher, resetMeaningIndex } from './meaning-search.ts';
import { createEndpointMemory } from '../../model/endpoint-memory.ts';
import { embeddingContextSize } from '../../model/local/local-embedder.ts';

// wllama needs a browser: the runtime is scripted. Each text's vector says which words it has (a bag of 3 words).
const runtime = vi.hoisted(() => ({ loads: [] as string[], embedded: [] as string[], fail: '' }));
vi.mock('../../model/local/wllama-runtime.ts', () => ({
  loadedEmbeddingModel: async (request: { file: string }) => {
    runtime.loads.push(request.file);
    if (runtime.fail) throw new Error(runtime.fail);
    return { file: request.file };
  },
  embedTexts: async (_loaded: unknown, texts: readonly string[]) => {
    runtime.embedded.push(...texts);
    return texts.map((text) =>
      Float32Array.from(['kitten', 'deadline', 'pet'].map((w) => (text.includes(w) ? 1 : 0.1))),
    );
  },
}));
vi.mock('../../model/local/model-files.ts', () => ({ openModelFiles: async () => new Blob([]) }));

afterEach(() => {
  resetMeaningIndex();
  runtime.loads = [];
  runtime.embedded = [];
  runtime.fail = '';
});

let counter = 0;
const persistence = () =>
  createMemoryPersistence({ newId: (prefix) => `${prefix}_${(counter += 1)}`, now: () => 1_700_000_000_000 + counter });
const local: Settings = {
  ...defaultSettings,
  provider: 'local',
  model: 'chat.gguf',
  semanticRecall: true,
  embeddingModel: 'embed.gguf',
};
const noFetch = (() => Promise.reject(new Error('no network'))) as typeof fetch;

describe('semantic recall with a local embedding GGUF', () => {
  it('embeds the notes in the page and stores the vectors with the file as model and its dimension', async () => {
    const stores = persistence();
    await stores.notes.add({ content: 'Miso is a kitten, my pet.' });
    await stores.notes.add({ content: 'The deadline is Friday.' });
    const result = await recallSearcher(local, stores, noFetch).searchByMeaning?.('Which pet do I have?', 5);
    expect(result?.embedder).toBe('embed.gguf');
    expect(result?.hits[0]?.note.content).toContain('kitten');
    expect((await stores.noteVectors.list()).map((r) => [r.model, r.dimensions])).toEqual([
      ['embed.gguf', 3],
      ['embed.gguf', 3],
    ]);
    expect(runtime.loads.every((file) => file === 'embed.gguf')).toBe(true);
    expect(runtime.embedded).toHaveLength(3);
  });

  it('with no file chosen, fails with the reason (remembered, so runs do not ask again) and never loads wllama', async () => {
    const stores = persistence();
    await stores.notes.add({ content: 'Miso is a kitten.' });
    const memory = createEndpointMemory();
    const none = { ...local, embeddingModel: '' };
    await expect(recallSearcher(none, stores, noFetch, memory).searchByMeaning?.('pets', 5)).rejects.toMatchObject({
      kind: 'not-enabled',
      message: expect.stringContaining('No embedding model file is chosen'),
    });
    expect(runtime.loads).toEqual([]);
    // Choosing a file is another model: it is probed afresh.
    await expect(recallSearcher(local, stores, noFetch, memory).searchByMeaning?.('pets', 5)).resolves.toBeDefined();
  });

  it('a file that cannot embed fails with its name and what the runtime said (not remembered: the next run tries again)', async () => {
    runtime.fail = 'Embeddings is not enabled';
    const memory = createEndpointMemory();
    expect(await probeEmbeddings(local, noFetch, memory)).toEqual({
      ok: false,
      message:
        'The embedding model file “embed.gguf” could not embed in this browser. It said: “Embeddings is not enabled”',
    });
    runtime.fail = '';
    expect(await probeEmbeddings(local, noFetch, memory)).toEqual({ ok: true, model: 'embed.gguf', dimensions: 3 });
  });

  it('loads an embedding model with the context it was trained on, within 512..8,192', () => {
    expect(embeddingContextSize(undefined)).toBe(2048);
    expect(embeddingContextSize(256)).toBe(512);
    expect(embeddingContextSize(32768)).toBe(8192);
  });
});
