import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { onKnowledgeChanged, type KnowledgeChange } from '../knowledge/knowledge-events.ts';
import { ingestFile, type IngestFileOptions } from '../knowledge/ingest-file.ts';
import { IngestError, type ParsedDocument } from '../knowledge/ingest-types.ts';
import { MAX_KNOWLEDGE_BYTES } from '../knowledge/accept-file.ts';
import { createMemoryKnowledgeLibrary } from '../knowledge/memory-knowledge.ts';
import { createKnowledgeLibrary } from './knowledge.ts';

const parsed = (texts: string[], pages?: number): ParsedDocument => ({
  format: pages ? 'pdf' : 'markdown',
  ...(pages ? { pages } : {}),
  passages: texts.map((text, index) => ({ text, ...(pages ? { page: index + 1 } : { headings: ['H'] }) })),
});

function options(library: IngestFileOptions['library'], parse: IngestFileOptions['parse'], id = 1): IngestFileOptions {
  return { library, parse, newId: () => `kdoc_${id}`, now: () => 1_000 + id };
}

describe.each([
  ['IndexedDB', async () => createKnowledgeLibrary(await openTestDb())],
  ['memory', async () => createMemoryKnowledgeLibrary()],
])('the Knowledge library in %s', (_name, makeLibrary) => {
  it('stores a document with its passages and original, lists them, and deletes all three', async () => {
    const library = await makeLibrary();
    const changes: KnowledgeChange[] = [];
    const stop = onKnowledgeChanged((change) => changes.push(change));
    const add = options(library, async () => parsed(['one', 'two', 'three'], 3));
    const file = new File(['%PDF-fake'], 'paper.pdf', { type: 'application/pdf' });
    const outcome = await ingestFile(file, add);
    expect(outcome).toMatchObject({ ok: true, document: { id: 'kdoc_1', name: 'paper.pdf', pages: 3, passages: 3 } });
    const other = await ingestFile(
      new File(['# H\n\nx'], 'notes.md'),
      options(library, async () => parsed(['x']), 2),
    );
    expect(other.ok).toBe(true);

    expect((await library.listDocuments()).map((document) => document.name)).toEqual(['paper.pdf', 'notes.md']);
    expect((await library.listPassages(['kdoc_1'])).map((passage) => [passage.id, passage.page])).toEqual([
      ['kdoc_1:0', 1],
      ['kdoc_1:1', 2],
      ['kdoc_1:2', 3],
    ]);
    expect(await library.listPassages()).toHaveLength(4);
    expect(await library.getPassage('kdoc_1:2')).toMatchObject({ text: 'three', page: 3, ordinal: 2 });
    expect(await (await library.getOriginal('kdoc_1'))?.text()).toBe('%PDF-fake');

    await library.deleteDocument('kdoc_1');
    expect((await library.listDocuments()).map((document) => document.name)).toEqual(['notes.md']);
    expect(await library.listPassages(['kdoc_1'])).toEqual([]);
    expect(await library.getPassage('kdoc_1:0')).toBeUndefined();
    expect(await library.getOriginal('kdoc_1')).toBeUndefined();
    expect(await library.listPassages()).toHaveLength(1);
    stop();
    expect(changes).toEqual([
      { type: 'added', documentId: 'kdoc_1' },
      { type: 'added', documentId: 'kdoc_2' },
      { type: 'deleted', documentId: 'kdoc_1' },
    ]);
  });
});

describe('ingestFile refusals', () => {
  const never: IngestFileOptions['parse'] = () => Promise.reject(new Error('must not be read'));

  it('refuses a file over the limit before reading it, and a type it does not read', async () => {
    const library = createMemoryKnowledgeLibrary();
    const huge = { name: 'big.pdf', type: 'application/pdf', size: MAX_KNOWLEDGE_BYTES + 1 } as File;
    expect(await ingestFile(huge, options(library, never))).toEqual({
      ok: false,
      refusal: { kind: 'too-large', limit: MAX_KNOWLEDGE_BYTES },
    });
    const image = new File(['x'], 'photo.png', { type: 'image/png' });
    expect(await ingestFile(image, options(library, never))).toEqual({ ok: false, refusal: { kind: 'unsupported' } });
    expect(await library.listDocuments()).toEqual([]);
  });

  it('keeps a scan marked "no text", stores nothing of an unreadable file, and reports a password needed', async () => {
    const library = createMemoryKnowledgeLibrary();
    const scan = await ingestFile(
      new File(['x'], 'scan.pdf'),
      options(library, async () => parsed([], 2)),
    );
    expect(scan).toMatchObject({ ok: true, document: { pages: 2, passages: 0, problem: { kind: 'no-text' } } });
    const broken = await ingestFile(
      new File(['x'], 'broken.pdf'),
      options(library, () => Promise.reject(new IngestError('unreadable', 'Invalid PDF structure.'))),
    );
    expect(broken).toEqual({ ok: false, refusal: { kind: 'unreadable', detail: 'Invalid PDF structure.' } });
    const locked = await ingestFile(
      new File(['x'], 'locked.pdf'),
      options(library, () => Promise.reject(new IngestError('password', 'wrong-password'))),
    );
    expect(locked).toEqual({ ok: false, refusal: { kind: 'password', wrong: true } });
    expect((await library.listDocuments()).map((document) => document.name)).toEqual(['scan.pdf']);
  });
});

describe('ingestFile with a worker that stores', () => {
  it('gives the worker the database and the new id; a document it stored is announced, not written again', async () => {
    const library = createKnowledgeLibrary(await openTestDb({ name: 'stored-by-worker' }));
    const targets: unknown[] = [];
    const stored = { id: 'kdoc_7', name: 'a.md', format: 'markdown', bytes: 1, passages: 1, addedAt: 1_007 } as const;
    const changes: KnowledgeChange[] = [];
    const stop = onKnowledgeChanged((change) => changes.push(change));
    const outcome = await ingestFile(
      new File(['x'], 'a.md'),
      options(
        library,
        async (_format, _file, { store }) => {
          targets.push(store);
          return { stored };
        },
        7,
      ),
    );
    stop();
    expect(targets).toEqual([{ database: 'stored-by-worker', id: 'kdoc_7', name: 'a.md', size: 1, addedAt: 1_007 }]);
    expect(outcome).toEqual({ ok: true, document: stored });
    expect(changes).toEqual([{ type: 'added', documentId: 'kdoc_7' }]);
    // The page wrote nothing itself: the (fake) worker did not either.
    expect(await library.listDocuments()).toEqual([]);
  });
});

describe('passages stored in chunks', () => {
  it('reads every passage back in order across chunk boundaries, and deletes all of them', async () => {
    const db = await openTestDb();
    const library = createKnowledgeLibrary(db);
    const texts = Array.from({ length: 150 }, (_, index) => `Passage ${index}.`);
    await ingestFile(
      new File(['x'], 'long.pdf'),
      options(library, async () => parsed(texts, 150), 3),
    );
    expect((await db.getAll('knowledgePassages')).map((chunk) => chunk.passages.length)).toEqual([64, 64, 22]);
    expect((await library.listPassages(['kdoc_3'])).map((passage) => passage.text)).toEqual(texts);
    for (const ordinal of [0, 63, 64, 127, 128, 149]) {
      expect(await library.getPassage(`kdoc_3:${ordinal}`)).toMatchObject({ ordinal, text: `Passage ${ordinal}.` });
    }
    expect(await library.getPassage('kdoc_3:150')).toBeUndefined();
    await library.deleteDocument('kdoc_3');
    expect(await db.count('knowledgePassages')).toBe(0);
  });
});
