import type { TranscriptEntry } from '../agent/transcript.ts';
import { defaultSettings, type Settings } from '../config/settings.ts';
import { titleFromMessage } from '../db/save-step.ts';
import { parseImportFile, SESSION_FILE_FORMAT, SESSION_FILE_VERSION, sessionFileName, type SessionFile } from '../db/session-file.ts';
import type { SessionRecord } from '../db/schema.ts';
import { UNTITLED } from '../db/schema.ts';
import { createMemoryStores } from '../tools/memory-stores.ts';
import type { Attachment } from '../tools/tool-context.ts';
import type { Span } from '../trace/span.ts';
import type { Persistence } from './persistence.ts';

interface MemorySession {
  record: SessionRecord;
  entries: TranscriptEntry[];
  spans: Map<string, Span>;
}

/** Storage that lives only as long as the tab: used when IndexedDB cannot be opened. */
export function createMemoryPersistence(options: { newId: (prefix: string) => string; now: () => number }): Persistence {
  let settings: Settings = defaultSettings;
  const sessions = new Map<string, MemorySession>();
  const stores = createMemoryStores();
  const attachments = new Map<string, Attachment>();
  const get = (sessionId: string): MemorySession => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`Session ${sessionId} does not exist.`);
    return session;
  };
  const withCount = (session: MemorySession): SessionRecord => {
    session.record = { ...session.record, messageCount: session.entries.length, spanCount: session.spans.size };
    return session.record;
  };
  const toFile = (ids: string[], all: boolean): SessionFile => ({
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    exportedAt: new Date(options.now()).toISOString(),
    scope: all ? 'all' : 'session',
    sessions: ids.map((id) => {
      const { record, entries, spans } = get(id);
      return {
        id: record.id,
        title: record.title,
        titleEdited: record.titleEdited,
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
        status: record.status,
        ...(record.summary ? { summary: record.summary } : {}),
        messages: entries.map(({ sessionId: _sessionId, ...entry }, seq) => ({ ...entry, seq })),
        spans: [...spans.values()].map(({ sessionId: _sessionId, ...span }) => span),
        toolState: [],
        attachments: [...attachments.values()].filter((file) => file.sessionId === id).map(({ sessionId: _sessionId, ...file }) => file),
      };
    }),
  });

  return {
    kind: 'memory',
    loadSettings: async () => settings,
    saveSettings: async (next) => {
      settings = next;
    },
    listSessions: async () => [...sessions.values()].map(withCount).sort((a, b) => b.updatedAt - a.updatedAt),
    createSession: async () => {
      const now = options.now();
      const record: SessionRecord = {
        id: options.newId('sess'), title: UNTITLED, titleEdited: false, createdAt: now, updatedAt: now,
        messageCount: 0, spanCount: 0, nextSeq: 0, status: 'idle',
      };
      sessions.set(record.id, { record, entries: [], spans: new Map() });
      return record;
    },
    updateSession: async (sessionId, patch) => {
      const session = sessions.get(sessionId);
      if (!session) return undefined;
      session.record = { ...session.record, ...patch };
      return withCount(session);
    },
    deleteSession: async (sessionId) => {
      sessions.delete(sessionId);
    },
    listMessages: async (sessionId) => [...get(sessionId).entries],
    listSpans: async (sessionId) => [...get(sessionId).spans.values()],
    saveStep: async ({ sessionId, entries, spans, session: patch }) => {
      const session = get(sessionId);
      for (const entry of entries) {
        const index = session.entries.findIndex((existing) => existing.id === entry.id);
        if (index >= 0) session.entries[index] = entry;
        else session.entries.push(entry);
      }
      for (const span of spans) session.spans.set(span.spanId, span);
      const firstUser = entries.find((entry) => entry.message.role === 'user' && !entry.meta?.synthetic);
      const title =
        !session.record.titleEdited && session.record.title === UNTITLED && firstUser?.message.role === 'user'
          ? titleFromMessage(firstUser.message.content)
          : session.record.title;
      session.record = { ...session.record, ...patch, title, updatedAt: options.now() };
      return withCount(session);
    },
    truncateFrom: async (sessionId, entryId) => {
      const session = get(sessionId);
      const index = session.entries.findIndex((entry) => entry.id === entryId);
      if (index >= 0) session.entries = session.entries.slice(0, index);
    },
    deleteEntries: async (sessionId, entryIds) => {
      const session = get(sessionId);
      const removed = new Set(entryIds);
      session.entries = session.entries.filter((entry) => !removed.has(entry.id));
    },
    searchSessions: async (query) => {
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      return [...sessions.values()]
        .filter(({ record, entries }) => {
          const text = `${record.title}\n${entries.map((entry) => entry.message.content ?? '').join('\n')}`.toLowerCase();
          return words.every((word) => text.includes(word));
        })
        .map(({ record }) => record.id);
    },
    exportSessions: async ({ sessionIds, all }) => {
      const ids = all ? [...sessions.keys()] : (sessionIds ?? []);
      const file = toFile(ids, all);
      return { fileName: sessionFileName(file, all ? undefined : file.sessions[0]?.title), text: JSON.stringify(file, null, 2) };
    },
    importFile: async (text, fileName) => {
      const parsed = parseImportFile(text, fileName);
      if (!parsed.ok) return parsed;
      const sessionIds: string[] = [];
      let copies = 0;
      for (const imported of parsed.sessions) {
        const clash = sessions.has(imported.id) || imported.source === 'chatgpt';
        if (sessions.has(imported.id)) copies += 1;
        const id = clash ? options.newId('sess') : imported.id;
        const entries = imported.messages.map(({ seq: _seq, ...message }) => ({ ...message, sessionId: id, id: clash ? options.newId('msg') : message.id }));
        const record: SessionRecord = {
          id, title: imported.title, titleEdited: imported.titleEdited, createdAt: imported.createdAt, updatedAt: imported.updatedAt,
          messageCount: entries.length, spanCount: 0, nextSeq: entries.length,
          status: imported.status === 'running' ? 'interrupted' : imported.status,
        };
        // Copies keep their messages; their spans are left out so span ids never clash in memory.
        const spans = clash ? new Map<string, Span>() : new Map(imported.spans.map((span) => [span.spanId, { ...span, sessionId: id }]));
        sessions.set(id, { record, entries, spans });
        sessionIds.push(id);
      }
      return { ok: true, sessionIds, copies };
    },
    toolState: stores.toolState,
    notes: {
      add: (input) => stores.notes.add(input),
      search: (query, limit) => stores.notes.search(query, limit),
      list: () => stores.notes.list(),
      update: async (id, patch) => {
        const note = (await stores.notes.list()).find((candidate) => candidate.id === id);
        if (!note) return;
        await stores.notes.remove(id);
        await stores.notes.add({ content: patch.content ?? note.content, tags: patch.tags ?? note.tags, ...(note.sessionId ? { sessionId: note.sessionId } : {}) });
      },
      remove: async (id) => {
        await stores.notes.remove(id);
      },
    },
    attachments: {
      list: async (sessionId) => [...attachments.values()].filter((file) => file.sessionId === sessionId),
      add: async (attachment) => {
        attachments.set(attachment.id, attachment);
      },
      remove: async (id) => {
        attachments.delete(id);
      },
    },
  };
}
