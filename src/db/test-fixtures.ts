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

/** One object store as an older schema version laid it out, with the version that added it. */
export interface LegacyStore {
  name: string;
  keyPath: string | string[];
  index?: { name: string; keyPath: string | string[] };
  since: number;
}

/** The stores of schema versions 3 to 5 (one record per message): 4 added `searchIndex`, 5 added `noteVectors`. */
const LEGACY_STORES: readonly LegacyStore[] = [
  { name: 'settings', keyPath: 'name', since: 3 },
  { name: 'sessions', keyPath: 'id', index: { name: 'by-updated', keyPath: 'updatedAt' }, since: 3 },
  { name: 'messages', keyPath: 'id', index: { name: 'by-session-seq', keyPath: ['sessionId', 'seq'] }, since: 3 },
  {
    name: 'spanChunks',
    keyPath: ['sessionId', 'runId', 'chunk'],
    index: { name: 'by-run', keyPath: 'runId' },
    since: 3,
  },
  { name: 'notes', keyPath: 'id', index: { name: 'by-updated', keyPath: 'updatedAt' }, since: 3 },
  { name: 'toolState', keyPath: ['sessionId', 'key'], since: 3 },
  { name: 'attachments', keyPath: 'id', index: { name: 'by-session', keyPath: 'sessionId' }, since: 3 },
  { name: 'searchIndex', keyPath: ['term', 'bucket'], since: 4 },
  { name: 'noteVectors', keyPath: 'noteId', since: 5 },
];

/** The stores of schema version 3, 4 or 5, as plain data (an end-to-end test's init script gets them as its argument). */
export function legacyStores(version: 3 | 4 | 5): LegacyStore[] {
  return LEGACY_STORES.filter((store) => store.since <= version);
}

/** The part of a database under upgrade that {@link createLegacyStores} uses (raw IndexedDB or idb's wrapper). */
interface UpgradingDatabase {
  createObjectStore(
    name: string,
    options: IDBObjectStoreParameters,
  ): { createIndex(name: string, keyPath: string | string[]): unknown };
}

/** Creates the stores of schema version 3, 4 or 5 as those versions laid them out, for tests of what an older build left. */
export function createLegacyStores(db: UpgradingDatabase, version: 3 | 4 | 5): void {
  for (const { name, keyPath, index } of legacyStores(version)) {
    const store = db.createObjectStore(name, { keyPath });
    if (index) store.createIndex(index.name, index.keyPath);
  }
}
