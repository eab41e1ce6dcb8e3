/**
 * The contract between ingestion (parsing documents into passages and storing them: src/knowledge/ingest*, the
 * Knowledge dialog) and retrieval (the `search_knowledge` tool, citations, the Passage dialog). Types only.
 */

export type KnowledgeFormat = 'pdf' | 'markdown' | 'text' | 'html' | 'docx';

export interface KnowledgeDocument {
  id: string;
  /** The file name as listed; `search_knowledge`'s `documents` argument names documents by it. */
  name: string;
  format: KnowledgeFormat;
  bytes: number;
  /** PDF: the page count. */
  pages?: number;
  passages: number;
  addedAt: number;
  /** Set when nothing could be indexed: 'no-text' (a scanned PDF) or the reason it could not be read. */
  problem?: { kind: 'no-text' | 'unreadable' | 'password'; detail?: string };
}

export interface Passage {
  /** `${documentId}:${ordinal}` */
  id: string;
  documentId: string;
  ordinal: number;
  /** PDF: the page in the file's own order, from 1. */
  page?: number;
  /** Markdown, HTML, DOCX: the heading path, e.g. ['Install', 'Linux']. */
  headings?: string[];
  /** Ends at a sentence or paragraph boundary. */
  text: string;
}

/** Storage of the library (IndexedDB); the originals may live in OPFS for rendering PDF pages. */
export interface KnowledgeStore {
  listDocuments(): Promise<KnowledgeDocument[]>;
  /** All passages, or those of the given document ids. */
  listPassages(documentIds?: readonly string[]): Promise<Passage[]>;
  getPassage(id: string): Promise<Passage | undefined>;
  /** The original file (for rendering a PDF page in the Passage dialog). */
  getOriginal(documentId: string): Promise<Blob | undefined>;
}
