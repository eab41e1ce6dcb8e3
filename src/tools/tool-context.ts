import type { KnowledgeAccess } from '../knowledge/knowledge-search.ts';
import type { SpanHandle, SpanKind } from '../trace/span.ts';
import type { QueryRunner } from './data/run-query.ts';

/** One entry of a session's todo list. */
export interface TodoItem {
  id: number;
  text: string;
  done: boolean;
  createdAt: number;
}

/** A long-term note shared by all sessions. */
export interface Note {
  id: string;
  content: string;
  tags: string[];
  createdAt: number;
  updatedAt: number;
  /** Session the note was saved from, if any. */
  sessionId?: string;
  /** Pinned by the user: always recalled. */
  pinned?: boolean;
}

/** A note found by a search, with its relevance score. */
export interface NoteHit {
  note: Note;
  score: number;
}

/** A file the user attached to a session. */
export interface Attachment {
  id: string;
  sessionId: string;
  name: string;
  mimeType: string;
  size: number;
  text: string;
  createdAt: number;
}

/** Per-session tool state storage (todos and similar). */
export interface ToolStateStore {
  get<T>(sessionId: string, key: string): Promise<T | undefined>;
  set<T>(sessionId: string, key: string, value: T): Promise<void>;
}

/** Long-term notes: saved by the model or the user, searched across sessions. */
export interface NotesStore {
  add(input: { content: string; tags?: string[]; sessionId?: string }): Promise<Note>;
  search(query: string, limit?: number): Promise<NoteHit[]>;
}

/** An attached file without its text; `database` names the IndexedDB database a worker can read the text from (keyed by `id`). */
export type AttachmentInfo = Omit<Attachment, 'text'> & { database?: string };

/** Files attached to sessions. */
export interface AttachmentStore {
  list(sessionId: string): Promise<Attachment[]>;
  /** The session's attachments without reading any file's text (oldest first), when the store can list them so. */
  listInfo?(sessionId: string): Promise<AttachmentInfo[]>;
}

/** Asks whether a restricted tool call may run. */
export type ApprovalRequest = (request: { toolName: string; callId: string; arguments: unknown }) => Promise<boolean>;

/** Everything a tool may touch; the runtime injects it, so tools stay testable. */
export interface ToolContext {
  sessionId: string;
  callId: string;
  signal: AbortSignal;
  fetch: typeof fetch;
  now: () => Date;
  toolState: ToolStateStore;
  notes: NotesStore;
  attachments: AttachmentStore;
  /** The call's tool span, for work nested inside it (a delegation's agent span). */
  span?: SpanHandle;
  /** Starts a span inside the call's tool span (an MCP exchange); absent where nothing is traced. */
  startChildSpan?: (options: { kind: SpanKind; name: string; attributes?: Record<string, unknown> }) => SpanHandle;
  /** Runs JavaScript in the sandbox; absent where no sandbox exists (e.g. Node tests). */
  runSandboxed?: RunSandboxed;
  /** Runs a read-only SQL query over attached files in the SQL worker; absent where no worker exists. */
  queryData?: QueryRunner;
  /** The Knowledge library's search (`search_knowledge`); absent where there is no library. */
  knowledge?: KnowledgeAccess;
}

/** Runs JavaScript in the sandbox; `network` leaves it `fetch` (a custom tool allowed the network). */
export type RunSandboxed = (
  code: string,
  options: { timeoutMs: number; signal: AbortSignal; network?: boolean },
) => Promise<SandboxResult>;

/** The outcome of sandboxed code. */
export interface SandboxResult {
  ok: boolean;
  /** The value of the last expression or the returned value, serialised safely. */
  result?: string;
  logs: string[];
  error?: string;
  timedOut?: boolean;
}
