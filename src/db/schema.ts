import type { DBSchema } from 'idb';
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { Span } from '../trace/span.ts';
import type { Attachment, Note } from '../tools/tool-context.ts';
import type { KnowledgeDocument, Passage } from '../knowledge/knowledge-types.ts';
import type { CellGrid } from '../evals/cell-summary.ts';
import type { CellResult, ExperimentRecord, ExperimentRunRecord } from '../evals/experiment-types.ts';
import type { Dataset, DatasetItem } from '../evals/eval-types.ts';

/** The schema version this build writes; `open-db.ts` migrates anything older up to it. */
import type { PassageVectorRecord } from '../knowledge/knowledge-search.ts';

/** The schema version this build writes; `open-db.ts` migrates anything older up to it. */
export const DB_VERSION = 11;

/** The database name used by the app. */
export const DB_NAME = 'glassbox';

/** The title a session has until its first user message names it. */
export const UNTITLED = 'Untitled';

/** Where a session stands: the run status shown in the chat and the sidebar. */
export type SessionStatus = 'idle' | 'running' | 'done' | 'error' | 'stopped' | 'interrupted';

/** The running summary of older messages that compaction keeps for the model's context. */
export interface SessionSummary {
  text: string;
  /** The last message seq the summary covers. */
  coveredUntilSeq: number;
  /** How many leading messages of the model's history (built from the transcript) the summary replaces. */
  coveredMessages?: number;
  updatedAt: number;
}

/** Where a forked session came from: a step of a run of another session ("forked from … at step n"). */
export interface ForkOrigin {
  sessionId: string;
  runId: string;
  /** The span the fork was made from. */
  spanId: string;
  step: number;
}

/**
 * What one session uses instead of the global Settings (set in the chat header's "Session model and prompt"): a
 * model id for the session's runs, a system prompt for their first message. An absent field: the global setting.
 */
export interface SessionOverrides {
  model?: string;
  systemPrompt?: string;
}

/** One session: metadata and counters; its messages, spans and tool state live in their own stores. */
export interface SessionRecord {
  /** `sess_…` */
  id: string;
  title: string;
  /** The user renamed it: the first user message no longer names it. */
  titleEdited: boolean;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
  spanCount: number;
  /** The seq the next message gets; seqs are never reused, so a step never reads the session's messages. */
  nextSeq: number;
  status: SessionStatus;
  /** The run in progress (or interrupted, for resume). */
  activeRunId?: string;
  lastError?: string;
  summary?: SessionSummary;
  /** Set on a fork: the session, run and step it continues from (the original links back by scanning for it). */
  forkedFrom?: ForkOrigin;
  /** The session's own model and system prompt; absent: the global settings. */
  overrides?: SessionOverrides;
}

/** A transcript entry as stored: ordered within its session by `seq`. */
export type MessageRecord = TranscriptEntry & { seq: number };

/**
 * Consecutive messages of one session stored together (v6, `message-chunks.ts`), keyed `[sessionId, seq]`: every
 * message in it has a seq at or above `seq` and below the next chunk's. `ids` lists the messages' ids, for the
 * `by-message` index (multi-entry) that finds a message by id.
 */
export interface MessageChunkRecord {
  sessionId: string;
  seq: number;
  ids: string[];
  /** In seq order. */
  messages: MessageRecord[];
}

/** A span as stored. */
export type SpanRecord = Span;

/**
 * Spans of one run stored together as one record (v3): a session of thousands of spans is about one record per
 * run. A live run adds a chunk per step (its new spans) and rewrites only the chunks holding spans it updates.
 */
export interface SpanChunkRecord {
  sessionId: string;
  runId: string;
  /** 0, 1, 2… within the run. */
  chunk: number;
  /** Ordered by start time. */
  spans: SpanRecord[];
}

/** A long-term note as stored. */
export type NoteRecord = Note;

/** A file attached to a session, as stored. */
export type AttachmentRecord = Attachment;

/** One piece of per-session tool state (the todo list and similar). */
export interface ToolStateRecord {
  sessionId: string;
  key: string;
  value: unknown;
  updatedAt: number;
}

/** A named setting value (`settings` holds the user's Settings). */
export interface SettingRecord {
  name: string;
  value: unknown;
}

/**
 * One posting row of the sessions' full-text index (v4, `search-index.ts`): the sessions in which `term` (a token of
 * `tokenizeForSearch`, or `\u0001` and the first character of such a word: `initialTerm`) occurs in some message. A step writes a row per new term of its session (`bucket` is the
 * session id); an import or a rebuild writes a row per term of each batch (`bucket` names the batch). Deleting messages
 * or a session takes the session off the rows of the terms none of its remaining messages holds (a row left empty is
 * deleted); a message saved again with other text keeps its old terms listed until then, and its snippets are read
 * from the text, so it is shown only where the text matches.
 * The row `['', 'state']` (no token is empty) says the index holds every message, built with tokenizer `version`
 * (`search-index-state.ts`).
 */
export interface SearchIndexRecord {
  term: string;
  bucket: string;
  sessions: string[];
  version?: number;
  /** On the state row while a rebuild runs: that rebuild's stamp (the index is not complete). */
  building?: string;
}

