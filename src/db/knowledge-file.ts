// The Knowledge library in an "Export all" file (`knowledge`: each document with its passages and its original file
// as base64) and back on Import. A file without `knowledge` (every older export) imports as before. A document
// already in the library (same id, name and size) is skipped; one whose id is taken by another gets a new id.
import { z } from 'zod';
import type { KnowledgeDocument, Passage } from '../knowledge/knowledge-types.ts';
import { emitKnowledgeChanged, passageId } from '../knowledge/knowledge-events.ts';
import { describeIssues } from './safe-json.ts';
import type { IDBPTransaction } from 'idb';
import type { GlassboxDB } from './schema.ts';
import { chunkPassages } from './knowledge.ts';
import { readStorage, type GlassboxDatabase } from './transaction.ts';

const count = z.number().int().nonnegative();

/** One document of the library in a sessions file. */
export const fileKnowledgeDocumentSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(1000),
  format: z.enum(['pdf', 'markdown', 'text', 'html', 'docx']),
  bytes: count,
  pages: count.optional(),
  addedAt: z.number().finite().nonnegative(),
  problem: z
    .object({ kind: z.enum(['no-text', 'unreadable', 'password']), detail: z.string().max(10_000).optional() })
    .optional(),
  passages: z.array(
    z.object({
      page: z.number().int().positive().optional(),
      headings: z.array(z.string().max(2_000)).max(20).optional(),
      text: z.string().max(100_000),
    }),
  ),
  /** The original file, base64; absent when it was not kept. */
  original: z.object({ type: z.string().max(200), base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) }).optional(),
});

export type FileKnowledgeDocument = z.output<typeof fileKnowledgeDocumentSchema>;

function toBase64(data: ArrayBuffer): string {
  const bytes = new Uint8Array(data);
  let binary = '';
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): ArrayBuffer {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

/** The whole library in the export shape, documents oldest first. */
export async function exportKnowledge(db: GlassboxDatabase): Promise<FileKnowledgeDocument[]> {
  const { documents, passages, originals } = await readStorage(async () => {
    const tx = db.transaction(['knowledgeDocuments', 'knowledgePassages', 'knowledgeOriginals'], 'readonly');
    const [storedDocuments, storedPassages, storedOriginals] = await Promise.all([
      tx.objectStore('knowledgeDocuments').getAll(),
      tx.objectStore('knowledgePassages').getAll(),
      tx.objectStore('knowledgeOriginals').getAll(),
    ]);
    await tx.done;
    return { documents: storedDocuments, passages: storedPassages, originals: storedOriginals };
  });
  const original = new Map(originals.map((record) => [record.documentId, record]));
  return documents
    .sort((a, b) => a.addedAt - b.addedAt)
    .map(({ passages: _count, ...document }) => {
      const kept = original.get(document.id);
      return {
        ...document,
        passages: passages
          .flatMap((chunk) => (chunk.documentId === document.id ? chunk.passages : []))
          .map(({ text, page, headings }) => ({ text, ...(page ? { page } : {}), ...(headings ? { headings } : {}) })),
        ...(kept ? { original: { type: kept.type, base64: toBase64(kept.data) } } : {}),
      };
    });
}

/** Validates a file's `knowledge`: the documents, or the error naming the field. */
export function readFileKnowledge(
  raw: unknown,
  fileName: string,
): { ok: true; documents: FileKnowledgeDocument[] } | { ok: false; error: string } {
  if (raw === undefined) return { ok: true, documents: [] };
  const parsed = z.array(fileKnowledgeDocumentSchema).safeParse(raw);
  if (!parsed.success)
    return { ok: false, error: `${fileName}: ${describeIssues(parsed.error.issues, ['knowledge'])}` };
  return { ok: true, documents: parsed.data };
}

/** The stores a knowledge import writes. */
export const KNOWLEDGE_STORES = ['knowledgeDocuments', 'knowledgePassages', 'knowledgeOriginals'] as const;

type KnowledgeTransaction = IDBPTransaction<GlassboxDB, Array<(typeof KNOWLEDGE_STORES)[number]>, 'readwrite'>;

/**
 * Writes the documents of an import inside the import's transaction (all or nothing with its sessions); returns the
 * ids of those added (a document already there is skipped). The caller announces them once the transaction is done.
 */
export async function importKnowledge(
  tx: KnowledgeTransaction,
  documents: readonly FileKnowledgeDocument[],
  newId: () => string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const { passages, original, ...file } of documents) {
    const existing = await tx.objectStore('knowledgeDocuments').get(file.id);
    if (existing && existing.name === file.name && existing.bytes === file.bytes) continue;
    const id = existing || ids.includes(file.id) ? newId() : file.id;
    const document: KnowledgeDocument = { ...file, id, passages: passages.length };
    const records: Passage[] = passages.map((passage, ordinal) => ({
      ...passage,
      id: passageId(id, ordinal),
      documentId: id,
      ordinal,
    }));
    const stored = original && { documentId: id, type: original.type, data: fromBase64(original.base64) };
    await Promise.all([
      tx.objectStore('knowledgeDocuments').put(document),
      ...chunkPassages(id, records).map((chunk) => tx.objectStore('knowledgePassages').put(chunk)),
      ...(stored ? [tx.objectStore('knowledgeOriginals').put(stored)] : []),
    ]);
    ids.push(id);
  }
  return ids;
}

/** Announces the documents an import added (after its transaction committed). */
export function announceImportedKnowledge(documentIds: readonly string[]): void {
  for (const documentId of documentIds) emitKnowledgeChanged({ type: 'added', documentId });
}
