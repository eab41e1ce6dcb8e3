import type { SearchOptions } from '../db/search-query.ts';
import type { SessionMatch } from '../db/search-match.ts';
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { Settings } from '../config/settings.ts';
import type { SkippedConversation } from '../db/chatgpt-import.ts';
import type { ParsedImport } from '../db/parse-import-file.ts';
import type { NoteVectorRecord, SessionRecord } from '../db/schema.ts';
import type { ExperimentStorage } from '../db/experiments.ts';
import type { AttachmentStore, Attachment, Note, NotesStore, ToolStateStore } from '../tools/tool-context.ts';
import type { Span } from '../trace/span.ts';
import type { KnowledgeLibrary } from '../knowledge/knowledge-events.ts';
import type { DatasetStore } from '../db/datasets.ts';
import type { PassageVectorStore } from '../knowledge/knowledge-search.ts';

/** What one agent step adds to a session, written in one transaction. */
export interface StepWrite {
  sessionId: string;
  entries: TranscriptEntry[];
  spans: Span[];
  session: Partial<SessionRecord>;
}

/** A file produced by an export, ready to download. */
export interface ExportedFile {
  fileName: string;
  text: string;
}

/** What importing a file did; `first` is the first imported session as written, to show without reading it back. */
export type ImportOutcome =
  | {
      ok: true;
      sessionIds: string[];
      copies: number;
      skipped: SkippedConversation[];
      first?: { session: SessionRecord; entries: TranscriptEntry[]; spans: Span[] };
    }
  | { ok: false; error: string };

/** The app's storage: IndexedDB normally, memory when IndexedDB is unusable. */
export interface Persistence {
  readonly kind: 'indexeddb' | 'memory';
  loadSettings(): Promise<Settings>;
  saveSettings(settings: Settings): Promise<void>;
  listSessions(): Promise<SessionRecord[]>;
  getSession(sessionId: string): Promise<SessionRecord | undefined>;
  createSession(): Promise<SessionRecord>;
  updateSession(sessionId: string, patch: Partial<SessionRecord>): Promise<SessionRecord | undefined>;
  deleteSession(sessionId: string): Promise<void>;
  /** The session's messages in order; with `latest`, only that many of the last ones (a long session opens at its end). */
  listMessages(sessionId: string, options?: { latest?: number }): Promise<TranscriptEntry[]>;
  /** The session's spans by start time; with `runId`, only that run's (its latest run, shown first). */
  listSpans(sessionId: string, options?: { runId?: string }): Promise<Span[]>;
  /** Writes a step; entries whose id exists are updated in place. `updatedAt` defaults to now. */
  saveStep(write: StepWrite): Promise<SessionRecord | undefined>;
  /** Removes the entry with this id and every later one (edit and resend, regenerate). */
  truncateFrom(sessionId: string, entryId: string): Promise<void>;
  /** Removes exactly these entries (delete a turn). */
  deleteEntries(sessionId: string, entryIds: string[]): Promise<void>;
  /**
   * The sessions matching every word of the query, those whose title is the query typed in full first, newest
   * first within each (`rankedByTitle`), with snippets of their matching messages (a long result may mark later ones
   * `snippetsPending`). Rejects with the abort when `signal` is aborted. `sessions`: the list the page holds (newest
   * first), searched instead of reading every session record again. `firstScreen`: how many matches have their snippets read before the answer (the rows the list can show).
   */
  searchSessions(query: string, options?: SearchOptions): Promise<SessionMatch[]>;
  /** Rebuilds the search index in the background if it is missing or stale (the in-memory store has none). */
  prepareSearch(): Promise<void>;
  /** The snippets of these sessions for the query (rows of a long result shown later); those that no longer match are left out. */
  searchSnippets(query: string, sessionIds: string[], options?: { signal?: AbortSignal }): Promise<SessionMatch[]>;
  exportSessions(options: { sessionIds?: string[]; all: boolean }): Promise<ExportedFile>;
  /**
   * Validates and imports a file; on failure nothing is written and the error names what is wrong. A ChatGPT
   * export imports its readable conversations and reports the ones it skipped.
   */
  importFile(
    /** The file's text, or the file already validated by `parseImportFile` (in a worker, for a large file). */
    text: string | ParsedImport,
    fileName: string,
  ): Promise<ImportOutcome>;
  toolState: ToolStateStore;
  notes: NotesStore & {
    list(): Promise<Note[]>;
    update(id: string, patch: { content?: string; tags?: string[]; pinned?: boolean }): Promise<void>;
    remove(id: string): Promise<void>;
    /** The pinned notes (always recalled); absent where notes cannot be pinned. */
    pinned?(): Promise<Note[]>;
    /** A cheap token of the notes' state: equal tokens mean unchanged notes (absent: always re-read). */
    signature?(): Promise<string>;
  };
  /** The notes' embeddings for semantic recall. */
  noteVectors: NoteVectorStore;
  /** The Knowledge library (its code loads on first use); the same library on every call. */
  knowledge(): Promise<KnowledgeLibrary>;
  /** The Knowledge passages' embeddings (search_knowledge with Semantic recall on). */
  knowledgeVectors(): Promise<PassageVectorStore>;
  attachments: AttachmentStore & {
    add(attachment: Attachment): Promise<void>;
    remove(id: string): Promise<void>;
  };
  /** The eval datasets (loaded with the Evals features, not with the page); absent in test fakes. */
  datasets?: () => Promise<DatasetStore>;
  /** Experiments and their runs (evals; loaded with the Evals dialog); absent: kept in memory for the tab. */
  experiments?: () => Promise<ExperimentStorage>;
}

/** Where the notes' embeddings are kept (IndexedDB, or memory). */
export interface NoteVectorStore {
  list(): Promise<NoteVectorRecord[]>;
  put(records: readonly NoteVectorRecord[]): Promise<void>;
  /** Deletes the embeddings of notes not in `keep`. */
  prune(keep: ReadonlySet<string>): Promise<void>;
}
