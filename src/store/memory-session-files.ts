import { stringifyJson } from '../json/deep-json.ts';
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { SessionRecord } from '../db/schema.ts';
import type { SessionFile } from '../db/session-file.ts';
import { newSpanId } from '../trace/ids.ts';
import type { Span } from '../trace/span.ts';
import type { MemoryState } from './memory-state.ts';
import type { ImportOutcome, Persistence } from './persistence.ts';

/** Export and import code (parsers, mappers, schemas) is a chunk of its own: the first load does not carry it. */
const sessionFiles = async () => {
  const [files, exports, imports, datasets] = await Promise.all([
    import('../db/session-file.ts'),
    import('../db/session-export.ts'),
    import('../db/import-sessions.ts'),
    import('../db/datasets-memory.ts'),
  ]);
  return { ...files, ...datasets, toFileSession: exports.toFileSession, importRecords: imports.importRecords };
};

/** Export and import of session files for the memory storage, with the same rules as the IndexedDB storage. */
export function memorySessionFiles(state: MemoryState): Pick<Persistence, 'exportSessions' | 'importFile'> {
  return {
    exportSessions: (request) => exportSessions(state, request),
    importFile: (text, fileName) => importFile(state, text, fileName),
  };
}

async function exportSessions(
  state: MemoryState,
  { sessionIds, all }: Parameters<Persistence['exportSessions']>[0],
): ReturnType<Persistence['exportSessions']> {
  const { collectSecrets, SESSION_FILE_FORMAT, SESSION_FILE_VERSION, sessionFileName, toFileSession } =
    await sessionFiles();
  const secrets = collectSecrets(state.settings.apiKey, state.settings.otlpHeaders);
  const ids = all
    ? [...state.sessions.values()]
        .sort((a, b) => b.record.updatedAt - a.record.updatedAt)
        .map((session) => session.record.id)
    : (sessionIds ?? []);
  const file: SessionFile = {
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    exportedAt: new Date(state.options.now()).toISOString(),
    scope: all ? 'all' : 'session',
    sessions: ids.flatMap((id) => {
      const session = state.sessions.get(id);
      if (!session) return [];
      const data = {
        session: state.counted(session),
        messages: session.messages,
        spans: [...session.spans.values()],
        toolState: [...session.toolState.values()],
        attachments: [...state.attachments.values()].filter((attachment) => attachment.sessionId === id),
      };
      return [toFileSession(data, secrets)];
    }),
  };
  if (all) file.notes = (await state.stores.notes.list()).toReversed();
  const datasets = all ? await (await sessionFiles()).exportMemoryDatasets(state) : [];
  if (datasets.length > 0) file.datasets = datasets;
  return {
    fileName: sessionFileName(file, all ? undefined : file.sessions[0]?.title),
    text: stringifyJson(file, 2) ?? '',
  };
}

async function importFile(
  state: MemoryState,
  text: Parameters<Persistence['importFile']>[0],
  fileName: string,
): Promise<ImportOutcome> {
  const { importRecords, parseImportFile, importMemoryDatasets } = await sessionFiles();
  const parsed = typeof text === 'string' ? parseImportFile(text, fileName) : text;
  if (!parsed.ok) return parsed;
  // Everything was validated above, and nothing below can fail: the import is all or nothing.
  const importId = (prefix: string) => (prefix === 'span' ? newSpanId() : state.options.newId(prefix));
  const used = idsInUse(state);
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
    state.sessions.set(records.session.id, {
      record: records.session,
      messages: records.messages,
      spans: new Map(records.spans.map((span) => [span.spanId, span])),
      toolState: new Map(records.toolState.map((entry) => [entry.key, entry])),
    });
    for (const attachment of records.attachments) state.attachments.set(attachment.id, attachment);
    for (const id of [records.session.id, ...records.messages.map((m) => m.id), ...records.spans.map((s) => s.spanId)])
      used.add(id);
    sessionIds.push(records.session.id);
    first ??= {
      session: records.session,
      entries: [...records.messages].sort((a, b) => a.seq - b.seq),
      spans: [...records.spans].sort((a, b) => a.startTime - b.startTime),
    };
  }
  await importNotes(state, parsed.notes);
  await importMemoryDatasets(state, parsed.datasets ?? [], importId);
  return { ok: true, sessionIds, copies, skipped: parsed.skipped, ...(first ? { first } : {}) };
}

/** Adds the file's notes that are not there yet (same content and tags). */
async function importNotes(
  state: MemoryState,
  notes: ReadonlyArray<{ content: string; tags: string[]; sessionId?: string }>,
): Promise<void> {
  const known = await state.stores.notes.list();
  for (const note of notes) {
    const same = (existing: { content: string; tags: string[] }) =>
      existing.content === note.content && existing.tags.join('\u0000') === note.tags.join('\u0000');
    if (known.some(same)) continue;
    await state.stores.notes.add({
      content: note.content,
      tags: note.tags,
      ...(note.sessionId ? { sessionId: note.sessionId } : {}),
    });
  }
}

function idsInUse(state: MemoryState): Set<string> {
  const ids = new Set<string>();
  for (const session of state.sessions.values()) {
    ids.add(session.record.id);
    for (const message of session.messages) ids.add(message.id);
    for (const spanId of session.spans.keys()) ids.add(spanId);
  }
  for (const id of state.attachments.keys()) ids.add(id);
  return ids;
}
