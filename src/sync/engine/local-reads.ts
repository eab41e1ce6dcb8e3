/** Reads of the local PouchDB for the importer: a document, a range of them, a decrypted and checked body. */
import { decryptDoc, type EngineContext } from './context.ts';
import type { PouchDoc } from './pouch.ts';

/** A document of the local PouchDB, or whether it is deleted (a tombstone) or not there. */
export async function readDoc(context: EngineContext, id: string): Promise<PouchDoc | 'deleted' | 'missing'> {
  try {
    return await context.local.get(id);
  } catch (error) {
    return (error as { reason?: string }).reason === 'deleted' ? 'deleted' : 'missing';
  }
}

/** A decrypted body checked against its schema; undefined (counted as failed) when either fails. */
export async function parsed<T>(
  context: EngineContext,
  doc: PouchDoc,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): Promise<T | undefined> {
  const body = await decryptDoc(context, doc);
  if (body === undefined) return undefined;
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  context.failed(doc._id);
  return undefined;
}

export async function docsUnder(context: EngineContext, prefix: string): Promise<PouchDoc[]> {
  const result = await context.local.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true });
  return result.rows.flatMap((row) => (row.doc ? [row.doc] : []));
}

/** Each document's body checked against the schema (decrypted together: SubtleCrypto works off the main thread). */
export async function parsedAll<T>(
  context: EngineContext,
  docs: PouchDoc[],
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): Promise<Array<T | undefined>> {
  return Promise.all(docs.map((doc) => parsed(context, doc, schema)));
}