/** A note's embedding: which model made it, its dimension, the unit vector, and a hash of the text it embeds. */
export interface NoteVectorRecord {
  noteId: string;
  model: string;
  dimensions: number;
  vector: Float32Array;
  /** A hash of the embedded text: an edited note is embedded again, a pinned one is not. */
  textHash: string;
}

/** A Knowledge document's original file (v7), kept for rendering its pages; keyed by the document's id. */
export interface KnowledgeOriginalRecord {
  documentId: string;
  type: string;
  data: ArrayBuffer;
}

/**
 * Consecutive passages of one Knowledge document stored together (v7, `knowledge.ts`), keyed `[documentId, chunk]`:
 * passage `ordinal` is in chunk `floor(ordinal / PASSAGES_PER_CHUNK)`. A 1,000-page PDF is ~50 records, not 3,000.
 */
export interface KnowledgePassageChunkRecord {
  documentId: string;
  chunk: number;
  /** In ordinal order. */
  passages: Passage[];
}

/** An experiment as stored (version 11): what the grid shows of its cells as columns (cell-summary.ts). */
export interface StoredExperiment extends Omit<ExperimentRecord, 'cells'> {
  grid: CellGrid;
}

/** An experiment as versions 9 and 10 stored it: every cell in full inside the record (still read as it is). */
export interface LegacyStoredExperiment extends Omit<ExperimentRecord, 'cells'> {
  cells: CellResult[];
}

/** One experiment cell in full, as stored (version 11). */
export type StoredExperimentCell = CellResult & { experimentId: string };

/** The IndexedDB schema at DB_VERSION. */
export interface GlassboxDB extends DBSchema {
  settings: { key: string; value: SettingRecord };
  sessions: { key: string; value: SessionRecord; indexes: { 'by-updated': number } };
  messageChunks: { key: [string, number]; value: MessageChunkRecord; indexes: { 'by-message': string } };
  spanChunks: {
    key: [string, string, number];
    value: SpanChunkRecord;
    indexes: { 'by-run': string };
  };
  notes: { key: string; value: NoteRecord; indexes: { 'by-updated': number } };
  /** Embeddings of notes for semantic recall (version 5), one per note, keyed by note id. */
  noteVectors: { key: string; value: NoteVectorRecord };
  toolState: { key: [string, string]; value: ToolStateRecord };
  attachments: { key: string; value: AttachmentRecord; indexes: { 'by-session': string } };
  searchIndex: { key: [string, string]; value: SearchIndexRecord };
  /** The Knowledge library (version 7, `knowledge.ts`): documents, their passages in chunks, originals. */
  knowledgeDocuments: { key: string; value: KnowledgeDocument };
  knowledgePassages: { key: [string, number]; value: KnowledgePassageChunkRecord };
  knowledgeOriginals: { key: string; value: KnowledgeOriginalRecord };
  /**
   * Experiments (version 9, evals): their config and, since version 11, their cells as the grid's columns; each cell
   * in full in `experimentCells` (version 11), each cell's run in `experimentRuns` (src/db/experiments.ts).
   */
  experiments: { key: string; value: StoredExperiment | LegacyStoredExperiment };
  experimentCells: { key: [string, string]; value: StoredExperimentCell };
  experimentRuns: { key: [string, string]; value: ExperimentRunRecord };
  /** Eval datasets (version 8) and their items, found by dataset through `by-dataset` (src/db/datasets.ts). */
  datasets: { key: string; value: Dataset };
  datasetItems: { key: string; value: DatasetItem; indexes: { 'by-dataset': string } };
  /** The passages' embeddings (version 10, `knowledge-vectors.ts`), with their model and dimensions. */
  knowledgeVectors: { key: string; value: PassageVectorRecord };
}

/** Every store name, for transactions that touch a whole session. */
export type GlassboxStoreName =
  | 'settings'
  | 'sessions'
  | 'messageChunks'
  | 'spanChunks'
  | 'notes'
  | 'noteVectors'
  | 'toolState'
  | 'attachments'
  | 'searchIndex'
  | 'knowledgeDocuments'
  | 'knowledgePassages'
  | 'knowledgeOriginals'
  | 'datasets'
  | 'datasetItems'
  | 'experiments'
  | 'experimentCells'
  | 'experimentRuns'
  | 'knowledgeVectors';

/** Key range covering every `[sessionId, number]` key of one session. */
export function sessionNumberRange(sessionId: string, fromInclusive = -Infinity, toExclusive?: number): IDBKeyRange {
  if (toExclusive === undefined) return IDBKeyRange.bound([sessionId, fromInclusive], [sessionId, Infinity]);
  return IDBKeyRange.bound([sessionId, fromInclusive], [sessionId, toExclusive], false, true);
}

/** Key range covering every span chunk of one run. */
export function runChunkRange(sessionId: string, runId: string): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, runId], [sessionId, runId, []]);
}

/** Key range covering every `[sessionId, string, …]` key of one session. */
export function sessionStringRange(sessionId: string): IDBKeyRange {
  // Strings sort below arrays, so `[id, []]` bounds every `[id, '…']` key.
  return IDBKeyRange.bound([sessionId], [sessionId, []]);
}
