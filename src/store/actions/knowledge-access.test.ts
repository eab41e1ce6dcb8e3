import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../config/settings.ts';
import { createMemoryKnowledgeLibrary } from '../../knowledge/memory-knowledge.ts';
import { MemoryPassageVectors } from '../../knowledge/memory-passage-vectors.ts';
import type { KnowledgeDocument, Passage } from '../../knowledge/knowledge-types.ts';
import { runKnowledgeAccess } from './knowledge-access.ts';

function document(id: string, name: string, text: string): { document: KnowledgeDocument; passages: Passage[] } {
  return {
    document: { id, name, format: 'text', bytes: text.length, passages: 1, addedAt: 0 },
    passages: [{ id: `${id}:0`, documentId: id, ordinal: 0, text }],
  };
}

const noFetch: typeof fetch = async () => {
  throw new TypeError('no network in tests');
};

describe('the knowledge search of a run', () => {
  it('is absent while the library is empty, and sees documents added and deleted', async () => {
    const library = createMemoryKnowledgeLibrary();
    const persistence = { knowledge: async () => library, knowledgeVectors: async () => new MemoryPassageVectors() };
    expect(await runKnowledgeAccess(defaultSettings, persistence, noFetch)).toBeUndefined();

    const zeppelin = document('d1', 'airships.txt', 'The zeppelin floated over the lake.');
    await library.addDocument(zeppelin.document, zeppelin.passages, new Blob(['x']));
    const access = await runKnowledgeAccess(defaultSettings, persistence, noFetch);
    expect((await access?.search('zeppelin'))?.passages.map((passage) => passage.id)).toEqual(['d1:0']);

    // Added through the library (its change event): the index built before is dropped.
    const balloon = document('d2', 'balloons.txt', 'A zeppelin and a balloon.');
    await library.addDocument(balloon.document, balloon.passages, new Blob(['y']));
    expect((await access?.search('balloon'))?.passages.map((passage) => passage.id)).toEqual(['d2:0']);
    await library.deleteDocument('d1');
    expect((await access?.search('zeppelin'))?.passages.map((passage) => passage.id)).toEqual(['d2:0']);
  });
});
