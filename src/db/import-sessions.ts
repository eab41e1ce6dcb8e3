import type { Note } from '../tools/tool-context.ts';
import { invalidateNotesIndex } from './notes.ts';
import type { AttachmentRecord, MessageRecord, SessionRecord, SpanRecord, ToolStateRecord } from './schema.ts';
import type { FileSession } from './session-file-schema.ts';
import { requestAll, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** Prefixes of the ids an import may need; `span` ids must be 16 lowercase hex characters. */
export type ImportIdPrefix = 'sess' | 'msg' | 'span' | 'note' | 'file';

/** How new ids are made when an import needs them (clashes, ChatGPT conversations). */
export interface ImportOptions {
  newId: (prefix: ImportIdPrefix) => string;
}

/** What an import wrote. */
export interface ImportResult {
  /** The imported sessions' ids (new ids for copies), in file order. */
  sessionIds: string[];
  /** Sessions imported as copies because their ids already existed. */
  copies: number;
  /** Notes written (notes already present unchanged are skipped). */
  notes: number;
}

interface ImportSource {
  sessions: ReadonlyArray<FileSession & { source: 'glassbox' | 'chatgpt' }>;
  notes: readonly Note[];
}

interface SessionRecords {
  session: SessionRecord;
  messages: MessageRecord[];
  spans: SpanRecord[];
  toolState: ToolStateRecord[];
  attachments: AttachmentRecord[];
}

type IdMapper = (id: string) => string;

/** Builds a session's records, renaming every id through `rename` and linking everything to the session. */
function toRecords(file: FileSession, sessionId: string, renameMessage: IdMapper, renameSpan: IdMapper, renameFile: IdMapper): SessionRecords {
  const spanIds = new Set(file.spans.map((span) => span.spanId));
  const messages: MessageRecord[] = file.messages.map((message) => {
    const record: MessageRecord = { ...message, id: renameMessage(message.id), sessionId, runId: renameSpan(message.runId) };
    if (message.spanId !== undefined) {
      if (spanIds.has(message.spanId)) record.spanId = renameSpan(message.spanId);
      else delete record.spanId;
    }
    return record;
  });
  const spans: SpanRecord[] = file.spans.map((span) => {
    const record: SpanRecord = { ...span, sessionId, spanId: renameSpan(span.spanId), runId: renameSpan(span.runId) };
    if (span.parentSpanId !== undefined) {
      if (spanIds.has(span.parentSpanId)) record.parentSpanId = renameSpan(span.parentSpanId);
      else delete record.parentSpanId;
    }
    return record;
  });
  const lastSeq = file.messages.at(-1)?.seq ?? -1;
  const session: SessionRecord = {
    id: sessionId,
    title: file.title,
    titleEdited: file.titleEdited,
    createdAt: file.createdAt,
    updatedAt: file.updatedAt,
    messageCount: messages.length,
    spanCount: spans.length,
    nextSeq: lastSeq + 1,
    // Nothing runs an imported session: a run in progress when it was exported counts as interrupted.
    status: file.status === 'running' ? 'interrupted' : file.status,
  };
  if (file.activeRunId !== undefined) session.activeRunId = renameSpan(file.activeRunId);
  if (file.lastError !== undefined) session.lastError = file.lastError;
  if (file.summary !== undefined) session.summary = { ...file.summary };
  return {
    session,
    messages,
    spans,
    toolState: file.toolState.map((entry) => ({ sessionId, key: entry.key, value: entry.value, updatedAt: entry.updatedAt })),
    attachments: file.attachments.map((attachment) => ({ ...attachment, id: renameFile(attachment.id), sessionId })),
  };
}

/** A renaming that gives each distinct old id one new id. */
function freshIds(make: () => string): IdMapper {
  const assigned = new Map<string, string>();
  return (id) => {
    let fresh = assigned.get(id);
    if (fresh === undefined) {
      fresh = make();
      assigned.set(id, fresh);
    }
    return fresh;
  };
}

const keep: IdMapper = (id) => id;

function anyTaken(ids: readonly string[], taken: ReadonlySet<string>): boolean {
  return ids.some((id) => taken.has(id));
}

function sameNote(a: Note, b: Note): boolean {
  return a.content === b.content && a.tags.join('\u0000') === b.tags.join('\u0000');
}

/**
 * Writes a validated import in one transaction: nothing is overwritten (a session whose ids already exist
 * is imported as a copy with new ids, links remapped) and on any failure nothing is written.
 */
export async function importParsed(db: GlassboxDatabase, parsed: ImportSource, options: ImportOptions): Promise<ImportResult> {
  const result = await runTransaction(
    db,
    ['sessions', 'messages', 'spans', 'toolState', 'attachments', 'notes'],
    'readwrite',
    async (tx) => {
      const stores = {
        sessions: tx.objectStore('sessions'),
        messages: tx.objectStore('messages'),
        spans: tx.objectStore('spans'),
        toolState: tx.objectStore('toolState'),
        attachments: tx.objectStore('attachments'),
        notes: tx.objectStore('notes'),
      };
      const used = { sessions: new Set<string>(), messages: new Set<string>(), spans: new Set<string>(), files: new Set<string>() };
      const sessionIds: string[] = [];
      let copies = 0;

      for (const file of parsed.sessions) {
        let fresh = file.source === 'chatgpt';
        if (!fresh) {
          const clashesInFile =
            used.sessions.has(file.id) ||
            anyTaken(file.messages.map((m) => m.id), used.messages) ||
            anyTaken(file.spans.map((s) => s.spanId), used.spans) ||
            anyTaken(file.attachments.map((a) => a.id), used.files);
          const existing = clashesInFile
            ? [true]
            : await requestAll<unknown>([
                () => stores.sessions.getKey(file.id),
                ...file.messages.map((message) => () => stores.messages.getKey(message.id)),
                ...file.spans.map((span) => () => stores.spans.getKey(span.spanId)),
                ...file.attachments.map((attachment) => () => stores.attachments.getKey(attachment.id)),
              ]);
          fresh = existing.some((key) => key !== undefined);
          if (fresh) copies += 1;
        }
        const records = fresh
          ? toRecords(
              file,
              options.newId('sess'),
              freshIds(() => options.newId('msg')),
              freshIds(() => options.newId('span')),
              freshIds(() => options.newId('file')),
            )
          : toRecords(file, file.id, keep, keep, keep);
        used.sessions.add(records.session.id);
        for (const message of records.messages) used.messages.add(message.id);
        for (const span of records.spans) used.spans.add(span.spanId);
        for (const attachment of records.attachments) used.files.add(attachment.id);
        sessionIds.push(records.session.id);
        await requestAll<unknown>([
          () => stores.sessions.add(records.session),
          ...records.messages.map((record) => () => stores.messages.add(record)),
          ...records.spans.map((record) => () => stores.spans.add(record)),
          ...records.toolState.map((record) => () => stores.toolState.add(record)),
          ...records.attachments.map((record) => () => stores.attachments.add(record)),
        ]);
      }

      let notes = 0;
      const usedNotes = new Set<string>();
      for (const note of parsed.notes) {
        const existing = await stores.notes.get(note.id);
        if (existing && sameNote(existing, note)) continue;
        const id = existing || usedNotes.has(note.id) ? options.newId('note') : note.id;
        usedNotes.add(id);
        await stores.notes.add({ ...note, id });
        notes += 1;
      }
      return { sessionIds, copies, notes };
    },
  );
  if (result.notes > 0) invalidateNotesIndex(db);
  return result;
}
