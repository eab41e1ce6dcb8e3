import { unwrap, type IDBPTransaction } from 'idb';
import type { Note } from '../tools/tool-context.ts';
import { invalidateNotesIndex } from './notes.ts';
import {
  announceImportedKnowledge,
  importKnowledge,
  KNOWLEDGE_STORES,
  type FileKnowledgeDocument,
} from './knowledge-file.ts';
import { importDatasets, type DatasetWithItems } from './datasets.ts';
import type { ImportedNoteVector } from './note-vector-file.ts';
import type {
  AttachmentRecord,
  GlassboxDB,
  MessageRecord,
  NoteVectorRecord,
  SessionRecord,
  SpanRecord,
  ToolStateRecord,
} from './schema.ts';
import { chunkMessages } from './message-chunks.ts';
import type { FileSession } from './session-file-schema.ts';
import { chunkSpans } from './spans.ts';
import type { Postings } from './search-index.ts';
import { loadedSearchIndex, loadSearchIndex } from './search-index-state.ts';
import { clashes, type UsedIds } from './import-clashes.ts';
import { runTransaction, type GlassboxDatabase } from './transaction.ts';

/** Prefixes of the ids an import may need; `span` ids must be 16 lowercase hex characters. */
export type ImportIdPrefix = 'sess' | 'msg' | 'span' | 'note' | 'file' | 'kdoc' | 'dataset' | 'item';

/** How new ids are made when an import needs them (clashes, ChatGPT conversations). */
export interface ImportOptions {
  newId: (prefix: ImportIdPrefix) => string;
}

/** What an import wrote. */
export interface ImportResult {
  /** The imported sessions' ids (new ids for copies), in file order. */
  sessionIds: string[];
  /** The first imported session as written (messages in seq order, spans by start time): it can be shown without reading it back. */
  first?: { session: SessionRecord; messages: MessageRecord[]; spans: SpanRecord[] };
  /** Sessions imported as copies because their ids already existed. */
  copies: number;
  /** Notes written (notes already present unchanged are skipped). */
  notes: number;
  /** Knowledge documents added (those already in the library are skipped). */
  documents: string[];
}

interface ImportSource {
  sessions: ReadonlyArray<FileSession & { source: 'glassbox' | 'chatgpt' }>;
  notes: readonly Note[];
  /** The notes' embeddings, keyed by the notes' ids in the file; stored under the ids the notes get. */
  noteVectors?: readonly ImportedNoteVector[];
  /** The Knowledge library of an "Export all" file (knowledge-file.ts). */
  knowledge?: readonly FileKnowledgeDocument[];
  /** Eval datasets with their items (Export all). */
  datasets?: readonly DatasetWithItems[];
}

/** The records an import writes for one session. */
export interface SessionRecords {
  session: SessionRecord;
  messages: MessageRecord[];
  spans: SpanRecord[];
  toolState: ToolStateRecord[];
  attachments: AttachmentRecord[];
}

type IdMapper = (id: string) => string;

