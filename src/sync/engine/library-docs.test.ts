import { describe, expect, it } from 'vitest';
import type { FileKnowledgeDocument } from '../../db/knowledge-file.ts';
import {
  ORIGINAL_SLICE,
  datasetBodySchema,
  datasetDocs,
  datasetOfDocId,
  ditemBodySchema,
  kdocBodySchema,
  kfileBodySchema,
  knowledgeDocs,
  knowledgeOf,
  knowledgeOfDocId,
} from './library-docs.ts';

function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

const document = (original?: FileKnowledgeDocument['original']): FileKnowledgeDocument => ({
  id: 'kdoc_abc',
  name: 'guide.md',
  format: 'markdown',
  bytes: 42,
  addedAt: 1_000,
  passages: [{ text: 'Install the tool.', headings: ['Install'] }, { text: '第二段' }],
  ...(original ? { original } : {}),
});

/** The document read back from the bodies of its documents, after a JSON round trip and the schemas. */
function roundTrip(docs: ReturnType<typeof knowledgeDocs>): FileKnowledgeDocument | undefined {
  const [meta, ...slices] = docs.map((doc) => ({ ...doc, body: JSON.parse(JSON.stringify(doc.body)) as unknown }));
  const body = kdocBodySchema.parse(meta?.body);
  const parts = new Map(
    slices.map((slice) => [Number(slice.id.split(':')[2]), kfileBodySchema.parse(slice.body).base64]),
  );
  return knowledgeOf(body, parts);
}

describe('library documents', () => {
  it('keeps a dataset under dataset:<id> and each item under ditem:<datasetId>:<itemId>', () => {
    const record = {
      id: 'ds_1',
      name: 'Arithmetic',
      scorers: [{ kind: 'exact' as const, enabled: true }],
      createdAt: 1,
      updatedAt: 2,
    };
    const items = [
      { id: 'item_1', datasetId: 'ds_1', input: '(128+374)*2', expected: '1004', createdAt: 3 },
      { id: 'item_2', datasetId: 'ds_1', input: '2+2', createdAt: 4 },
    ];
    const docs = datasetDocs({ ...record, items }).map((doc) => ({
      ...doc,
      body: JSON.parse(JSON.stringify(doc.body)) as unknown,
    }));
    expect(docs.map((doc) => doc.id)).toEqual(['dataset:ds_1', 'ditem:ds_1:item_1', 'ditem:ds_1:item_2']);
    expect(docs.map((doc) => datasetOfDocId(doc.id))).toEqual(['ds_1', 'ds_1', 'ds_1']);
    expect(datasetBodySchema.parse(docs[0]?.body)).toEqual(record);
    expect(docs.slice(1).map((doc) => ditemBodySchema.parse(doc.body))).toEqual(items);
    expect(datasetOfDocId('kdoc:ds_1')).toBeUndefined();
  });

  it('keeps a Knowledge document without an original as one kdoc document', () => {
    const docs = knowledgeDocs(document());
    expect(docs.map((doc) => doc.id)).toEqual(['kdoc:kdoc_abc']);
    expect(roundTrip(docs)).toEqual(document());
  });

  it('slices a large original under the document size limit and joins the slices back byte for byte', () => {
    const bytes = new Uint8Array(ORIGINAL_SLICE * 2 + 5).map((_, index) => (index * 7919) % 256);
    const original = { type: 'application/pdf', base64: base64Of(bytes) };
    const docs = knowledgeDocs(document(original));
    expect(docs.map((doc) => doc.id)).toEqual([
      'kdoc:kdoc_abc',
      'kfile:kdoc_abc:0',
      'kfile:kdoc_abc:1',
      'kfile:kdoc_abc:2',
    ]);
    // Each slice's JSON body stays far under CouchDB's 8 MB before encryption (which adds about a third).
    for (const doc of docs) expect(JSON.stringify(doc.body).length).toBeLessThan(4 * 1024 * 1024);
    const back = roundTrip(docs);
    expect(back?.original?.type).toBe('application/pdf');
    expect(Buffer.from(back?.original?.base64 ?? '', 'base64').equals(Buffer.from(bytes))).toBe(true);
    expect(docs.every((doc) => knowledgeOfDocId(doc.id) === 'kdoc_abc')).toBe(true);
  });

  it('keeps an empty original as one empty slice', () => {
    const back = roundTrip(knowledgeDocs(document({ type: 'text/plain', base64: '' })));
    expect(back?.original).toEqual({ type: 'text/plain', base64: '' });
  });

  it('waits for a slice that has not arrived', () => {
    const original = { type: 'text/markdown', base64: base64Of(new Uint8Array(ORIGINAL_SLICE + 1)) };
    const [meta] = knowledgeDocs(document(original));
    expect(knowledgeOf(kdocBodySchema.parse(meta?.body), new Map([[0, 'AAAA']]))).toBeUndefined();
  });
});
