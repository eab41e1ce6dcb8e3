import type { SessionMatch } from '../db/search-match.ts';
import type { TranscriptEntry } from '../agent/transcript.ts';
import { defaultSettings, type Settings } from '../config/settings.ts';
import { titleFromMessage } from '../db/save-step.ts';
import type { MessageRecord, NoteVectorRecord, SessionRecord, ToolStateRecord } from '../db/schema.ts';
import { UNTITLED } from '../db/schema.ts';
import type { SessionFile } from '../db/session-file.ts';
import { applySessionPatch } from '../db/sessions.ts';
import { createMemoryStores } from '../tools/memory-stores.ts';
import type { Attachment, ToolStateStore } from '../tools/tool-context.ts';
import { newSpanId } from '../trace/ids.ts';
import type { Span } from '../trace/span.ts';
import type { Persistence } from './persistence.ts';

/** Export and import code (parsers, mappers, schemas) is a chunk of its own: the first load does not carry it. */
const sessionFiles = async () => {
  const [files, exports, imports] = await Promise.all([
    import('../db/session-file.ts'),
    import('../db/session-export.ts'),
    import('../db/import-sessions.ts'),
  ]);
  return { ...files, toFileSession: exports.toFileSession, importRecords: imports.importRecords };
};

interface MemorySession {
  record: SessionRecord;
  /** In seq order. */
  messages: MessageRecord[];
  spans: Map<string, Span>;
  toolState: Map<string, ToolStateRecord>;
}

function firstUserText(entries: readonly TranscriptEntry[]): string | undefined {
  const first = entries.find(
    (entry) => entry.message.role === 'user' && !entry.meta?.synthetic && entry.message.content.trim(),
  );
  return first?.message.role === 'user' ? first.message.content : undefined;
}

/** What the app had loaded when storage went away mid-session: memory storage starts from it. */
export interface MemorySeed {
  settings: Settings;
  sessions: SessionRecord[];
  entries: Record<string, TranscriptEntry[]>;
  spans: Record<string, Span[]>;
}

/**
 * Storage that lives only as long as the tab: used when IndexedDB cannot be opened. It keeps the same rules
 * as the IndexedDB storage (seqs, titles, copies on import, export shape), so the app behaves the same.
 */
