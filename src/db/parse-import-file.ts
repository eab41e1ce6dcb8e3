import { importErrorText, type ImportErrorKey } from '../i18n/import-errors.ts';
import { noteVectorImportText } from '../i18n/note-vector-import.ts';
import type { Language, TextValues } from '../i18n/translate.ts';
import type { Note } from '../tools/tool-context.ts';
import { importOtlpTraces, isOtlpTraceFile, type ImportedTrace } from '../trace/otlp-import.ts';
import { isChatGptExport, parseChatGptExport, type SkippedConversation } from './chatgpt-import.ts';
import { importTooLargeError, MAX_IMPORT_BYTES } from './import-limit.ts';
import { readFileKnowledge, type FileKnowledgeDocument } from './knowledge-file.ts';
import { fileNoteVectorSchema, type ImportedNoteVector } from './note-vector-file.ts';
import { describeIssues, parseUntrustedJson, quoteLabel } from './safe-json.ts';
import { readFileDatasets } from './datasets-file.ts';
import type { DatasetWithItems } from './datasets.ts';
import type { FileSession } from './session-file-schema.ts';
import {
  fileNoteSchema,
  fileSessionSchema,
  SESSION_FILE_FORMAT,
  SESSION_FILE_VERSION,
  sessionFileEnvelopeSchema,
} from './session-file-schema.ts';

/** A session ready to import: from our own export, or converted from ChatGPT (whose ids are placeholders). */
export type ImportedSession = FileSession & { source: 'glassbox' | 'chatgpt' };

/** A validated import, nothing written yet. */
export interface ParsedImport {
  ok: true;
  sessions: ImportedSession[];
  notes: Note[];
  /** ChatGPT conversations left out (our own files are all or nothing, so never any). */
  skipped: SkippedConversation[];
  /** The custom tools and MCP servers of an "Export all" file, checked entry by entry when they are merged. */
  tools?: unknown;
  /** The team of agents of an "Export all" file, checked when it is merged. */
  roster?: unknown;
  /** The notes' embeddings the file carries (keyed by the notes' ids in the file), stored with them. */
  noteVectors?: ImportedNoteVector[];
  /** The Knowledge library of an "Export all" file. */
  knowledge?: FileKnowledgeDocument[];
  /** What was left out of an otherwise valid file (a note's unreadable vector), for the report. */
  warnings?: string[];
  /** The eval datasets of an "Export all" file, with their items (src/db/datasets.ts). */
  datasets?: DatasetWithItems[];
}

