import { describe, expect, it } from 'vitest';
import { onKnowledgeChanged, type KnowledgeChange } from '../knowledge/knowledge-events.ts';
import type { KnowledgeDocument, Passage } from '../knowledge/knowledge-types.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { createKnowledgeLibrary } from './knowledge.ts';
import { exportSessions, importParsed, parseImportFile } from './session-file.ts';
import { sequentialIds } from './test-fixtures.ts';

const PDF_BYTES = new Uint8Array([37, 80, 68, 70, 0, 255, 128, 10]);

function paper(id: string): { document: KnowledgeDocument; passages: Passage[] } {
  return {
    document: { id, name: 'paper.pdf', format: 'pdf', bytes: 8, pages: 2, passages: 2, addedAt: 5 },
    passages: [
      { id: `${id}:0`, documentId: id, ordinal: 0, page: 1, text: 'First page.' },
      { id: `${id}:1`, documentId: id, ordinal: 1, page: 2, text: 'Second page.' },
    ],
  };
}

describe('the Knowledge library in Export all and Import', () => {
  it('exports documents with passages and original, and imports them into another database', async () => {
    const source = await openTestDb();
    const { document, passages } = paper('kdoc_1');
    await createKnowledgeLibrary(source).addDocument(
      document,
      passages,
      new Blob([PDF_BYTES], { type: 'application/pdf' }),
    );
    const file = await exportSessions(source, { includeNotes: true, now: 0 });
    expect(file.knowledge?.map((entry) => [entry.name, entry.passages.length])).toEqual([['paper.pdf', 2]]);
    // Only Export all carries the library.
    expect((await exportSessions(source, { sessionIds: [], includeNotes: false, now: 0 })).knowledge).toBeUndefined();

    const parsed = parseImportFile(JSON.stringify(file), 'all.json');
    if (!parsed.ok) throw new Error(parsed.error);
    const target = await openTestDb();
    const changes: KnowledgeChange[] = [];
    const stop = onKnowledgeChanged((change) => changes.push(change));
    const result = await importParsed(target, parsed, { newId: sequentialIds() });
    stop();
    expect(result.documents).toEqual(['kdoc_1']);
    expect(changes).toEqual([{ type: 'added', documentId: 'kdoc_1' }]);
    const library = createKnowledgeLibrary(target);
    expect(await library.listDocuments()).toEqual([document]);
    expect(await library.listPassages()).toEqual(passages);
    const original = await library.getOriginal('kdoc_1');
    expect(original?.type).toBe('application/pdf');
    expect(new Uint8Array(await original!.arrayBuffer())).toEqual(PDF_BYTES);

    // The same file again: the document is already there and is skipped.
    const again = await importParsed(target, parsed, { newId: sequentialIds() });
    expect(again.documents).toEqual([]);
    expect(await library.listDocuments()).toHaveLength(1);
  });

  it('refuses a file whose library entry is malformed, naming the field, and writes nothing', async () => {
    const file = {
      format: 'glassbox.sessions',
      version: 1,
      exportedAt: '2026-12-05T00:00:00.000Z',
      scope: 'all',
      sessions: [],
      knowledge: [{ id: 'kdoc_1', name: 'a.md', format: 'markdown', bytes: -1, addedAt: 0, passages: [] }],
    };
    const parsed = parseImportFile(JSON.stringify(file), 'bad.json');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(/^bad\.json: knowledge\.0\.bytes/);
  });
});
