// Parses one document off the page: pdf.js runs here with its own worker code in this same thread (no second worker
// to start; `globalThis.pdfjsWorker` is how pdf.js takes it), mammoth converts DOCX, the rest is this module's code.
// The page starts a worker per file and ends it when the reply comes (or on Cancel, which also just ends it).
import * as pdfjs from 'pdfjs-dist';
import * as pdfjsWorker from 'pdfjs-dist/build/pdf.worker.mjs';
import mammoth from 'mammoth';
import { addKnowledgeDocument } from '../db/knowledge.ts';
import { openGlassboxDb } from '../db/open-db.ts';
import { toStoredDocument } from './ingest-file.ts';
import {
  IngestError,
  type IngestReply,
  type IngestRequest,
  type IngestStoreTarget,
  type ParsedDocument,
} from './ingest-types.ts';
import type { KnowledgeDocument } from './knowledge-types.ts';
import { parseDocument } from './parse-document.ts';
import { bundledCMapFactory, fetchAssetBytes } from './pdf-cmaps.ts';

// pdf.js's worker code, seeing a worker scope, also listens on this scope's port (it answers only messages addressed
// to it) and posts a `ready` the page ignores.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

interface WorkerScope {
  postMessage(message: IngestReply): void;
  onmessage: ((event: MessageEvent<IngestRequest>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const controller = new AbortController();
/** The bundled CMaps, served to pdf.js from this thread (no `document` here for pdf.js's own worker fetch check). */
const cMaps = { BinaryDataFactory: bundledCMapFactory(fetchAssetBytes), useWorkerFetch: false };

/** Stores the parsed document in the library's database from here (see IngestStoreTarget). */
async function store(target: IngestStoreTarget, parsed: ParsedDocument, file: Blob): Promise<KnowledgeDocument> {
  const { document, passages } = toStoredDocument(target, parsed, target.id, target.addedAt);
  const db = await openGlassboxDb({ name: target.database });
  try {
    await addKnowledgeDocument(db, document, passages, file);
  } finally {
    db.close();
  }
  return document;
}

async function parse(request: Extract<IngestRequest, { type: 'parse' }>): Promise<void> {
  try {
    const document = await parseDocument(request.format, await request.file.arrayBuffer(), {
      pdfjs,
      mammoth,
      cMaps,
      ...(request.password !== undefined ? { password: request.password } : {}),
      signal: controller.signal,
      onProgress: (progress) => scope.postMessage({ type: 'progress', progress }),
    });
    controller.signal.throwIfAborted();
    if (request.store)
      scope.postMessage({ type: 'stored', document: await store(request.store, document, request.file) });
    else scope.postMessage({ type: 'done', document });
  } catch (error) {
    if (controller.signal.aborted) return;
    const failure =
      error instanceof IngestError
        ? error
        : new IngestError('unreadable', error instanceof Error ? error.message : String(error));
    scope.postMessage({ type: 'failed', kind: failure.kind, detail: failure.detail });
  }
}

/** pdf.js's plain loop over every page's text, for the bench to compare the ingest's pages per second with. */
async function textLoop(data: ArrayBuffer): Promise<void> {
  const task = pdfjs.getDocument({ data: new Uint8Array(data), verbosity: 0 });
  const document = await task.promise;
  let items = 0;
  for (let page = 1; page <= document.numPages; page += 1) {
    items += (await (await document.getPage(page)).getTextContent()).items.length;
  }
  scope.postMessage({ type: 'text-loop-done', pages: document.numPages, items });
  await task.destroy();
}

scope.onmessage = (event) => {
  if (event.data.type === 'cancel') controller.abort();
  else if (event.data.type === 'text-loop') void textLoop(event.data.data);
  else void parse(event.data);
};
