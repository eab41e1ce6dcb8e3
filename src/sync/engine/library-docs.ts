/**
 * The library's documents: eval datasets and Knowledge documents, as plaintext bodies (encrypted by the exporter
 * like every other body). Ids use the app's random ids only:
 * - `dataset:<id>`: a dataset's name, scorers and times (a small document: edited in place; a concurrent edit of the
 *   name or scorers is a conflict);
 * - `ditem:<datasetId>:<itemId>`: one of its items (written once: items are added and removed, never edited), so two
 *   devices adding items to one dataset never touch the same document, and a large dataset stays many small
 *   documents instead of one over CouchDB's 8 MB;
 * - `kdoc:<id>`: a Knowledge document's metadata and passages (written once: documents are added, never edited);
 * - `kfile:<id>:<n>`: its original file in base64 slices of {@link ORIGINAL_SLICE} bytes, so each stays far under the
 *   8 MB a CouchDB document should (base64 then encryption make a slice about 1.8 times larger).
 * Passage vectors are not synced: the receiving device embeds the passages when semantic recall needs them (vectors
 * depend on the embeddings endpoint each device has; a note's vector travels because notes are few and small).
 */
import { z } from 'zod';
import { fileDatasetSchema } from '../../db/datasets-file.ts';
import type { DatasetWithItems } from '../../db/datasets.ts';
import { fileKnowledgeDocumentSchema, type FileKnowledgeDocument } from '../../db/knowledge-file.ts';
import { idPart, idsOfDocId, type PlainDoc } from './docs.ts';

/** Raw bytes of the original per `kfile:` document. */
export const ORIGINAL_SLICE = 2 * 1024 * 1024;
const SLICE_BASE64 = (ORIGINAL_SLICE / 3) * 4;

export const datasetDocId = (datasetId: string) => `dataset:${idPart(datasetId)}`;
export const ditemPrefix = (datasetId: string) => `ditem:${idPart(datasetId)}:`;
export const ditemDocId = (datasetId: string, itemId: string) => `${ditemPrefix(datasetId)}${idPart(itemId)}`;
export const kdocDocId = (documentId: string) => `kdoc:${idPart(documentId)}`;
export const kfilePrefix = (documentId: string) => `kfile:${idPart(documentId)}:`;
export const kfileDocId = (documentId: string, slice: number) => `${kfilePrefix(documentId)}${slice}`;

/** A `dataset:` body; `items` only in bodies written before items had documents of their own (read, never written). */
export const datasetBodySchema = fileDatasetSchema.extend({ items: fileDatasetSchema.shape.items.optional() });
export const ditemBodySchema = fileDatasetSchema.shape.items.element;
export const kdocBodySchema = fileKnowledgeDocumentSchema.omit({ original: true }).extend({
  original: z.object({ type: z.string().max(200), slices: z.number().int().positive().max(200) }).optional(),
});
export const kfileBodySchema = z.object({ base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) });
export type KdocBody = z.output<typeof kdocBodySchema>;

/** The dataset an id of a `dataset:` or `ditem:` document belongs to. */
export function datasetOfDocId(id: string): string | undefined {
  const kind = id.slice(0, id.indexOf(':'));
  return kind === 'dataset' || kind === 'ditem' ? idsOfDocId(id)[0] : undefined;
}

/** The Knowledge document an id of a `kdoc:` or `kfile:` document belongs to. */
export function knowledgeOfDocId(id: string): string | undefined {
  const kind = id.slice(0, id.indexOf(':'));
  return kind === 'kdoc' || kind === 'kfile' ? idsOfDocId(id)[0] : undefined;
}

/** A dataset's documents: its own, then one per item. */
export function datasetDocs({ items, ...dataset }: DatasetWithItems): PlainDoc[] {
  return [
    { id: datasetDocId(dataset.id), body: dataset },
    ...items.map((item) => ({ id: ditemDocId(dataset.id, item.id), body: item })),
  ];
}

/** A Knowledge document's documents: its metadata and passages, then its original in slices (if it was kept). */
export function knowledgeDocs(document: FileKnowledgeDocument): PlainDoc[] {
  const { original, ...rest } = document;
  const slices: PlainDoc[] = [];
  if (original) {
    // Base64 slices at multiples of 4 characters decode on their own; joined they are the whole file again.
    for (let start = 0, index = 0; start < original.base64.length || index === 0; start += SLICE_BASE64, index += 1)
      slices.push({
        id: kfileDocId(document.id, index),
        body: { base64: original.base64.slice(start, start + SLICE_BASE64) },
      });
  }
  const body: KdocBody = { ...rest, ...(original ? { original: { type: original.type, slices: slices.length } } : {}) };
  return [{ id: kdocDocId(document.id), body }, ...slices];
}

/** The document back from its bodies; undefined when a slice of its original is missing (not arrived yet). */
export function knowledgeOf(body: KdocBody, slices: ReadonlyMap<number, string>): FileKnowledgeDocument | undefined {
  const { original, ...rest } = body;
  if (!original) return rest;
  let base64 = '';
  for (let index = 0; index < original.slices; index += 1) {
    const slice = slices.get(index);
    if (slice === undefined) return undefined;
    base64 += slice;
  }
  return { ...rest, original: { type: original.type, base64 } };
}
