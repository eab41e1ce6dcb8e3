// The page's side of the ingest worker: one worker per file, ended when the reply comes or the signal aborts.
import {
  IngestError,
  type IngestProgress,
  type IngestReply,
  type IngestStoreTarget,
  type ParsedDocument,
} from './ingest-types.ts';
import type { KnowledgeDocument, KnowledgeFormat } from './knowledge-types.ts';

export interface ParseInWorkerOptions {
  password?: string;
  signal?: AbortSignal;
  onProgress?: (progress: IngestProgress) => void;
  /** Store the document from the worker (IndexedDB) instead of handing its passages back. */
  store?: IngestStoreTarget;
}

/** What the worker did: parsed the file (the page stores it), or parsed and stored it. */
export type IngestResult = ParsedDocument | { stored: KnowledgeDocument };

/** Parses the file in the ingest worker; rejects with an IngestError, or an AbortError when cancelled. */
export function parseInIngestWorker(
  format: KnowledgeFormat,
  file: Blob,
  options: ParseInWorkerOptions = {},
): Promise<IngestResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./ingest-worker.ts', import.meta.url), {
      type: 'module',
      name: 'glassbox-knowledge',
    });
    const finish = () => {
      worker.terminate();
      options.signal?.removeEventListener('abort', cancel);
    };
    const cancel = () => {
      finish();
      reject(options.signal?.reason ?? new DOMException('Cancelled', 'AbortError'));
    };
    if (options.signal?.aborted) return cancel();
    options.signal?.addEventListener('abort', cancel);
    worker.onmessage = (event: MessageEvent<IngestReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') {
        options.onProgress?.(reply.progress);
      } else if (reply.type === 'done') {
        finish();
        resolve(reply.document);
      } else if (reply.type === 'stored') {
        finish();
        resolve({ stored: reply.document });
      } else if (reply.type === 'failed') {
        finish();
        reject(new IngestError(reply.kind, reply.detail));
      }
      // Anything else is not ours: pdf.js's worker code, loaded in that thread, greets this side with `ready`.
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      reject(new IngestError('unreadable', event.message || 'the parser stopped'));
    };
    worker.postMessage({
      type: 'parse',
      format,
      file,
      ...(options.password !== undefined ? { password: options.password } : {}),
      ...(options.store ? { store: options.store } : {}),
    });
  });
}
