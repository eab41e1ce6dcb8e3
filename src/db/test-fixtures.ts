// Builders for db tests: plain records with predictable ids and times.
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { ChatMessage } from '../model/model.ts';
import type { Span } from '../trace/span.ts';

/** A counter-based id maker matching the app's prefixes (`span` ids are 16 hex characters). */
export function sequentialIds(): (prefix: string) => string {
  let counter = 0;
  return (prefix) => {
    counter += 1;
    if (prefix === 'span') return counter.toString(16).padStart(16, 'a');
    return `${prefix}_new${counter}`;
  };
}

/** A transcript entry of a session. */
export function entry(
  sessionId: string,
  id: string,
  message: ChatMessage,
  extra: Partial<TranscriptEntry> = {},
): TranscriptEntry {
  return { id, sessionId, runId: 'run0000000000001', createdAt: 1_000, message, ...extra };
}

/** A user message entry. */
export function userEntry(sessionId: string, id: string, content: string, createdAt = 1_000): TranscriptEntry {
  return entry(sessionId, id, { role: 'user', content }, { createdAt });
}

/** An assistant message entry. */
export function assistantEntry(sessionId: string, id: string, content: string, createdAt = 1_000): TranscriptEntry {
  return entry(sessionId, id, { role: 'assistant', content }, { createdAt });
}

/** A finished span of a session. */
export function span(sessionId: string, spanId: string, extra: Partial<Span> = {}): Span {
  return {
    traceId: '0123456789abcdef0123456789abcdef',
    spanId,
    sessionId,
    runId: extra.runId ?? spanId,
    kind: 'run',
    name: 'run',
    startTime: 1_000,
    endTime: 2_000,
    status: 'ok',
    attributes: {},
    ...extra,
  };
}

/** The part of a database under upgrade that {@link createLegacyStores} uses (raw IndexedDB or idb's wrapper). */
interface UpgradingDatabase {
  createObjectStore(name: string, options: IDBObjectStoreParameters): { createIndex(name: string, keyPath: string | string[]): unknown };
}

/**
 * Creates the stores of schema version 3, 4 or 5 as those versions laid them out (one record per message), for tests
 * that write what an older build left: 4 added `searchIndex`, 5 added `noteVectors`.
 */
export function createLegacyStores(db: UpgradingDatabase, version: 3 | 4 | 5): void {
  db.createObjectStore('settings', { keyPath: 'name' });
  db.createObjectStore('sessions', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
  db.createObjectStore('messages', { keyPath: 'id' }).createIndex('by-session-seq', ['sessionId', 'seq']);
  db.createObjectStore('spanChunks', { keyPath: ['sessionId', 'runId', 'chunk'] }).createIndex('by-run', 'runId');
  db.createObjectStore('notes', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
  db.createObjectStore('toolState', { keyPath: ['sessionId', 'key'] });
  db.createObjectStore('attachments', { keyPath: 'id' }).createIndex('by-session', 'sessionId');
  if (version >= 4) db.createObjectStore('searchIndex', { keyPath: ['term', 'bucket'] });
  if (version >= 5) db.createObjectStore('noteVectors', { keyPath: 'noteId' });
}
