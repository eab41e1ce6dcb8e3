import type { SessionMatch } from '../db/search-match.ts';
import type { TranscriptEntry } from '../agent/transcript.ts';
import { titleFromMessage } from '../db/save-step.ts';
import type { SessionRecord } from '../db/schema.ts';
import { UNTITLED } from '../db/schema.ts';
import { applySessionPatch } from '../db/sessions.ts';
import type { ToolStateStore } from '../tools/tool-context.ts';
import { memorySessionFiles } from './memory-session-files.ts';
import { createMemoryState, removeMessages, type MemorySeed, type MemoryState } from './memory-state.ts';
import type { KnowledgeLibrary } from '../knowledge/knowledge-events.ts';
import type { PassageVectorStore } from '../knowledge/knowledge-search.ts';
import type { Persistence } from './persistence.ts';

export type { MemorySeed } from './memory-state.ts';

function firstUserText(entries: readonly TranscriptEntry[]): string | undefined {
  const first = entries.find(
    (entry) => entry.message.role === 'user' && !entry.meta?.synthetic && entry.message.content.trim(),
  );
  return first?.message.role === 'user' ? first.message.content : undefined;
}

/**
 * Storage that lives only as long as the tab: used when IndexedDB cannot be opened. It keeps the same rules
 * as the IndexedDB storage (seqs, titles, copies on import, export shape), so the app behaves the same.
 */
export function createMemoryPersistence(
  options: { newId: (prefix: string) => string; now: () => number },
  seed?: MemorySeed,
): Persistence {
  const state = createMemoryState(options, seed);
  // One library for the tab's life, made on first use.
  let knowledge: Promise<KnowledgeLibrary> | undefined;
  let vectors: Promise<PassageVectorStore> | undefined;
  return {
    kind: 'memory',
    loadSettings: async () => state.settings,
    saveSettings: async (next) => {
      state.settings = next;
    },
    ...sessionMethods(state),
    ...messageMethods(state),
    ...searchMethods(state),
    ...memorySessionFiles(state),
    ...sideStores(state),
    knowledge: () =>
      (knowledge ??= import('../knowledge/memory-knowledge.ts').then((m) => m.createMemoryKnowledgeLibrary())),
    knowledgeVectors: () =>
      (vectors ??= import('../knowledge/memory-passage-vectors.ts').then((m) => new m.MemoryPassageVectors())),
  };
}

function sessionMethods(
  state: MemoryState,
): Pick<Persistence, 'listSessions' | 'getSession' | 'createSession' | 'updateSession' | 'deleteSession'> {
  const { sessions, counted, options } = state;
  return {
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
      for (const [id, attachment] of state.attachments)
        if (attachment.sessionId === sessionId) state.attachments.delete(id);
    },
  };
}

function messageMethods(
  state: MemoryState,
): Pick<Persistence, 'listMessages' | 'listSpans' | 'saveStep' | 'truncateFrom' | 'deleteEntries'> {
  const { get, counted, options } = state;
  return {
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
      if (from) removeMessages(state, session, (message) => message.seq >= from.seq);
    },
    deleteEntries: async (sessionId, entryIds) => {
      const removed = new Set(entryIds);
      removeMessages(state, get(sessionId), (message) => removed.has(message.id));
    },
  };
}

function searchMethods(state: MemoryState): Pick<Persistence, 'searchSessions' | 'prepareSearch' | 'searchSnippets'> {
  /** The search, matching each session's messages (session-matcher.ts: loaded with the first search). */
  const searchAll = async (query: string): Promise<SessionMatch[]> => {
    const [{ matchSession }, { normaliseForSearch, rankedByTitle, searchTerms }] = await Promise.all([
      import('../db/session-matcher.ts'),
      import('../db/search-match.ts'),
    ]);
    const terms = searchTerms(query);
    const newestFirst = [...state.sessions.values()].sort((a, b) => b.record.updatedAt - a.record.updatedAt);
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
  return {
    searchSessions: (query) => searchAll(query),
    prepareSearch: async () => undefined,
    searchSnippets: async (query, sessionIds) => {
      const wanted = new Set(sessionIds);
      return (await searchAll(query)).filter((match) => wanted.has(match.sessionId));
    },
  };
}

function sideStores(
  state: MemoryState,
): Pick<Persistence, 'toolState' | 'notes' | 'noteVectors' | 'attachments' | 'datasets'> {
  const { sessions, stores, attachments, noteVectors, options } = state;
  const toolState: ToolStateStore = {
    get: async <T>(sessionId: string, key: string) =>
      structuredClone(sessions.get(sessionId)?.toolState.get(key)?.value) as T | undefined,
    set: async <T>(sessionId: string, key: string, value: T) => {
      state
        .get(sessionId)
        .toolState.set(key, { sessionId, key, value: structuredClone(value), updatedAt: options.now() });
    },
  };
  return {
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
    datasets: async () => (await import('../db/datasets-memory.ts')).memoryDatasetStore(state),
  };
}
