import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, type Settings } from '../../config/settings.ts';
import { DEMO_EMBEDDING_DIMENSIONS, DEMO_EMBEDDING_MODEL, localEmbeddingsResponse } from '../../demo/local-embedder.ts';
import { createEndpointMemory } from '../../model/endpoint-memory.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import { probeEmbeddings, recallSearcher, resetMeaningIndex } from './meaning-search.ts';

afterEach(() => resetMeaningIndex());

let counter = 0;
function persistence() {
  return createMemoryPersistence({
    newId: (prefix) => `${prefix}_${(counter += 1)}`,
    now: () => 1_700_000_000_000 + counter,
  });
}

/** An OpenAI-compatible /embeddings (the demo embedder) that counts the texts it embedded. */
function embeddingsServer(answer?: { status: number; body: unknown }) {
  const embedded: string[] = [];
  const fetchImplementation = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { input: string[] };
    if (answer)
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    embedded.push(...body.input);
    return new Response(JSON.stringify((localEmbeddingsResponse(body) as { body: unknown }).body), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { embedded, fetch: fetchImplementation };
}

const custom: Settings = {
  ...defaultSettings,
  provider: 'custom',
  baseUrl: 'http://127.0.0.1:9/v1',
  model: 'chat-model',
  semanticRecall: true,
  embeddingModel: 'embed-a',
};

describe('recall by meaning (meaning-search)', () => {
  it('embeds the notes lazily once, stores their vectors with model and dimension, and finds a note by meaning', async () => {
    const stores = persistence();
    await stores.notes.add({ content: 'Miso is a kitten who hates the vacuum cleaner.' });
    await stores.notes.add({ content: 'The project deadline is Friday at noon.' });
    const server = embeddingsServer();
    const searcher = recallSearcher(custom, stores, server.fetch);
    const result = await searcher.searchByMeaning?.('What pet do I have?', 5);
    expect(result?.embedder).toBe('embed-a');
    expect(result?.hits[0]?.note.content).toContain('kitten');
    expect(result?.hits[0]?.similarity).toBeGreaterThan(result?.hits[1]?.similarity ?? 1);
    const vectors = await stores.noteVectors.list();
    expect(vectors.map((record) => [record.model, record.dimensions])).toEqual([
      ['embed-a', DEMO_EMBEDDING_DIMENSIONS],
      ['embed-a', DEMO_EMBEDDING_DIMENSIONS],
    ]);
    expect(server.embedded).toHaveLength(3);

    // Unchanged notes are not embedded again; only the query is.
    await searcher.searchByMeaning?.('Anything about work?', 5);
    expect(server.embedded).toHaveLength(4);
  });

  it('embeds every note again when the embedding model changes, and an edited note when its text changes', async () => {
    const stores = persistence();
    const note = await stores.notes.add({ content: 'Miso is a kitten.' });
    await stores.notes.add({ content: 'Green tea in the morning.' });
    const server = embeddingsServer();
    await recallSearcher(custom, stores, server.fetch).searchByMeaning?.('pets', 5);
    await recallSearcher({ ...custom, embeddingModel: 'embed-b' }, stores, server.fetch).searchByMeaning?.('pets', 5);
    const notesFirst = (texts: string[]) => [...texts.slice(0, 2)].sort().concat(texts.slice(2));
    expect(notesFirst(server.embedded.slice(0, 3))).toEqual(['Green tea in the morning.', 'Miso is a kitten.', 'pets']);
    expect(notesFirst(server.embedded.slice(3, 6))).toEqual(['Green tea in the morning.', 'Miso is a kitten.', 'pets']);
    expect((await stores.noteVectors.list()).every((record) => record.model === 'embed-b')).toBe(true);
    await stores.notes.update(note.id, { content: 'Miso is an old cat now.' });
    await recallSearcher({ ...custom, embeddingModel: 'embed-b' }, stores, server.fetch).searchByMeaning?.('pets', 5);
    expect(server.embedded.slice(6)).toEqual(['Miso is an old cat now.', 'pets']);
  });

  it('once the endpoint is known to embed, embeds the message while the notes are checked for changes', async () => {
    const stores = persistence();
    await stores.notes.add({ content: 'Miso is a kitten.' });
    const server = embeddingsServer();
    const memory = createEndpointMemory();
    await recallSearcher(custom, stores, server.fetch, memory).searchByMeaning?.('pets', 5);
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const signature = stores.notes.signature?.bind(stores.notes);
    const slow = {
      ...stores,
      notes: { ...stores.notes, signature: async () => (await held, (await signature?.()) ?? '') },
    };
    const search = recallSearcher(custom, slow, server.fetch, memory).searchByMeaning?.('kitten', 5);
    await vi.waitFor(() => expect(server.embedded.at(-1)).toBe('kitten'));
    release();
    expect((await search)?.hits[0]?.note.content).toBe('Miso is a kitten.');
    // Notes changed meanwhile: the early scan of the old vectors is dropped and the new ones are scanned.
    await stores.notes.add({ content: 'The kitten sleeps all day.' });
    const before = server.embedded.length;
    const changed = await recallSearcher(custom, stores, server.fetch, memory).searchByMeaning?.('kitten', 5);
    expect(changed?.hits.map((hit) => hit.note.content).sort()).toEqual([
      'Miso is a kitten.',
      'The kitten sleeps all day.',
    ]);
    // …and the message was embedded once, the new note once.
    expect(server.embedded.slice(before).sort()).toEqual(['The kitten sleeps all day.', 'kitten']);
  });

  it('probes once per endpoint and model: a missing /embeddings is remembered and not asked again', async () => {
    const stores = persistence();
    await stores.notes.add({ content: 'Miso is a kitten.' });
    const memory = createEndpointMemory();
    let calls = 0;
    const server = embeddingsServer({
      status: 404,
      body: { error: { message: 'Not Found', type: 'invalid_request_error' } },
    });
    const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls += 1;
      return server.fetch(input, init);
    }) as typeof fetch;
    await expect(recallSearcher(custom, stores, counting, memory).searchByMeaning?.('pets', 5)).rejects.toMatchObject({
      kind: 'no-endpoint',
    });
    expect(calls).toBe(1);
    await expect(recallSearcher(custom, stores, counting, memory).searchByMeaning?.('pets', 5)).rejects.toThrow(
      /has no embeddings API/,
    );
    expect(calls).toBe(1);
    // Another embedding model on the same endpoint is probed on its own.
    await expect(
      recallSearcher({ ...custom, embeddingModel: 'embed-b' }, stores, counting, memory).searchByMeaning?.('pets', 5),
    ).rejects.toMatchObject({ kind: 'no-endpoint' });
    expect(calls).toBe(2);
  });

  it('the demo provider embeds locally with its labelled embedder', async () => {
    const stores = persistence();
    await stores.notes.add({ content: '米索是一只小猫。' });
    const result = await recallSearcher({ ...defaultSettings, semanticRecall: true }, stores, (() =>
      Promise.reject(new Error('no network'))) as typeof fetch).searchByMeaning?.('我养了什么宠物？', 5);
    expect(result?.embedder).toMatch(/local demo embedder/);
    expect(result?.hits[0]?.similarity).toBeGreaterThan(0.3);
    expect((await stores.noteVectors.list())[0]?.model).toBe(DEMO_EMBEDDING_MODEL);
  });

  it('the Test embeddings probe explains a llama.cpp server started without --embeddings', async () => {
    const server = embeddingsServer({
      status: 501,
      body: {
        error: {
          code: 501,
          message: 'This server does not support embeddings. Start it with `--embeddings`',
          type: 'not_supported_error',
        },
      },
    });
    const result = await probeEmbeddings(custom, server.fetch);
    expect(result).toEqual({ ok: false, message: expect.stringContaining('llama-server --embeddings') });
    expect(await probeEmbeddings(custom, embeddingsServer().fetch)).toEqual({
      ok: true,
      model: 'embed-a',
      dimensions: DEMO_EMBEDDING_DIMENSIONS,
    });
  });
});
