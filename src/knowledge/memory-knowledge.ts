// The library in memory, for when IndexedDB cannot be used (the app's memory storage) and for tests.
import { parsePassageId, withKnowledgeEvents, type KnowledgeLibrary } from './knowledge-events.ts';
import type { KnowledgeDocument, Passage } from './knowledge-types.ts';

/** A library held in this page only; its writes are announced like the stored one's. */
export function createMemoryKnowledgeLibrary(): KnowledgeLibrary {
  const documents = new Map<string, KnowledgeDocument>();
  const passages = new Map<string, Passage[]>();
  const originals = new Map<string, Blob>();
  return withKnowledgeEvents({
    listDocuments: async () => [...documents.values()].sort((a, b) => a.addedAt - b.addedAt),
    listPassages: async (documentIds) => (documentIds ?? [...passages.keys()]).flatMap((id) => passages.get(id) ?? []),
    getPassage: async (id) => {
      const key = parsePassageId(id);
      return key && passages.get(key.documentId)?.[key.ordinal];
    },
    getOriginal: async (documentId) => originals.get(documentId),
    addDocument: async (document, documentPassages, original) => {
      documents.set(document.id, document);
      passages.set(
        document.id,
        [...documentPassages].sort((a, b) => a.ordinal - b.ordinal),
      );
      originals.set(document.id, original);
    },
    deleteDocument: async (documentId) => {
      documents.delete(documentId);
      passages.delete(documentId);
      originals.delete(documentId);
    },
  });
}
