import { describe, expect, it } from 'vitest';
import { createKnowledgeSearch } from './knowledge-search.ts';
import { MemoryKnowledgeStore, MemoryPassageVectors, topicEmbedder } from './knowledge-test-helpers.ts';
import { rankPassageCandidates } from './passage-ranking.ts';
import type { Passage } from './knowledge-types.ts';

const library = () =>
  new MemoryKnowledgeStore([
    {
      id: 'pets',
      name: 'pets.md',
      passages: [
        { text: 'Cats sleep most of the day and purr when content.', headings: ['Cats'] },
        { text: 'A kitten needs vaccinations in its first months.', headings: ['Kittens'] },
      ],
    },
    {
      id: 'cars',
      name: 'cars.pdf',
      passages: [
        { text: 'Change the engine oil every 10,000 kilometres.', page: 3 },
        { text: 'Tyre pressure should be checked monthly.', page: 4 },
      ],
    },
  ]);

const topics = [
  ['cat', 'kitten', 'pet', 'purr'],
  ['engine', 'oil', 'tyre', 'car', 'vehicle'],
];

describe('knowledge search: full text, fused with meaning', () => {
  it('finds passages by words alone when semantic recall is off, and explains every candidate', async () => {
    const search = createKnowledgeSearch(library());
    const result = await search.search('engine oil');
    expect(result.passages.map((passage) => passage.id)).toEqual(['cars:0']);
    expect(result.semantic).toBeUndefined();
    expect(result.candidates[0]).toMatchObject({ kept: true, reason: 'shares-words', rank: 1 });
  });

  it('fused: a passage sharing no word with the query is found by meaning', async () => {
    const search = createKnowledgeSearch(library());
    const meaning = { embedder: topicEmbedder(topics), vectors: new MemoryPassageVectors() };
    const wordsOnly = await search.search('vehicle maintenance');
    expect(wordsOnly.passages).toEqual([]);
    const fused = await search.search('vehicle maintenance', { meaning });
    expect(fused.semantic).toEqual({ status: 'ok', embedder: 'topic-test' });
    expect(fused.passages.map((passage) => passage.documentId)).toEqual(['cars', 'cars']);
    expect(fused.candidates.find((candidate) => candidate.passage.id === 'pets:0')).toMatchObject({
      kept: false,
      reason: 'not-similar-enough',
    });
    expect(fused.candidates.find((candidate) => candidate.kept)?.reason).toBe('similar-meaning');
  });

  it('stores each vector with its model and dimensions, embeds only what changed, and forgets deleted passages', async () => {
    const store = library();
    const search = createKnowledgeSearch(store);
    const vectors = new MemoryPassageVectors();
    const embedder = topicEmbedder(topics);
    await search.search('cat', { meaning: { embedder, vectors } });
    expect(embedder.calls).toBe(5); // four passages, one query
    expect(vectors.records.get('pets:0')).toMatchObject({ model: 'topic-test', dimensions: 3, documentId: 'pets' });
    await search.search('oil', { meaning: { embedder, vectors } });
    expect(embedder.calls).toBe(6); // the query only
    store.delete('pets');
    search.invalidate();
    const after = await search.search('kitten cat', { meaning: { embedder, vectors } });
    expect(after.passages.map((passage) => passage.documentId)).not.toContain('pets');
    expect([...vectors.records.keys()].sort()).toEqual(['cars:0', 'cars:1']);
  });

  it('falls back to words only, saying why, when the query cannot be embedded', async () => {
    const search = createKnowledgeSearch(library());
    const failing = {
      model: 'broken',
      label: 'broken',
      embed: async () => Promise.reject(new Error('The endpoint has no /embeddings route.')),
    };
    const result = await search.search('engine', {
      meaning: { embedder: failing, vectors: new MemoryPassageVectors() },
    });
    expect(result.passages.map((passage) => passage.id)).toEqual(['cars:0']);
    expect(result.semantic).toMatchObject({ status: 'failed', reason: 'The endpoint has no /embeddings route.' });
  });

  it('searches only the named documents, by words and by meaning', async () => {
    const search = createKnowledgeSearch(library());
    const meaning = { embedder: topicEmbedder(topics), vectors: new MemoryPassageVectors() };
    const result = await search.search('cat oil', { documentIds: ['pets'], meaning });
    expect(result.candidates.every((candidate) => candidate.passage.documentId === 'pets')).toBe(true);
    expect(result.documents.map((document) => document.name)).toEqual(['pets.md']);
  });
});

describe('rankPassageCandidates', () => {
  const passage = (id: string): Passage => ({ id, documentId: 'd', ordinal: 0, text: id });
  it('cuts weak full-text hits and those over the limit, saying why', () => {
    const ranked = rankPassageCandidates({
      fullText: [
        { passage: passage('a'), score: 10, matched: ['x'] },
        { passage: passage('b'), score: 8, matched: ['x'] },
        { passage: passage('c'), score: 1, matched: ['x'] },
      ],
      options: { limit: 1 },
    });
    expect(ranked.map((candidate) => [candidate.passage.id, candidate.kept, candidate.reason])).toEqual([
      ['a', true, 'shares-words'],
      ['b', false, 'over-limit'],
      ['c', false, 'below-score'],
    ]);
  });

  it('fuses by reciprocal rank: a passage found both ways ranks first', () => {
    const ranked = rankPassageCandidates({
      fullText: [
        { passage: passage('a'), score: 5, matched: ['x'] },
        { passage: passage('b'), score: 4, matched: ['x'] },
      ],
      meaning: [
        { passage: passage('b'), similarity: 0.9 },
        { passage: passage('c'), similarity: 0.8 },
      ],
    });
    expect(ranked[0]).toMatchObject({ passage: { id: 'b' }, reason: 'shares-words-and-meaning', kept: true });
    expect(ranked.map((candidate) => candidate.passage.id)).toEqual(['b', 'a', 'c']);
  });
});