/** Builds a session's records, renaming every id through `rename` and linking everything to the session. */
function toRecords(
  file: FileSession,
  sessionId: string,
  renameMessage: IdMapper,
  renameSpan: IdMapper,
  renameFile: IdMapper,
): SessionRecords {
  const spanIds = new Set(file.spans.map((span) => span.spanId));
  const messages: MessageRecord[] = file.messages.map((message) => {
    const record: MessageRecord = {
      ...message,
      id: renameMessage(message.id),
      sessionId,
      runId: renameSpan(message.runId),
    };
    if (message.spanId !== undefined) {
      if (spanIds.has(message.spanId)) record.spanId = renameSpan(message.spanId);
      else delete record.spanId;
    }
    return record;
  });
  const spans: SpanRecord[] = file.spans.map((span) => {
    const record: SpanRecord = { ...span, sessionId, spanId: renameSpan(span.spanId), runId: renameSpan(span.runId) };
    if (span.parentSpanId !== undefined) {
      if (spanIds.has(span.parentSpanId)) record.parentSpanId = renameSpan(span.parentSpanId);
      else delete record.parentSpanId;
    }
    return record;
  });
  const lastSeq = file.messages.at(-1)?.seq ?? -1;
  const session: SessionRecord = {
    id: sessionId,
    title: file.title,
    titleEdited: file.titleEdited,
    createdAt: file.createdAt,
    updatedAt: file.updatedAt,
    messageCount: messages.length,
    spanCount: spans.length,
    nextSeq: lastSeq + 1,
    // Nothing runs an imported session: a run in progress when it was exported counts as interrupted.
    status: file.status === 'running' ? 'interrupted' : file.status,
  };
  if (file.activeRunId !== undefined) session.activeRunId = renameSpan(file.activeRunId);
  if (file.lastError !== undefined) session.lastError = file.lastError;
  if (file.summary !== undefined) session.summary = { ...file.summary };
  if (file.forkedFrom !== undefined) session.forkedFrom = { ...file.forkedFrom };
  if (file.overrides !== undefined && (file.overrides.model !== undefined || file.overrides.systemPrompt !== undefined))
    session.overrides = { ...file.overrides };
  return {
    session,
    messages,
    spans,
    toolState: file.toolState.map((entry) => ({
      sessionId,
      key: entry.key,
      value: entry.value,
      updatedAt: entry.updatedAt,
    })),
    attachments: file.attachments.map((attachment) => ({ ...attachment, id: renameFile(attachment.id), sessionId })),
  };
}

/** A renaming that gives each distinct old id one new id. */
function freshIds(make: () => string): IdMapper {
  const assigned = new Map<string, string>();
  return (id) => {
    let fresh = assigned.get(id);
    if (fresh === undefined) {
      fresh = make();
      assigned.set(id, fresh);
    }
    return fresh;
  };
}

const keep: IdMapper = (id) => id;

/** A session's records as an import writes them: under its own ids, or as a copy with every id renewed and links remapped. */
export function importRecords(
  file: FileSession,
  copy: boolean,
  newId: (prefix: ImportIdPrefix) => string,
): SessionRecords {
  if (!copy) return toRecords(file, file.id, keep, keep, keep);
  return toRecords(
    file,
    newId('sess'),
    freshIds(() => newId('msg')),
    freshIds(() => newId('span')),
    freshIds(() => newId('file')),
  );
}

/**
 * The stored embedding of an imported note, under the id the note got. It keeps the hash of the text it was computed
 * from: when that is not the note's text (edited since, or in the file), recall embeds the note again.
 */
export function importedVectorRecord(noteId: string, vector: ImportedNoteVector): NoteVectorRecord {
  return {
    noteId,
    model: vector.model,
    dimensions: vector.dimensions,
    vector: vector.vector,
    textHash: vector.textHash,
  };
}

function sameNote(a: Note, b: Note): boolean {
  return a.content === b.content && a.tags.join('\u0000') === b.tags.join('\u0000');
}

function markUsed(used: UsedIds, records: ReturnType<typeof importRecords>): void {
  used.sessions.add(records.session.id);
  for (const message of records.messages) used.messages.add(message.id);
  for (const span of records.spans) used.spans.add(span.spanId);
  for (const attachment of records.attachments) used.files.add(attachment.id);
}

type SessionStoreName =
  | 'sessions'
  | 'messageChunks'
  | 'spanChunks'
  | 'toolState'
  | 'attachments'
  | 'notes'
  | 'noteVectors'
  | 'searchIndex'
  | 'datasets'
  | 'datasetItems';
type ImportStoreName = SessionStoreName | (typeof KNOWLEDGE_STORES)[number];
const IMPORT_STORES: ImportStoreName[] = [
  'sessions',
  'messageChunks',
  'spanChunks',
  'toolState',
  'attachments',
  'notes',
  'noteVectors',
  'searchIndex',
  ...KNOWLEDGE_STORES,
  'datasets',
  'datasetItems',
];
type ImportTransaction = IDBPTransaction<GlassboxDB, ImportStoreName[], 'readwrite'>;

