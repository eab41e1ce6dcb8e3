import type { TranscriptEntry } from '../agent/transcript.ts';
import { defaultSettings, type Settings } from '../config/settings.ts';
import type { MessageRecord, NoteVectorRecord, SessionRecord, ToolStateRecord } from '../db/schema.ts';
import { createMemoryStores } from '../tools/memory-stores.ts';
import type { Attachment } from '../tools/tool-context.ts';
import type { Span } from '../trace/span.ts';

export interface MemorySession {
  record: SessionRecord;
  /** In seq order. */
  messages: MessageRecord[];
  spans: Map<string, Span>;
  toolState: Map<string, ToolStateRecord>;
}

/** What the app had loaded when storage went away mid-session: memory storage starts from it. */
export interface MemorySeed {
  settings: Settings;
  sessions: SessionRecord[];
  entries: Record<string, TranscriptEntry[]>;
  spans: Record<string, Span[]>;
}

/** Everything the memory storage holds, with the helpers its parts share. */
export interface MemoryState {
  options: { newId: (prefix: string) => string; now: () => number };
  settings: Settings;
  sessions: Map<string, MemorySession>;
  stores: ReturnType<typeof createMemoryStores>;
  attachments: Map<string, Attachment>;
  noteVectors: Map<string, NoteVectorRecord>;
  /** The session, or an error when there is none. */
  get(sessionId: string): MemorySession;
  /** The session's record with its counts brought up to date (a copy). */
  counted(session: MemorySession): SessionRecord;
}

/** The memory storage's state, starting from `seed` when given. */
export function createMemoryState(options: MemoryState['options'], seed?: MemorySeed): MemoryState {
  const sessions = new Map<string, MemorySession>();
  for (const record of seed?.sessions ?? []) {
    const messages = (seed?.entries[record.id] ?? []).map((entry, seq) => ({ ...structuredClone(entry), seq }));
    const spans = new Map((seed?.spans[record.id] ?? []).map((span) => [span.spanId, structuredClone(span)]));
    sessions.set(record.id, {
      record: { ...record, nextSeq: Math.max(record.nextSeq, messages.length) },
      messages,
      spans,
      toolState: new Map(),
    });
  }
  return {
    options,
    settings: seed?.settings ?? defaultSettings,
    sessions,
    stores: createMemoryStores({ now: options.now, createId: (prefix) => options.newId(prefix) }),
    attachments: new Map(),
    noteVectors: new Map(),
    get: (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`Session ${sessionId} does not exist.`);
      return session;
    },
    counted: (session) => {
      session.record = { ...session.record, messageCount: session.messages.length, spanCount: session.spans.size };
      return { ...session.record };
    },
  };
}

/** Removes the messages `removed` picks; a summary that covered any of them goes too. */
export function removeMessages(
  state: MemoryState,
  session: MemorySession,
  removed: (message: MessageRecord) => boolean,
): void {
  const gone = session.messages.filter(removed);
  if (gone.length === 0) return;
  session.messages = session.messages.filter((message) => !removed(message));
  const lowest = Math.min(...gone.map((message) => message.seq));
  // A summary that covered deleted messages no longer matches the conversation.
  if (session.record.summary && session.record.summary.coveredUntilSeq >= lowest) {
    const { summary: _summary, ...rest } = session.record;
    session.record = rest;
  }
  state.counted(session);
}
