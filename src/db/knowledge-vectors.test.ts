import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { createPassageVectorStore } from './knowledge-vectors.ts';

describe('knowledge passage vectors in IndexedDB', () => {
  it('stores each vector with its model and dimensions, and prunes those of deleted passages', async () => {
    const db = await openTestDb();
    const store = createPassageVectorStore(db);
    const record = (passageId: string) => ({
      passageId,
      documentId: passageId.split(':')[0] as string,
      model: 'text-embedding-3-small',
      dimensions: 3,
      vector: Float32Array.from([0.6, 0.8, 0]),
      textHash: 'h',
    });
    await store.put([record('a:0'), record('a:1'), record('b:0')]);
    expect((await store.list()).map((stored) => [stored.passageId, stored.model, stored.dimensions])).toEqual([
      ['a:0', 'text-embedding-3-small', 3],
      ['a:1', 'text-embedding-3-small', 3],
      ['b:0', 'text-embedding-3-small', 3],
    ]);
    expect(await store.prune(new Set(['b:0']))).toBe(2);
    expect((await store.list()).map((stored) => stored.passageId)).toEqual(['b:0']);
    db.close();
  });
});