/** Writes the notes (a note already stored unchanged is skipped, one whose id is taken gets a new id); how many. */
async function importNotes(
  tx: ImportTransaction,
  parsed: ImportSource,
  newId: ImportOptions['newId'],
): Promise<number> {
  const store = tx.objectStore('notes');
  let notes = 0;
  const usedNotes = new Set<string>();
  const vectors = new Map((parsed.noteVectors ?? []).map((entry) => [entry.noteId, entry]));
  for (const note of parsed.notes) {
    const existing = await store.get(note.id);
    if (existing && sameNote(existing, note)) continue;
    const id = existing || usedNotes.has(note.id) ? newId('note') : note.id;
    usedNotes.add(id);
    await store.add({ ...note, id });
    notes += 1;
    // Its embedding comes back with it: recall need not ask the endpoint again (unless the model differs).
    const vector = vectors.get(note.id);
    if (vector) unwrap(tx.objectStore('noteVectors')).put(importedVectorRecord(id, vector));
  }
  return notes;
}

/**
 * Writes a validated import in one transaction: nothing is overwritten (a session whose ids already exist
 * is imported as a copy with new ids, links remapped) and on any failure nothing is written.
 */
export async function importParsed(
  db: GlassboxDatabase,
  parsed: ImportSource,
  options: ImportOptions,
): Promise<ImportResult> {
  const searchIndex = loadedSearchIndex() ?? (await loadSearchIndex());
  const result = await runTransaction(db, IMPORT_STORES, 'readwrite', async (tx) => {
    const stores = {
      sessions: tx.objectStore('sessions'),
      messageChunks: tx.objectStore('messageChunks'),
      spanChunks: tx.objectStore('spanChunks'),
      toolState: tx.objectStore('toolState'),
      attachments: tx.objectStore('attachments'),
    };
    const used: UsedIds = { sessions: new Set(), messages: new Set(), spans: new Set(), files: new Set() };
    const sessionIds: string[] = [];
    let first: ImportResult['first'];
    let copies = 0;
    // Every imported message's terms, written as one batch of index rows with the records.
    const postings: Postings = new Map();

    for (const file of parsed.sessions) {
      let fresh = file.source === 'chatgpt';
      if (!fresh) {
        fresh = await clashes(file, used, {
          sessions: stores.sessions,
          messages: stores.messageChunks.index('by-message'),
          runs: stores.spanChunks.index('by-run'),
          attachments: stores.attachments,
        });
        if (fresh) copies += 1;
      }
      const records = importRecords(file, fresh, options.newId);
      markUsed(used, records);
      sessionIds.push(records.session.id);
      first ??= {
        session: records.session,
        messages: [...records.messages].sort((a, b) => a.seq - b.seq),
        spans: [...records.spans].sort((a, b) => a.startTime - b.startTime),
      };
      // Plain requests, no promise each: thousands of records cost a fraction. A failing one (a key that
      // exists after all) aborts the transaction, and runTransaction reports it with nothing written.
      unwrap(stores.sessions).add(records.session);
      for (const record of chunkMessages(records.messages)) unwrap(stores.messageChunks).add(record);
      for (const record of chunkSpans(records.spans)) unwrap(stores.spanChunks).add(record);
      for (const record of records.toolState) unwrap(stores.toolState).add(record);
      for (const record of records.attachments) unwrap(stores.attachments).add(record);
      searchIndex.addPostings(postings, records.messages);
    }
    searchIndex.putPostings(unwrap(tx.objectStore('searchIndex')), postings, searchIndex.batchBucket('import'));
    const notes = await importNotes(tx, parsed, options.newId);
    // The transaction holds the knowledge stores too (IMPORT_STORES); the type lists them alone.
    const knowledgeTx = tx as unknown as Parameters<typeof importKnowledge>[0];
    const documents = await importKnowledge(knowledgeTx, parsed.knowledge ?? [], () => options.newId('kdoc'));
    await importDatasets(tx, parsed.datasets ?? [], options.newId);
    return { sessionIds, copies, notes, documents, ...(first ? { first } : {}) };
  });
  if (result.notes > 0) invalidateNotesIndex(db);
  announceImportedKnowledge(result.documents);
  return result;
}
