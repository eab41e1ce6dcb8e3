import { createAttachmentStore } from '../db/attachments.ts';
import { deleteMessages, getMessage, listMessages, truncateMessagesFrom } from '../db/messages.ts';
import { createNotesStore } from '../db/notes.ts';
import { saveStep } from '../db/save-step.ts';
import {
  createSession,
  deleteSession,
  getSession,
  listSessions,
  prepareSearchIndex,
  searchSessions,
  searchSnippets,
  updateSession,
} from '../db/sessions.ts';
import { loadSettings, saveSettings } from '../db/settings.ts';
import { listRunSpans, listSpans } from '../db/spans.ts';
import { createToolStateStore } from '../db/tool-state.ts';
import { toStorageError } from '../db/storage-error.ts';
import type { GlassboxDatabase } from '../db/transaction.ts';
import { newSpanId } from '../trace/ids.ts';
import type { DatasetStore } from '../db/datasets.ts';
import type { Persistence } from './persistence.ts';
import { localChanged } from './sync-hook.ts';
import type { KnowledgeLibrary } from '../knowledge/knowledge-events.ts';
import { stringifyJson } from '../json/deep-json.ts';

/** Export and import code (parsers, mappers, schemas) is a chunk of its own: the first load does not carry it. */
const sessionFiles = () => import('../db/session-file.ts');

/** How the IndexedDB storage is made. */
export interface IndexedDbPersistenceOptions {
  newId: (prefix: string) => string;
  now: () => number;
  /**
   * How many writes are kept in memory because storage is full: called when that number changes (0 once every
   * one of them is written).
   */
  onPendingWrites?: (count: number) => void;
  /** A kept write failed for another reason than a full storage when it was retried: it is dropped. */
  onRetryFailed?: (error: unknown) => void;
  /** Schedules the next retry of kept writes; `setTimeout` by default (tests run it by hand). */
  scheduleRetry?: (retry: () => void, delayMs: number) => void;
  /** How long after a quota failure kept writes are retried; 10 s by default. */
  retryMs?: number;
}

/**
 * Writes that hit a full storage (QuotaExceededError), kept in memory in order and written once space is free:
 * retried on a timer and after a session is deleted. While any are kept, later writes queue behind them, so
 * they reach storage in the order they were made.
 */
function createRetryQueue(options: IndexedDbPersistenceOptions) {
  const pending: Array<() => Promise<unknown>> = [];
  let draining: Promise<void> | undefined;
  let scheduled = false;
  const schedule = options.scheduleRetry ?? ((retry, delayMs) => void setTimeout(retry, delayMs));
  const notify = () => options.onPendingWrites?.(pending.length);
  const later = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(() => {
      scheduled = false;
      void drain();
    }, options.retryMs ?? 10_000);
  };
  const drain = (): Promise<void> => {
    draining ??= (async () => {
      while (pending.length > 0) {
        const write = pending[0] as () => Promise<unknown>;
        try {
          await write();
        } catch (error) {
          if (toStorageError(error).kind === 'quota') {
            later();
            return;
          }
          // A session deleted meanwhile, or a write that can never succeed: keeping it would block the rest.
          if (toStorageError(error).kind !== 'not-found') options.onRetryFailed?.(error);
        }
        pending.shift();
        notify();
      }
    })().finally(() => {
      draining = undefined;
    });
    return draining;
  };
  return {
    /** Runs a write, or keeps it (resolving with `kept`) if storage is full or earlier writes are kept. */
    async write<T>(run: () => Promise<T>, kept: T): Promise<T> {
      if (pending.length > 0) {
        pending.push(run);
        notify();
        void drain();
        return kept;
      }
      try {
        return await run();
      } catch (error) {
        if (toStorageError(error).kind !== 'quota') throw error;
        pending.push(run);
        notify();
        later();
        return kept;
      }
    },
    /** Tries the kept writes now (space may have been freed). */
    retry: (): Promise<void> => (pending.length > 0 ? drain() : Promise.resolve()),
    get size() {
      return pending.length;
    },
  };
}