/** How far a parse has got: bytes read of the file, then (trace files) spans mapped of all spans. */
export interface ImportProgress {
  phase: 'read' | 'map';
  done: number;
  total: number;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

// The last successful parse, taken by the next call with the same text: an import validates a file before it writes
// anything, then hands the same text to storage, and a file of thousands of records should be parsed once.
let lastParse: { text: string; fileName: string; maxBytes: number; result: ParsedImport } | undefined;

/**
 * Reads an import file (our export, one session or all, or a ChatGPT `conversations.json`) and validates
 * everything; nothing is written. Errors name the file, the session and the field, in `language` (English by default).
 */
export function parseImportFile(
  text: string,
  fileName: string,
  options: { maxBytes?: number; onProgress?: (progress: ImportProgress) => void; language?: Language } = {},
): ParsedImport | { ok: false; error: string } {
  const maxBytes = options.maxBytes ?? MAX_IMPORT_BYTES;
  const cached = lastParse;
  lastParse = undefined;
  if (cached && cached.text === text && cached.fileName === fileName && cached.maxBytes === maxBytes)
    return cached.result;
  const result = parseUncached(text, fileName, maxBytes, options.language ?? 'en', options.onProgress);
  if (result.ok) lastParse = { text, fileName, maxBytes, result };
  return result;
}

/**
 * The notes of a sessions file, with the embeddings that match their dimension; a vector that does not is left out
 * with a warning, a note that does not validate fails the import.
 */
function readFileNotes(
  rawNotes: readonly unknown[],
  fileName: string,
  language: Language,
): { ok: true; notes: Note[]; noteVectors: ImportedNoteVector[]; warnings: string[] } | { ok: false; error: string } {
  const notes: Note[] = [];
  const noteVectors: ImportedNoteVector[] = [];
  const warnings: string[] = [];
  for (const [index, raw] of rawNotes.entries()) {
    const { vector, ...fields } = (raw ?? {}) as { vector?: unknown };
    const parsed = fileNoteSchema.safeParse(raw === null || typeof raw !== 'object' ? raw : fields);
    if (!parsed.success) {
      return { ok: false, error: `${fileName}: ${describeIssues(parsed.error.issues, ['notes', index])}` };
    }
    notes.push(parsed.data);
    if (vector === undefined) continue;
    // A vector that does not match its dimension is left out (the note is embedded again when it is needed).
    const checked = fileNoteVectorSchema.safeParse(vector);
    if (checked.success) noteVectors.push({ noteId: parsed.data.id, ...checked.data });
    else
      warnings.push(
        noteVectorImportText(language, 'noteVectorDropped', {
          file: fileName,
          index: index + 1,
          reason: describeIssues(checked.error.issues, ['notes', index, 'vector']),
        }),
      );
  }
  return { ok: true, notes, noteVectors, warnings };
}

function parseUncached(
  text: string,
  fileName: string,
  maxBytes: number,
  language: Language,
  onProgress?: (progress: ImportProgress) => void,
): ParsedImport | { ok: false; error: string } {
  const say = (key: ImportErrorKey, values?: TextValues) =>
    importErrorText(language, key, { file: fileName, ...values });
  // A string never has more characters than UTF-8 bytes; count exactly only near the limit.
  if (text.length > maxBytes || (text.length * 3 > maxBytes && byteLength(text) > maxBytes)) {
    return { ok: false, error: importTooLargeError(language, fileName, undefined, maxBytes) };
  }
  if (!text.trim()) return { ok: false, error: say('empty') };
  const json = parseUntrustedJson(text);
  if (!json.ok) return { ok: false, error: say('notJson', { reason: json.reason }) };
  const value = json.value;

  if (isChatGptExport(value)) {
    const converted = parseChatGptExport(value, fileName, language);
    if (!converted.ok) return converted;
    return {
      ok: true,
      sessions: converted.sessions.map((session) => ({ ...session, source: 'chatgpt' })),
      notes: [],
      skipped: converted.skipped,
    };
  }

  if (isOtlpTraceFile(value)) return parseOtlpFile(value, fileName, language, onProgress);

  const format = (value as { format?: unknown } | null)?.format;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || format !== SESSION_FILE_FORMAT) {
    return { ok: false, error: say('notExport', { format: SESSION_FILE_FORMAT }) };
  }
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && Number.isInteger(version) && version > SESSION_FILE_VERSION) {
    return { ok: false, error: say('newerVersion', { version, supported: SESSION_FILE_VERSION }) };
  }
  const envelope = sessionFileEnvelopeSchema.safeParse(value);
  if (!envelope.success) return { ok: false, error: `${fileName}: ${describeIssues(envelope.error.issues)}` };

  const sessions: ImportedSession[] = [];
  for (const [index, raw] of envelope.data.sessions.entries()) {
    const parsed = fileSessionSchema.safeParse(raw);
    if (!parsed.success) {
      const label = importErrorText(language, 'session', {
        index: index + 1,
        title: quoteLabel((raw as { title?: unknown } | null)?.title),
      });
      return { ok: false, error: `${fileName}: ${label}: ${describeIssues(parsed.error.issues)}` };
    }
    sessions.push({ ...parsed.data, source: 'glassbox' });
  }
  const read = readFileNotes(envelope.data.notes ?? [], fileName, language);
  if (!read.ok) return read;
  const { notes, noteVectors, warnings } = read;
  const datasets = readFileDatasets((value as { datasets?: unknown }).datasets, fileName);
  if (!datasets.ok) return datasets;
  const tools = (value as { tools?: unknown }).tools;
  const knowledge = readFileKnowledge((value as { knowledge?: unknown }).knowledge, fileName);
  if (!knowledge.ok) return knowledge;
  const all = envelope.data.scope === 'all';
  const roster = envelope.data.roster;
  return {
    ok: true,
    sessions,
    notes,
    skipped: [],
    ...(noteVectors.length > 0 ? { noteVectors } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(all && tools !== undefined ? { tools } : {}),
    ...(all && roster !== undefined ? { roster } : {}),
    ...(knowledge.documents.length > 0 ? { knowledge: knowledge.documents } : {}),
    ...(datasets.datasets.length > 0 ? { datasets: datasets.datasets } : {}),
  };
}

/** An imported trace in the sessions-file shape: its spans, and its rebuilt chat as messages. */
function traceToFileSession(trace: ImportedTrace): unknown {
  return {
    id: trace.id,
    title: trace.title,
    titleEdited: true,
    createdAt: trace.createdAt,
    updatedAt: trace.updatedAt,
    status: trace.status,
    messages: trace.messages.map((entry, seq) => ({
      id: `msg_${entry.spanId}_${seq}`,
      seq,
      runId: entry.runId,
      createdAt: entry.createdAt,
      message: entry.message,
      spanId: entry.spanId,
    })),
    spans: trace.spans.map((span) => ({ ...span, name: Array.from(span.name).slice(0, 1000).join('') })),
  };
}

/** An OTLP/HTTP JSON trace file: each trace (our export: each session) becomes a read-only session. */
function parseOtlpFile(
  value: unknown,
  fileName: string,
  language: Language,
  onProgress?: (progress: ImportProgress) => void,
): ParsedImport | { ok: false; error: string } {
  const imported = importOtlpTraces(value);
  if (!imported.ok) return { ok: false, error: `${fileName}: ${imported.error}` };
  const sessions: ImportedSession[] = [];
  const total = imported.traces.reduce((sum, trace) => sum + trace.spans.length, 0);
  let mapped = 0;
  onProgress?.({ phase: 'map', done: 0, total });
  for (const [index, trace] of imported.traces.entries()) {
    mapped += trace.spans.length;
    onProgress?.({ phase: 'map', done: mapped, total });
    const parsed = fileSessionSchema.safeParse(traceToFileSession(trace));
    if (!parsed.success) {
      return {
        ok: false,
        error: `${fileName}: ${importErrorText(language, 'trace', { index: index + 1, title: quoteLabel(trace.title) })}: ${describeIssues(parsed.error.issues)}`,
      };
    }
    sessions.push({ ...parsed.data, source: 'glassbox' });
  }
  return { ok: true, sessions, notes: [], skipped: [] };
}
