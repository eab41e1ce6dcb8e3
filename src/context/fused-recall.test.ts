import { describe, expect, it } from 'vitest';
import { embedLocally } from '../demo/local-embedder.ts';
import type { Note } from '../tools/tool-context.ts';
import { rankRecallCandidates } from './fused-recall.ts';
import { recallNotes, type NotesSearcher } from './memory-recall.ts';
import { createNotesIndex } from './notes-index.ts';
import { cosine } from './semantic/vector-math.ts';

function note(id: string, content: string, extra: Partial<Note> = {}): Note {
  return { id, content, tags: [], createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000, ...extra };
}

const notes = [
  note('cat', 'Miso is a kitten who hates the vacuum cleaner.'),
  note('tea', 'The user prefers green tea over coffee in the morning.'),
  note('paris', 'The user lives in Paris and cycles to work.'),
  note('deadline', 'The project deadline is Friday at noon.'),
  note('cat-zh', '米索是一只怕吸尘器的小猫。'),
];

/** Words through MiniSearch, meaning through the demo's local embedder (brute-force cosine). */
function searcher(all: Note[], options: { failMeaning?: Error; pinned?: Note[] } = {}): NotesSearcher {
  const index = createNotesIndex();
  index.replaceAll(all);
  return {
    search: async (query, limit) => index.search(query, limit === undefined ? {} : { limit }),
    searchByMeaning: async (text, limit) => {
      if (options.failMeaning) throw options.failMeaning;
      const query = embedLocally(text);
      const hits = all
        .map((item) => ({ note: item, similarity: cosine(embedLocally(item.content), query) }))
        .sort((a, b) => b.similarity - a.similarity);
      return { embedder: 'local demo embedder', hits: hits.slice(0, limit) };
    },
    ...(options.pinned ? { pinned: async () => options.pinned ?? [] } : {}),
  };
}

describe('recallNotes with semantic recall', () => {
  it('recalls a note that shares no word with the question, by meaning, and says so', async () => {
    const result = await recallNotes(searcher(notes), 'What pet do I have?');
    expect(result.candidates).toEqual([]);
    expect(result.hits.map((hit) => hit.note.id)).toContain('cat');
    const cat = result.ranked.find((candidate) => candidate.note.id === 'cat');
    expect(cat).toMatchObject({ kept: true, reason: 'similar-meaning' });
    // The Chinese note about the kitten is as near in meaning: the demo's synonym table spans both languages.
    expect(
      result.ranked
        .slice(0, 2)
        .map((candidate) => candidate.note.id)
        .sort(),
    ).toEqual(['cat', 'cat-zh']);
    expect(cat?.fullTextScore).toBeUndefined();
    expect(cat?.similarity).toBeGreaterThan(0.3);
    expect(result.semantic).toEqual({ status: 'ok', embedder: 'local demo embedder' });
    // Unrelated notes are candidates too, cut with the reason.
    expect(result.ranked.find((candidate) => candidate.note.id === 'deadline')).toMatchObject({
      kept: false,
      reason: 'not-similar-enough',
    });
  });

  it('recalls the Chinese note for a Chinese question about a pet', async () => {
    const result = await recallNotes(searcher(notes), '我养了什么宠物？');
    expect(result.hits.map((hit) => hit.note.id)).toContain('cat-zh');
  });

  it('keeps a note found by both searches first in fused order', async () => {
    const result = await recallNotes(searcher(notes), 'Do I like tea or coffee?');
    expect(result.ranked[0]).toMatchObject({
      note: { id: 'tea' },
      kept: true,
      reason: 'shares-words-and-meaning',
      fusedRank: 1,
    });
    expect(result.ranked[0]?.fullTextScore).toBeGreaterThan(0);
    expect(result.ranked[0]?.fullTextRank).toBe(1);
    expect(result.ranked[0]?.vectorRank).toBe(1);
  });

  it('falls back to words only when embeddings fail, and says why', async () => {
    const result = await recallNotes(
      searcher(notes, {
        failMeaning: Object.assign(new Error('no /embeddings here'), { text: [{ key: 'no-endpoint' }] }),
      }),
      'Do I like tea?',
    );
    expect(result.semantic).toEqual({
      status: 'failed',
      reason: 'no /embeddings here',
      text: [{ key: 'no-endpoint' }],
    });
    expect(result.hits.map((hit) => hit.note.id)).toEqual(['tea']);
  });

  it('always recalls pinned notes, first, even when unrelated', async () => {
    const pinned = note('units', 'Answer in metric units.', { pinned: true });
    const result = await recallNotes(searcher([...notes, pinned], { pinned: [pinned] }), 'Do I like tea?');
    expect(result.hits.map((hit) => hit.note.id)).toEqual(['units', 'tea']);
    expect(result.ranked[0]).toMatchObject({ note: { id: 'units' }, reason: 'pinned', kept: true });
  });
});

describe('rankRecallCandidates', () => {
  const options = { limit: 2, minSimilarity: 0.3, relativeSimilarity: 0.6 };

  it('cuts kept notes beyond the limit in fused order, and explains every cut', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => note(id, id)) as [Note, Note, Note, Note];
    const ranked = rankRecallCandidates({
      fullText: [
        { note: a, score: 5 },
        { note: d, score: 0.001 },
      ],
      fullTextKept: new Set(['a']),
      fullTextThreshold: 1.75,
      meaning: [
        { note: b, similarity: 0.9 },
        { note: c, similarity: 0.8 },
        { note: a, similarity: 0.1 },
      ],
      pinned: [],
      options,
    });
    expect(
      ranked.map((candidate) => [candidate.note.id, candidate.fusedRank, candidate.kept, candidate.reason]),
    ).toEqual([
      ['a', 1, true, 'shares-words'],
      ['b', 2, true, 'similar-meaning'],
      ['d', 3, false, 'below-score'],
      ['c', 4, false, 'over-limit'],
    ]);
  });

  it('cuts a note whose similarity is far below the best one', () => {
    const [a, b] = ['a', 'b'].map((id) => note(id, id)) as [Note, Note];
    const ranked = rankRecallCandidates({
      fullText: [],
      fullTextKept: new Set(),
      fullTextThreshold: 0,
      meaning: [
        { note: a, similarity: 0.9 },
        { note: b, similarity: 0.45 },
      ],
      pinned: [],
      options,
    });
    expect(ranked.map((candidate) => candidate.reason)).toEqual(['similar-meaning', 'not-similar-enough']);
  });
});
