// Tells whoever keeps something derived from the library (the retrieval index) that it changed. Every write goes
// through a `KnowledgeLibrary` made by `withKnowledgeEvents`, so each added or deleted document is announced once.
import { createEmitter } from '../emitter.ts';
import type { KnowledgeDocument, KnowledgeStore, Passage } from './knowledge-types.ts';

/** What changed in the library. */
export type KnowledgeChange = { type: 'added'; documentId: string } | { type: 'deleted'; documentId: string };

export type KnowledgeListener = (change: KnowledgeChange) => void;

const changes = createEmitter<KnowledgeChange>('knowledge');

/** Calls `listener` after each document added or deleted (in this tab); returns the function that stops it. */
export const onKnowledgeChanged = (listener: KnowledgeListener): (() => void) => changes.on(listener);

/** Announces a change to every listener; one that throws does not keep the others from hearing it. */
export const emitKnowledgeChanged = (change: KnowledgeChange): void => changes.emit(change);

/** The library as the app uses it: the retrieval contract plus adding and deleting documents. */
export interface KnowledgeLibrary extends KnowledgeStore {
  /**
   * The IndexedDB database holding the library, when it is one: the ingest worker then stores the documents it
   * parses there itself (the page is spared the passages and the writes) and the page announces them.
   */
  database?: string;
  /** Stores a parsed document with its passages and original file in one go. */
  addDocument(document: KnowledgeDocument, passages: readonly Passage[], original: Blob): Promise<void>;
  /** Removes the document, its passages and its original. */
  deleteDocument(documentId: string): Promise<void>;
}

/** The same library, announcing each document added or deleted once the write is done. */
export function withKnowledgeEvents(library: KnowledgeLibrary): KnowledgeLibrary {
  return {
    ...library,
    addDocument: async (document, passages, original) => {
      await library.addDocument(document, passages, original);
      emitKnowledgeChanged({ type: 'added', documentId: document.id });
    },
    deleteDocument: async (documentId) => {
      await library.deleteDocument(documentId);
      emitKnowledgeChanged({ type: 'deleted', documentId });
    },
  };
}

/** The passage id of a document's nth passage, and back. */
export function passageId(documentId: string, ordinal: number): string {
  return `${documentId}:${ordinal}`;
}

export function parsePassageId(id: string): { documentId: string; ordinal: number } | undefined {
  const colon = id.lastIndexOf(':');
  const ordinal = Number(id.slice(colon + 1));
  if (colon <= 0 || !Number.isInteger(ordinal) || ordinal < 0) return undefined;
  return { documentId: id.slice(0, colon), ordinal };
}

export type { Passage };
