import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { chunkMessages } from './message-chunks.ts';
import type { MessageRecord, SessionRecord, SpanRecord } from './schema.ts';
import { sessionNumberRange, UNTITLED } from './schema.ts';
import { putSpansInChunks, SpanPlacements, type ChunkStore } from './spans.ts';
import { searchIndexState } from './search-index-state.ts';

// Migrations work on the untyped database: each step sees the schema as the previous version left it.
type AnyDatabase = IDBPDatabase<unknown>;
type UpgradeTransaction = IDBPTransaction<unknown, string[], 'versionchange'>;

/** Brings a database at `oldVersion` up to the current schema, one `if (oldVersion < n)` step at a time. */
export async function migrate(db: AnyDatabase, oldVersion: number, tx: UpgradeTransaction): Promise<void> {
  if (oldVersion < 1) createVersion1(db);
  if (oldVersion < 2) await upgradeToVersion2(db, tx);
  if (oldVersion < 3) await upgradeToVersion3(db, tx);
  if (oldVersion < 4) await upgradeToVersion4(db, tx);
  if (oldVersion < 5) createVersion5(db);
  if (oldVersion < 6) await upgradeToVersion6(db, tx);
  if (oldVersion < 7) upgradeToVersion7(db);
  if (oldVersion < 8) upgradeToVersion8(db);
  if (oldVersion < 9) upgradeToVersion9(db);
  if (oldVersion < 10) upgradeToVersion10(db);
  if (oldVersion < 11) upgradeToVersion11(db);
}

/**
 * Version 11: experiment cells in full (`experimentCells`); a new experiment's record keeps only what its grid shows
 * of them, as columns. Records written before stay as they are and are read as they are (src/db/experiments.ts).
 */
function upgradeToVersion11(db: AnyDatabase): void {
  db.createObjectStore('experimentCells', { keyPath: ['experimentId', 'key'] });
}

/** Version 10: the Knowledge passages' embeddings, keyed by passage id (knowledge-vectors.ts). */
function upgradeToVersion10(db: AnyDatabase): void {
  db.createObjectStore('knowledgeVectors', { keyPath: 'passageId' });
}

/** Version 7: the Knowledge library — documents, their passages (in chunks keyed `[documentId, chunk]`), originals. */
function upgradeToVersion7(db: AnyDatabase): void {
  db.createObjectStore('knowledgeDocuments', { keyPath: 'id' });
  db.createObjectStore('knowledgePassages', { keyPath: ['documentId', 'chunk'] });
  db.createObjectStore('knowledgeOriginals', { keyPath: 'documentId' });
}

/** Version 8: eval datasets and their items (found by dataset); nothing existing changes. */
function upgradeToVersion8(db: AnyDatabase): void {
  db.createObjectStore('datasets', { keyPath: 'id' });
  const items = db.createObjectStore('datasetItems', { keyPath: 'id' });
  items.createIndex('by-dataset', 'datasetId');
}

/** Version 9: experiments (evals) and their runs, kept apart from the sessions (the session list never sees them). */
function upgradeToVersion9(db: AnyDatabase): void {
  db.createObjectStore('experiments', { keyPath: 'id' });
  db.createObjectStore('experimentRuns', { keyPath: ['experimentId', 'key'] });
}

/**
 * Version 6: messages move from one record each (`messages`) to a few per record (`messageChunks`, keyed
 * `[sessionId, seq]`, found by id through `by-message`): the browser's cost of writing and reading them is mostly per
 * record. Every message is carried over unchanged, in batches in session-and-seq order (a session split across
 * batches gets a shorter chunk at the split).
 */
async function upgradeToVersion6(db: AnyDatabase, tx: UpgradeTransaction): Promise<void> {
  const chunks = db.createObjectStore('messageChunks', { keyPath: ['sessionId', 'seq'] });
  chunks.createIndex('by-message', 'ids', { multiEntry: true });
  const target = tx.objectStore('messageChunks');
  const messages = tx.objectStore('messages').index('by-session-seq');
  let after: [string, number] | undefined;
  for (;;) {
    const range = after === undefined ? null : IDBKeyRange.lowerBound(after, true);
    const batch = (await messages.getAll(range, MIGRATION_BATCH)) as MessageRecord[];
    const last = batch.at(-1);
    if (!last) break;
    after = [last.sessionId, last.seq];
    await Promise.all(chunkMessages(batch).map((chunk) => target.put(chunk)));
    if (batch.length < MIGRATION_BATCH) break;
  }
  db.deleteObjectStore('messages');
}

/** Version 5: a store for the notes' embeddings (semantic recall); notes are embedded lazily, on first recall. */
function createVersion5(db: AnyDatabase): void {
  db.createObjectStore('noteVectors', { keyPath: 'noteId' });
}

