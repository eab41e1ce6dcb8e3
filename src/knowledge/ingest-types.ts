// What the ingest worker and the page say to each other, and the errors of parsing.
import type { KnowledgeFormat } from './knowledge-types.ts';
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

/** The page asks the worker to parse a file (the bytes are transferred), or to stop. */
export type IngestRequest =
  | { type: 'parse'; format: KnowledgeFormat; data: ArrayBuffer; password?: string }
  | { type: 'cancel' }
  /** The bench's yardstick: pdf.js's own text loop on the same bytes (`getTextContent` per page, nothing else). */
  | { type: 'text-loop'; data: ArrayBuffer };

/** The worker's replies: progress, then the document or the failure. */
export type IngestReply =
  | { type: 'progress'; progress: IngestProgress }
  | { type: 'done'; document: ParsedDocument }
  | { type: 'failed'; kind: 'password' | 'unreadable'; detail: string }
  | { type: 'text-loop-done'; pages: number; items: number };