/** Storage in IndexedDB through the db repositories; writes that hit a full storage are kept and retried. */
export function createIndexedDbPersistence(
  db: GlassboxDatabase,
  options: IndexedDbPersistenceOptions,
): Persistence & { retryKeptWrites(): Promise<void>; db: GlassboxDatabase } {
  const queue = createRetryQueue(options);
  // One library over this database, made on first use (its code is a chunk of its own).
  let knowledge: Promise<KnowledgeLibrary> | undefined;
  return {
    retryKeptWrites: () => queue.retry(),
    // The database itself, for sync (src/sync/engine writes through the db functions).
    db,
    kind: 'indexeddb',
    experiments: async () => (await import('../db/experiments.ts')).createExperimentStorage(db),
    loadSettings: () => loadSettings(db),
    saveSettings: (settings) => queue.write(() => saveSettings(db, settings), undefined),
    listSessions: () => listSessions(db),
    getSession: (sessionId) => getSession(db, sessionId),
    createSession: () => createSession(db, { id: options.newId('sess'), now: options.now() }),
    updateSession: (sessionId, patch) => queue.write(() => updateSession(db, sessionId, patch), undefined),
    deleteSession: async (sessionId) => {
      await deleteSession(db, sessionId);
      // Space was freed: writes kept in memory may fit now (and what is read next should see them).
      await queue.retry();
    },
    listMessages: (sessionId, { latest } = {}) =>
      listMessages(db, sessionId, latest === undefined ? {} : { limit: latest }),
    listSpans: (sessionId, { runId } = {}) =>
      runId === undefined ? listSpans(db, sessionId) : listRunSpans(db, sessionId, runId),
    saveStep: (write) => {
      const step = { ...write, session: { updatedAt: options.now(), ...write.session } };
      return queue.write(() => saveStep(db, step), undefined);
    },
    truncateFrom: (sessionId, entryId) =>
      queue.write(async () => {
        const record = await getMessage(db, entryId);
        if (record && record.sessionId === sessionId) await truncateMessagesFrom(db, sessionId, record.seq);
      }, undefined),
    deleteEntries: (sessionId, entryIds) =>
      queue.write(async () => {
        await deleteMessages(db, sessionId, entryIds);
      }, undefined),
    searchSessions: (query, searchOptions) => searchSessions(db, query, searchOptions),
    searchSnippets: (query, sessionIds, searchOptions) => searchSnippets(db, query, sessionIds, searchOptions),
    prepareSearch: () => prepareSearchIndex(db),
    ...sessionFileMethods(db, options),
    ...sideStores(db, options, queue),
    knowledge: () => (knowledge ??= import('../db/knowledge.ts').then((m) => m.createKnowledgeLibrary(db))),
    knowledgeVectors: () => import('../db/knowledge-vectors.ts').then((m) => m.createPassageVectorStore(db)),
  };
}

/** Export and import of session files (their code loads with the first use). */
function sessionFileMethods(
  db: GlassboxDatabase,
  options: IndexedDbPersistenceOptions,
): Pick<Persistence, 'exportSessions' | 'importFile'> {
  const importId = (prefix: string) => (prefix === 'span' ? newSpanId() : options.newId(prefix));
  return {
    exportSessions: async ({ sessionIds, all }) => {
      const { exportSessions, sessionFileName } = await sessionFiles();
      const file = await exportSessions(db, { ...(all ? {} : { sessionIds }), includeNotes: all, now: options.now() });
      return {
        fileName: sessionFileName(file, all ? undefined : file.sessions[0]?.title),
        text: stringifyJson(file, 2) ?? '',
      };
    },
    importFile: async (text, fileName) => {
      const { importParsed, parseImportFile } = await sessionFiles();
      const parsed = typeof text === 'string' ? parseImportFile(text, fileName) : text;
      if (!parsed.ok) return parsed;
      try {
        const result = await importParsed(db, parsed, { newId: importId });
        const first = result.first && {
          session: result.first.session,
          entries: result.first.messages,
          spans: result.first.spans,
        };
        return {
          ok: true,
          sessionIds: result.sessionIds,
          copies: result.copies,
          skipped: parsed.skipped,
          ...(first ? { first } : {}),
        };
      } catch (error) {
        return { ok: false, error: `${fileName}: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}

/** Tool state, notes, their embeddings and attachments; tool-state writes go through the retry queue. */
function sideStores(
  db: GlassboxDatabase,
  options: IndexedDbPersistenceOptions,
  queue: ReturnType<typeof createRetryQueue>,
): Pick<Persistence, 'toolState' | 'notes' | 'noteVectors' | 'attachments' | 'datasets'> {
  const notes = createNotesStore(db, { newId: () => options.newId('note'), now: options.now });
  const toolState = createToolStateStore(db, options.now);
  return {
    toolState: {
      get: (sessionId, key) => toolState.get(sessionId, key),
      set: (sessionId, key, value) => queue.write(() => toolState.set(sessionId, key, value), undefined),
    },
    notes: {
      add: notes.add,
      search: notes.search,
      list: notes.list,
      update: async (id, patch) => {
        await notes.update(id, patch);
      },
      remove: async (id) => {
        await notes.remove(id);
      },
      pinned: notes.pinned,
      signature: notes.signature,
    },
    // Loaded with semantic recall, not with the page.
    noteVectors: {
      list: async () => (await import('../db/note-vectors.ts')).listNoteVectors(db),
      put: async (records) => (await import('../db/note-vectors.ts')).putNoteVectors(db, records),
      prune: async (keep) => {
        await (await import('../db/note-vectors.ts')).pruneNoteVectors(db, keep);
      },
    },
    attachments: createAttachmentStore(db),
    datasets: async () => withLocalChanged((await import('../db/datasets.ts')).createIndexedDbDatasetStore(db)),
  };
}

/** A dataset store whose writes tell sync that something changed here (datasets sync as `dataset:<id>`). */
function withLocalChanged(store: DatasetStore): DatasetStore {
  const after =
    <Args extends unknown[]>(write: (...args: Args) => Promise<void>) =>
    async (...args: Args) => {
      await write(...args);
      localChanged();
    };
  return {
    ...store,
    save: after(store.save),
    remove: after(store.remove),
    addItems: after(store.addItems),
    removeItem: after(store.removeItem),
  };
}
