import { createAttachmentStore, addAttachment, deleteAttachment } from '../db/attachments.ts';
import { deleteMessages, getMessage, listMessages, truncateMessagesFrom } from '../db/messages.ts';
import { createNotesStore } from '../db/notes.ts';
import { saveStep } from '../db/save-step.ts';
import { exportSessions, importParsed, parseImportFile, sessionFileName } from '../db/session-file.ts';
import { createSession, deleteSession, getSession, listSessions, searchSessions, updateSession } from '../db/sessions.ts';
import { loadSettings, saveSettings } from '../db/settings.ts';
import { listSpans } from '../db/spans.ts';
import { createToolStateStore } from '../db/tool-state.ts';
import type { GlassboxDatabase } from '../db/transaction.ts';
import { newSpanId } from '../trace/ids.ts';
import type { Persistence } from './persistence.ts';

/** Storage in IndexedDB through the db repositories. */
export function createIndexedDbPersistence(
  db: GlassboxDatabase,
  options: { newId: (prefix: string) => string; now: () => number },
): Persistence {
  const importId = (prefix: string) => (prefix === 'span' ? newSpanId() : options.newId(prefix));
  const notes = createNotesStore(db, { newId: () => options.newId('note'), now: options.now });
  return {
    kind: 'indexeddb',
    loadSettings: () => loadSettings(db),
    saveSettings: (settings) => saveSettings(db, settings),
    listSessions: () => listSessions(db),
    getSession: (sessionId) => getSession(db, sessionId),
    createSession: () => createSession(db, { id: options.newId('sess'), now: options.now() }),
    updateSession: (sessionId, patch) => updateSession(db, sessionId, patch),
    deleteSession: async (sessionId) => {
      await deleteSession(db, sessionId);
    },
    listMessages: (sessionId) => listMessages(db, sessionId),
    listSpans: (sessionId) => listSpans(db, sessionId),
    saveStep: (write) => saveStep(db, { ...write, session: { updatedAt: options.now(), ...write.session } }),
    truncateFrom: async (sessionId, entryId) => {
      const record = await getMessage(db, entryId);
      if (record && record.sessionId === sessionId) await truncateMessagesFrom(db, sessionId, record.seq);
    },
    deleteEntries: async (sessionId, entryIds) => {
      await deleteMessages(db, sessionId, entryIds);
    },
    searchSessions: async (query) => (await searchSessions(db, query)).map((session) => session.id),
    exportSessions: async ({ sessionIds, all }) => {
      const file = await exportSessions(db, { ...(all ? {} : { sessionIds }), includeNotes: all, now: options.now() });
      return { fileName: sessionFileName(file, all ? undefined : file.sessions[0]?.title), text: JSON.stringify(file, null, 2) };
    },
    importFile: async (text, fileName) => {
      const parsed = parseImportFile(text, fileName);
      if (!parsed.ok) return parsed;
      try {
        const result = await importParsed(db, parsed, { newId: importId });
        const first = result.first && { session: result.first.session, entries: result.first.messages, spans: result.first.spans };
        return { ok: true, sessionIds: result.sessionIds, copies: result.copies, skipped: parsed.skipped, ...(first ? { first } : {}) };
      } catch (error) {
        return { ok: false, error: `${fileName}: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
    toolState: createToolStateStore(db, options.now),
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
    },
    attachments: {
      ...createAttachmentStore(db),
      add: (attachment) => addAttachment(db, attachment),
      remove: async (id) => {
        await deleteAttachment(db, id);
      },
    },
  };
}
