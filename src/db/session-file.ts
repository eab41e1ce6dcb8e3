import type { FileSession, SessionFile } from './session-file-schema.ts';
import { SESSION_FILE_FORMAT, SESSION_FILE_VERSION } from './session-file-schema.ts';
import { collectSessionForExport, redactSecrets } from './session-export.ts';
import { loadSettings } from './settings.ts';
import { readStorage, type GlassboxDatabase } from './transaction.ts';
import { portableTools } from '../tools/custom/portable.ts';
import type { Note } from '../tools/tool-context.ts';
import { encodeNoteVector, type FileNoteVector } from './note-vector-file.ts';
import { exportKnowledge } from './knowledge-file.ts';
import type { NoteVectorRecord } from './schema.ts';
import { exportDatasets } from './datasets.ts';

export { SESSION_FILE_FORMAT, SESSION_FILE_VERSION, type SessionFile } from './session-file-schema.ts';
export { importParsed, type ImportResult, type ImportOptions, type ImportIdPrefix } from './import-sessions.ts';
export { MAX_IMPORT_BYTES } from './import-limit.ts';
export { parseImportFile, type ImportedSession, type ParsedImport } from './parse-import-file.ts';

/** Exports sessions (all of them, or the given ones) to a versioned file; notes only when asked. */
export async function exportSessions(
  db: GlassboxDatabase,
  options: { sessionIds?: string[]; includeNotes: boolean; now: Date | number },
): Promise<SessionFile> {
  const settings = await loadSettings(db);
  const secrets = collectSecrets(settings.apiKey, settings.otlpHeaders);
  const ids =
    options.sessionIds ??
    (await readStorage(async () => (await db.getAllFromIndex('sessions', 'by-updated')).toReversed().map((s) => s.id)));
  const sessions: FileSession[] = [];
  for (const id of ids) {
    const session = await collectSessionForExport(db, id, secrets);
    if (session) sessions.push(session);
  }
  const file: SessionFile = {
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    exportedAt: new Date(options.now).toISOString(),
    scope: options.sessionIds ? 'session' : 'all',
    sessions,
  };
  // Export all carries the team of agents too (their prompts hold no secrets).
  if (!options.sessionIds) {
    const { delegation, maxDelegationDepth, maxDelegations, maxRunTokens, agents } = settings;
    file.roster = { delegation, maxDelegationDepth, maxDelegations, maxRunTokens, agents };
    const datasets = await exportDatasets(db);
    if (datasets.length > 0) file.datasets = datasets;
  }
  if (options.includeNotes) {
    const [notes, vectors] = await Promise.all([
      readStorage(() => db.getAllFromIndex('notes', 'by-updated')),
      readStorage(() => db.getAll('noteVectors')),
    ]);
    file.notes = withVectors(
      notes.map((note) => redactSecrets(note, secrets)),
      vectors,
    );
  }
  // Export all carries the Knowledge library (documents, passages, originals).
  if (!options.sessionIds) {
    const knowledge = await exportKnowledge(db);
    if (knowledge.length > 0) file.knowledge = knowledge;
  }
  const tools = portableTools(settings, sessions, !options.sessionIds);
  if (tools) file.tools = tools;
  return file;
}

/**
 * The notes with their embeddings (model, dimension, the hash of the text embedded, the numbers; nothing of the
 * endpoint). A vector of an older text of the note keeps that text's hash, so the note is embedded again after import.
 */
export function withVectors<T extends Pick<Note, 'id'>>(
  notes: readonly T[],
  vectors: readonly NoteVectorRecord[],
): Array<T & { vector?: FileNoteVector }> {
  const byNote = new Map(vectors.map((record) => [record.noteId, record]));
  return notes.map((note) => {
    const record = byNote.get(note.id);
    if (!record || record.vector.length !== record.dimensions) return note;
    return { ...note, vector: encodeNoteVector(record.model, record.vector, record.textHash) };
  });
}

/** Secret strings that must never appear in an export: the API key and OTLP header values. */
export function collectSecrets(apiKey: string, otlpHeaders: string): string[] {
  const secrets = [apiKey.trim()];
  for (const line of otlpHeaders.split(/[\n,]/)) {
    const separator = line.search(/[=:]/);
    if (separator > 0) secrets.push(line.slice(separator + 1).trim());
  }
  return secrets.filter((secret) => secret.length >= 6);
}

function slug(title: string): string {
  const cleaned = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const short = Array.from(cleaned).slice(0, 48).join('').replace(/-+$/, '');
  return short || 'session';
}

/** The download name: `glassbox-<title>-<date>.json` for one session, `glassbox-all-sessions-<date>.json` for all. */
export function sessionFileName(file: SessionFile, title?: string): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(file.exportedAt)?.[0] ?? 'export';
  if (file.scope === 'all' || file.sessions.length !== 1) {
    return file.scope === 'all' ? `glassbox-all-sessions-${date}.json` : `glassbox-sessions-${date}.json`;
  }
  return `glassbox-${slug(title ?? file.sessions[0]?.title ?? '')}-${date}.json`;
}