/** Version 1: sessions, messages ordered by creation time, spans, notes, tool state, settings. */
function createVersion1(db: AnyDatabase): void {
  db.createObjectStore('settings', { keyPath: 'name' });
  const sessions = db.createObjectStore('sessions', { keyPath: 'id' });
  sessions.createIndex('by-updated', 'updatedAt');
  const messages = db.createObjectStore('messages', { keyPath: 'id' });
  messages.createIndex('by-session', 'sessionId');
  const spans = db.createObjectStore('spans', { keyPath: 'spanId' });
  spans.createIndex('by-session', ['sessionId', 'startTime']);
  spans.createIndex('by-run', 'runId');
  const notes = db.createObjectStore('notes', { keyPath: 'id' });
  notes.createIndex('by-updated', 'updatedAt');
  db.createObjectStore('toolState', { keyPath: ['sessionId', 'key'] });
}

interface Version1Message {
  id: string;
  sessionId: string;
  createdAt: number;
  seq?: number;
}

/**
 * Version 2: messages get a per-session `seq` (in creation order) and the `by-session-seq` index;
 * sessions get status, titleEdited, nextSeq and exact counters; attachments get a store.
 */
async function upgradeToVersion2(db: AnyDatabase, tx: UpgradeTransaction): Promise<void> {
  const attachments = db.createObjectStore('attachments', { keyPath: 'id' });
  attachments.createIndex('by-session', 'sessionId');

  const messages = tx.objectStore('messages');
  messages.createIndex('by-session-seq', ['sessionId', 'seq']);
  const messageCounts = new Map<string, number>();
  const bySession = messages.index('by-session');
  const sessionIds: string[] = [];
  for (let cursor = await bySession.openKeyCursor(null, 'nextunique'); cursor; cursor = await cursor.continue()) {
    sessionIds.push(String(cursor.key));
  }
  for (const sessionId of sessionIds) {
    const records = (await bySession.getAll(sessionId)) as Version1Message[];
    records.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await Promise.all(records.map((record, seq) => messages.put({ ...record, seq })));
    messageCounts.set(sessionId, records.length);
  }
  messages.deleteIndex('by-session');

  const spansBySession = tx.objectStore('spans').index('by-session');
  const sessions = tx.objectStore('sessions');
  for (let cursor = await sessions.openCursor(); cursor; cursor = await cursor.continue()) {
    const old = cursor.value as Partial<SessionRecord> & { id: string; createdAt: number; updatedAt?: number };
    const messageCount = messageCounts.get(old.id) ?? 0;
    const spanCount = await spansBySession.count(sessionNumberRange(old.id));
    const upgraded: SessionRecord = {
      ...old,
      title: typeof old.title === 'string' && old.title.trim() ? old.title : UNTITLED,
      titleEdited: old.titleEdited ?? false,
      createdAt: old.createdAt,
      updatedAt: old.updatedAt ?? old.createdAt,
      messageCount,
      spanCount,
      nextSeq: messageCount,
      status: old.status ?? 'idle',
    };
    await cursor.update(upgraded);
  }
}

/**
 * Version 3: spans move from one record each (`spans`) to a few records per run (`spanChunks`, keyed
 * `[sessionId, runId, chunk]`), so a session's thousands of spans are written and read as a few hundred records.
 * Every span is carried over unchanged (ids, attributes, order by start time); session counters stay as they were.
 */
async function upgradeToVersion3(db: AnyDatabase, tx: UpgradeTransaction): Promise<void> {
  const chunks = db.createObjectStore('spanChunks', { keyPath: ['sessionId', 'runId', 'chunk'] });
  chunks.createIndex('by-run', 'runId');
  const spans = tx.objectStore('spans');
  const target = tx.objectStore('spanChunks') as unknown as ChunkStore;
  // In batches by primary key, so a large database is never read into memory at once; a run split across
  // batches gets a chunk per batch, placed as a live run's steps are.
  const placements = new SpanPlacements();
  let after: IDBValidKey | undefined;
  for (;;) {
    const range = after === undefined ? null : IDBKeyRange.lowerBound(after, true);
    const batch = (await spans.getAll(range, MIGRATION_BATCH)) as Array<Partial<SpanRecord> & { spanId: string }>;
    if (batch.length === 0) break;
    after = batch.at(-1)?.spanId;
    // A span without a session or run (never written by the app) keeps its place under its own id.
    const records = batch.map(
      (span) => ({ ...span, sessionId: span.sessionId ?? '', runId: span.runId ?? span.spanId }) as SpanRecord,
    );
    await putSpansInChunks(target, records, placements);
    if (batch.length < MIGRATION_BATCH) break;
  }
  db.deleteObjectStore('spans');
}

const MIGRATION_BATCH = 1_000;

/**
 * Version 4: the sessions' full-text index (`searchIndex`, see `search-index.ts`). A database without messages gets
 * an empty index marked complete; one with messages gets an empty index without the mark, which the app then builds
 * in the background (search scans meanwhile) instead of holding the upgrade for it.
 */
async function upgradeToVersion4(db: AnyDatabase, tx: UpgradeTransaction): Promise<void> {
  db.createObjectStore('searchIndex', { keyPath: ['term', 'bucket'] });
  const messages = await tx.objectStore('messages').count();
  if (messages === 0) await tx.objectStore('searchIndex').put(searchIndexState());
}