export function createMemoryPersistence(
  options: { newId: (prefix: string) => string; now: () => number },
  seed?: MemorySeed,
): Persistence {
  let settings: Settings = seed?.settings ?? defaultSettings;
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
  const stores = createMemoryStores({ now: options.now, createId: (prefix) => options.newId(prefix) });
  const attachments = new Map<string, Attachment>();
  const noteVectors = new Map<string, NoteVectorRecord>();
  const get = (sessionId: string): MemorySession => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`Session ${sessionId} does not exist.`);
    return session;
  };
  const counted = (session: MemorySession): SessionRecord => {
    session.record = { ...session.record, messageCount: session.messages.length, spanCount: session.spans.size };
    return { ...session.record };
  };
  const removeMessages = (session: MemorySession, removed: (message: MessageRecord) => boolean) => {
    const gone = session.messages.filter(removed);
    if (gone.length === 0) return;
    session.messages = session.messages.filter((message) => !removed(message));
    const lowest = Math.min(...gone.map((message) => message.seq));
    // A summary that covered deleted messages no longer matches the conversation.
    if (session.record.summary && session.record.summary.coveredUntilSeq >= lowest) {
      const { summary: _summary, ...rest } = session.record;
      session.record = rest;
    }
    counted(session);
  };
  /** The search, matching each session's messages (session-matcher.ts: loaded with the first search). */
  const searchAll = async (query: string): Promise<SessionMatch[]> => {
    const [{ matchSession }, { normaliseForSearch, rankedByTitle, searchTerms }] = await Promise.all([
      import('../db/session-matcher.ts'),
      import('../db/search-match.ts'),
    ]);
    const terms = searchTerms(query);
    const newestFirst = [...sessions.values()].sort((a, b) => b.record.updatedAt - a.record.updatedAt);
    return rankedByTitle(
      newestFirst,
      (session) => normaliseForSearch(session.record.title),
      query,
    ).flatMap<SessionMatch>(({ record, messages }) =>
      terms.length === 0
        ? [{ sessionId: record.id, snippets: [] }]
        : (matchSession(
            record.id,
            record.title,
            messages.map((entry) => ({ id: entry.id, content: entry.message.content, role: entry.message.role })),
            terms,
          ) ?? []),
    );
  };
  const idsInUse = () => {
    const ids = new Set<string>();
    for (const session of sessions.values()) {
      ids.add(session.record.id);
      for (const message of session.messages) ids.add(message.id);
      for (const spanId of session.spans.keys()) ids.add(spanId);
    }
    for (const id of attachments.keys()) ids.add(id);
    return ids;
  };
  const importId = (prefix: string) => (prefix === 'span' ? newSpanId() : options.newId(prefix));
  const toolState: ToolStateStore = {
    get: async <T>(sessionId: string, key: string) =>
      structuredClone(sessions.get(sessionId)?.toolState.get(key)?.value) as T | undefined,
    set: async <T>(sessionId: string, key: string, value: T) => {
      get(sessionId).toolState.set(key, { sessionId, key, value: structuredClone(value), updatedAt: options.now() });
    },
  };

  return {
    kind: 'memory',
    loadSettings: async () => settings,
    saveSettings: async (next) => {
      settings = next;
    },
    listSessions: async () => [...sessions.values()].map(counted).sort((a, b) => b.updatedAt - a.updatedAt),
    getSession: async (sessionId) => {
      const session = sessions.get(sessionId);
      return session ? counted(session) : undefined;
    },
    createSession: async () => {
      const now = options.now();
      const record: SessionRecord = {
        id: options.newId('sess'),
        title: UNTITLED,
        titleEdited: false,
        createdAt: now,
        updatedAt: now,
        messageCount: 0,
        spanCount: 0,
        nextSeq: 0,
        status: 'idle',
      };
      sessions.set(record.id, { record, messages: [], spans: new Map(), toolState: new Map() });
      return { ...record };
    },
    updateSession: async (sessionId, patch) => {
      const session = sessions.get(sessionId);
      if (!session) return undefined;
      session.record = applySessionPatch(session.record, patch);
      return counted(session);
    },
    deleteSession: async (sessionId) => {
      sessions.delete(sessionId);
      for (const [id, attachment] of attachments) if (attachment.sessionId === sessionId) attachments.delete(id);
    },
    listMessages: async (sessionId, { latest } = {}) => {
      const { messages } = get(sessionId);
      return structuredClone(latest === undefined ? messages : messages.slice(Math.max(0, messages.length - latest)));
    },
    listSpans: async (sessionId, { runId } = {}) =>
      [...get(sessionId).spans.values()]
        .filter((span) => runId === undefined || span.runId === runId)
        .sort((a, b) => a.startTime - b.startTime),
    saveStep: async ({ sessionId, entries, spans, session: patch }) => {
      const session = get(sessionId);
      const wasUnnamed = session.messages.length === 0 || session.record.title === UNTITLED;
      for (const entry of structuredClone(entries)) {
        const index = session.messages.findIndex((existing) => existing.id === entry.id);
        const existing = session.messages[index];
        if (existing) session.messages[index] = { ...entry, seq: existing.seq };
        else session.messages.push({ ...entry, seq: session.record.nextSeq++ });
      }
      for (const span of spans) session.spans.set(span.spanId, structuredClone(span));
      let record = applySessionPatch(session.record, { updatedAt: options.now(), ...patch });
      const userText = firstUserText(entries);
      if (userText !== undefined && wasUnnamed && !record.titleEdited && !Object.hasOwn(patch, 'title')) {
        record = { ...record, title: titleFromMessage(userText) };
      }
      session.record = record;
      return counted(session);
    },
    truncateFrom: async (sessionId, entryId) => {
      const session = get(sessionId);
      const from = session.messages.find((message) => message.id === entryId);
      if (from) removeMessages(session, (message) => message.seq >= from.seq);
    },
    deleteEntries: async (sessionId, entryIds) => {
      const removed = new Set(entryIds);
      removeMessages(get(sessionId), (message) => removed.has(message.id));
    },
    searchSessions: (query) => searchAll(query),
    prepareSearch: async () => undefined,
    searchSnippets: async (query, sessionIds) => {
      const wanted = new Set(sessionIds);
      return (await searchAll(query)).filter((match) => wanted.has(match.sessionId));
    },
    exportSessions: async ({ sessionIds, all }) => {
      const { collectSecrets, SESSION_FILE_FORMAT, SESSION_FILE_VERSION, sessionFileName, toFileSession } =
        await sessionFiles();
      const secrets = collectSecrets(settings.apiKey, settings.otlpHeaders);
      const ids = all
        ? [...sessions.values()]
            .sort((a, b) => b.record.updatedAt - a.record.updatedAt)
            .map((session) => session.record.id)
        : (sessionIds ?? []);
      const file: SessionFile = {
        format: SESSION_FILE_FORMAT,
        version: SESSION_FILE_VERSION,
        exportedAt: new Date(options.now()).toISOString(),
        scope: all ? 'all' : 'session',
        sessions: ids.flatMap((id) => {
          const session = sessions.get(id);
          if (!session) return [];
          const data = {
            session: counted(session),
            messages: session.messages,
            spans: [...session.spans.values()],
            toolState: [...session.toolState.values()],
            attachments: [...attachments.values()].filter((attachment) => attachment.sessionId === id),
          };
          return [toFileSession(data, secrets)];
        }),
      };
      if (all) file.notes = (await stores.notes.list()).toReversed();
      return {
        fileName: sessionFileName(file, all ? undefined : file.sessions[0]?.title),
        text: JSON.stringify(file, null, 2),
      };
    },
    importFile: async (text, fileName) => {
      const { importRecords, parseImportFile } = await sessionFiles();
      const parsed = typeof text === 'string' ? parseImportFile(text, fileName) : text;
      if (!parsed.ok) return parsed;
      // Everything was validated above, and nothing below can fail: the import is all or nothing.
      const used = idsInUse();
      const sessionIds: string[] = [];
      let copies = 0;
      let first: { session: SessionRecord; entries: TranscriptEntry[]; spans: Span[] } | undefined;
      for (const imported of parsed.sessions) {
        const clash =
          imported.source === 'glassbox' &&
          [
            imported.id,
            ...imported.messages.map((m) => m.id),
            ...imported.spans.map((s) => s.spanId),
            ...imported.attachments.map((a) => a.id),
          ].some((id) => used.has(id));
        if (clash) copies += 1;
        const records = importRecords(imported, clash || imported.source === 'chatgpt', importId);
        sessions.set(records.session.id, {
          record: records.session,
          messages: records.messages,
          spans: new Map(records.spans.map((span) => [span.spanId, span])),
          toolState: new Map(records.toolState.map((entry) => [entry.key, entry])),
        });
        for (const attachment of records.attachments) attachments.set(attachment.id, attachment);
        for (const id of [
          records.session.id,
          ...records.messages.map((m) => m.id),
          ...records.spans.map((s) => s.spanId),
        ])
          used.add(id);
        sessionIds.push(records.session.id);
        first ??= {
          session: records.session,
          entries: [...records.messages].sort((a, b) => a.seq - b.seq),
          spans: [...records.spans].sort((a, b) => a.startTime - b.startTime),
        };
      }
      const known = await stores.notes.list();
      for (const note of parsed.notes) {
        if (
          known.some(
            (existing) =>
              existing.content === note.content && existing.tags.join('\u0000') === note.tags.join('\u0000'),
          )
        )
          continue;
        await stores.notes.add({
          content: note.content,
          tags: note.tags,
          ...(note.sessionId ? { sessionId: note.sessionId } : {}),
        });
      }
      return { ok: true, sessionIds, copies, skipped: parsed.skipped, ...(first ? { first } : {}) };
    },
    toolState,
    notes: {
      add: (input) => stores.notes.add(input),
      search: (query, limit) => stores.notes.search(query, limit),
      list: () => stores.notes.list(),
      update: async (id, patch) => {
        const note = (await stores.notes.list()).find((candidate) => candidate.id === id);
        if (!note) return;
        await stores.notes.remove(id);
        await stores.notes.add({
          content: patch.content ?? note.content,
          tags: patch.tags ?? note.tags,
          ...(note.sessionId ? { sessionId: note.sessionId } : {}),
        });
      },
      remove: async (id) => {
        await stores.notes.remove(id);
      },
    },
    noteVectors: {
      list: async () => [...noteVectors.values()],
      put: async (records) => {
        for (const record of records) noteVectors.set(record.noteId, record);
      },
      prune: async (keep) => {
        for (const id of noteVectors.keys()) if (!keep.has(id)) noteVectors.delete(id);
      },
    },
    attachments: {
      list: async (sessionId) =>
        [...attachments.values()]
          .filter((file) => file.sessionId === sessionId)
          .sort((a, b) => a.createdAt - b.createdAt),
      add: async (attachment) => {
        attachments.set(attachment.id, attachment);
      },
      remove: async (id) => {
        attachments.delete(id);
      },
    },
  };
}
