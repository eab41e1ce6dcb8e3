// Adds one file to the library: refused before reading when too large or of another type; parsed (in the worker);
// stored with its passages and original. A scan (no text) is kept and marked; an unreadable file is not stored;
// a PDF that needs a password is reported so the page can ask for it. Nothing here touches another document.
import { knowledgeFormatOf, MAX_KNOWLEDGE_BYTES } from './accept-file.ts';
import { emitKnowledgeChanged, passageId, type KnowledgeLibrary } from './knowledge-events.ts';
import { IngestError, type IngestProgress, type IngestStoreTarget, type ParsedDocument } from './ingest-types.ts';
import type { KnowledgeDocument, KnowledgeFormat, Passage } from './knowledge-types.ts';

/** Why a file was not added. */
export type IngestRefusal =
  | { kind: 'too-large'; limit: number }
  | { kind: 'unsupported' }
  | { kind: 'unreadable'; detail: string }
  | { kind: 'password'; wrong: boolean };

export type IngestOutcome = { ok: true; document: KnowledgeDocument } | { ok: false; refusal: IngestRefusal };

export interface IngestFileOptions {
  library: KnowledgeLibrary;
  /**
   * Parses the file (the ingest worker in the app); given `store`, it may store the document itself and say so
   * (`stored`), else the passages come back and are stored here.
   */
  parse: (
    format: KnowledgeFormat,
    file: Blob,
    options: {
      password?: string;
      signal?: AbortSignal;
      onProgress?: (progress: IngestProgress) => void;
      store?: IngestStoreTarget;
    },
  ) => Promise<ParsedDocument | { stored: KnowledgeDocument }>;
  newId: () => string;
  now: () => number;
  password?: string;
  signal?: AbortSignal;
  onProgress?: (progress: IngestProgress) => void;
}

/** The stored document and passages of a parsed file. */
export function toStoredDocument(
  file: { name: string; size: number },
  parsed: ParsedDocument,
  id: string,
  addedAt: number,
): { document: KnowledgeDocument; passages: Passage[] } {
  const passages = parsed.passages.map((draft, ordinal) => ({
    ...draft,
    id: passageId(id, ordinal),
    documentId: id,
    ordinal,
  }));
  const document: KnowledgeDocument = {
    id,
    name: file.name,
    format: parsed.format,
    bytes: file.size,
    passages: passages.length,
    addedAt,
  };
  if (parsed.pages !== undefined) document.pages = parsed.pages;
  if (passages.length === 0) document.problem = { kind: 'no-text' };
  return { document, passages };
}

/** Adds a file; rejects only with the signal's abort (Cancel) or a storage error. */
export async function ingestFile(file: File, options: IngestFileOptions): Promise<IngestOutcome> {
  if (file.size > MAX_KNOWLEDGE_BYTES) return { ok: false, refusal: { kind: 'too-large', limit: MAX_KNOWLEDGE_BYTES } };
  const format = knowledgeFormatOf(file.name, file.type);
  if (!format) return { ok: false, refusal: { kind: 'unsupported' } };
  const id = options.newId();
  const addedAt = options.now();
  const store = options.library.database
    ? { database: options.library.database, id, name: file.name, size: file.size, addedAt }
    : undefined;
  let parsed: ParsedDocument | { stored: KnowledgeDocument };
  try {
    parsed = await options.parse(format, file, {
      ...(options.password !== undefined ? { password: options.password } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(store ? { store } : {}),
    });
  } catch (error) {
    options.signal?.throwIfAborted();
    if (!(error instanceof IngestError)) throw error;
    if (error.kind === 'password')
      return { ok: false, refusal: { kind: 'password', wrong: error.detail === 'wrong-password' } };
    return { ok: false, refusal: { kind: 'unreadable', detail: error.detail } };
  }
  if ('stored' in parsed) {
    emitKnowledgeChanged({ type: 'added', documentId: parsed.stored.id });
    return { ok: true, document: parsed.stored };
  }
  options.signal?.throwIfAborted();
  const { document, passages } = toStoredDocument(file, parsed, id, addedAt);
  await options.library.addDocument(document, passages, file);
  return { ok: true, document };
}
