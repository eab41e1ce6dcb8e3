// What the Knowledge dialog does with the library: list, add a file (parsed in the ingest worker), delete.
import { ingestFile, type IngestOutcome } from '../../knowledge/ingest-file.ts';
import { parseInIngestWorker } from '../../knowledge/ingest-client.ts';
import type { KnowledgeLibrary } from '../../knowledge/knowledge-events.ts';
import type { IngestProgress } from '../../knowledge/ingest-types.ts';
import { services } from '../services.ts';

/** The app's library (IndexedDB, or memory when storage is unusable). */
export function knowledgeLibrary(): Promise<KnowledgeLibrary> {
  return services().persistence.knowledge();
}

/** Adds one file to the library; see `ingestFile` for what is refused and why. */
export async function addKnowledgeFile(
  file: File,
  options: { password?: string; signal?: AbortSignal; onProgress?: (progress: IngestProgress) => void } = {},
): Promise<IngestOutcome> {
  const { newId, now } = services();
  return ingestFile(file, {
    library: await knowledgeLibrary(),
    parse: parseInIngestWorker,
    newId: () => newId('kdoc'),
    now,
    ...options,
  });
}

/** Deletes a document with its passages and original. */
export async function deleteKnowledgeDocument(documentId: string): Promise<void> {
  await (await knowledgeLibrary()).deleteDocument(documentId);
}
