// What the ingest worker and the page say to each other, and the errors of parsing.
import type { KnowledgeDocument, KnowledgeFormat } from './knowledge-types.ts';
import type { PassageDraft } from './split-passages.ts';

/** Pages (PDF) or steps done of the total. */
export interface IngestProgress {
  done: number;
  total: number;
}

/** Why a file gives no passages: a password is needed (or was wrong), or it cannot be read (`detail` says why). */
export class IngestError extends Error {
  constructor(
    readonly kind: 'password' | 'unreadable',
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'IngestError';
  }
}

/** A parsed file: its passages (none for a scan) and, for a PDF, its page count. */
export interface ParsedDocument {
  format: KnowledgeFormat;
  pages?: number;
  passages: PassageDraft[];
}

/**
 * Where the worker stores what it parsed itself (the IndexedDB database of the library, and the new document's
 * id, name, size and time), so neither the passages nor the writes pass through the page.
 */
export interface IngestStoreTarget {
  database: string;
  id: string;
  name: string;
  size: number;
  addedAt: number;
}

/** The page asks the worker to parse a file (and store it, given a target), or to stop. */
export type IngestRequest =
  | { type: 'parse'; format: KnowledgeFormat; file: Blob; password?: string; store?: IngestStoreTarget }
  | { type: 'cancel' }
  /** The bench's yardstick: pdf.js's own text loop on the same bytes (`getTextContent` per page, nothing else). */
  | { type: 'text-loop'; data: ArrayBuffer };

/** The worker's replies: progress, then the document parsed (or stored), or the failure. */
export type IngestReply =
  | { type: 'progress'; progress: IngestProgress }
  | { type: 'done'; document: ParsedDocument }
  | { type: 'stored'; document: KnowledgeDocument }
  | { type: 'failed'; kind: 'password' | 'unreadable'; detail: string }
  | { type: 'text-loop-done'; pages: number; items: number };
