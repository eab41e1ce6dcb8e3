/**
 * What syncs, as plaintext document bodies (encrypted before they leave this module's callers), and back.
 * Ids are made of the app's ids (a `:` or `%` in one escaped: {@link idPart}): `session:<id>`, `run:<sessionId>:<runId>` (finished runs: written once; one
 * run, or a pack of the runs one export found new, named after its first),
 * `toolstate:<sessionId>`, `file:<sessionId>:<fileId>`, `note:<id>`, `settings:<part>`. API keys, sync credentials
 * and MCP headers are never in a body.
 */
import { z } from 'zod';
import {
  fileAttachmentSchema,
  fileMessageSchema,
  fileNoteSchema,
  fileSpanSchema,
  fileToolStateSchema,
  type FileMessage,
  type FileSession,
  type FileSpan,
} from '../../db/session-file-schema.ts';
import type { SessionRecords } from '../../db/import-sessions.ts';
import type { FileNoteVector } from '../../db/note-vector-file.ts';
import type { Settings } from '../../config/settings.ts';
import type { Note } from '../../tools/tool-context.ts';

/** A plaintext body with the id it is stored under. */
export interface PlainDoc {
  id: string;
  body: unknown;
  /** The runs a `run:` document packs, when more than the one its id names (the marker keeps them). */
  runs?: string[];
}

export const sessionMetaSchema = z.object({
  title: z.string().max(1000),
  titleEdited: z.boolean(),
  createdAt: z.number().finite(),
  overrides: z
    .object({ model: z.string().max(500).optional(), systemPrompt: z.string().max(100_000).optional() })
    .optional(),
  forkedFrom: z
    .object({ sessionId: z.string(), runId: z.string(), spanId: z.string(), step: z.number().int().nonnegative() })
    .optional(),
});
export type SessionMeta = z.output<typeof sessionMetaSchema>;

const runMessageSchema = fileMessageSchema.omit({ seq: true });
export const runBodySchema = z.object({
  startedAt: z.number().finite(),
  messages: z.array(runMessageSchema),
  spans: z.array(fileSpanSchema),
});
export type RunBody = z.output<typeof runBodySchema>;
const packedRunSchema = runBodySchema.extend({ id: z.string().max(200) });
/** What was removed from a `run:` document since it was first written (see run-merge.ts). */
const removedSchema = z.object({
  runs: z.array(z.string().max(200)).max(100_000),
  messages: z.array(z.string().max(200)).max(1_000_000),
});
/**
 * A `run:` document's runs with their ids: one run's body (its id is the document's), or a pack of several (none left
 * when two devices removed all of them apart); either with what was removed from it.
 */
export const runDocSchema = z.union([
  runBodySchema.extend({ removed: removedSchema.optional() }),
  z.object({ runs: z.array(packedRunSchema).max(100_000), removed: removedSchema.optional() }),
]);
export type RunDoc = z.output<typeof runDocSchema>;

/**
 * New finished runs go into one document up to this many characters of JSON (a first sync of 135,000 messages is
 * ~4,000 documents, not ~77,000: PouchDB's cost is per document). Far under CouchDB's 8 MB limit, and a pull batch of
 * 500 such documents stays under ~90 MB of ciphertext.
 */
export const PACK_CHARS = 128_000;

/** Which runs each of a session's `run:` documents holds (its marked documents), by document id. */
export type RunPacks = ReadonlyMap<string, readonly string[]>;

export const toolStateBodySchema = z.object({ entries: z.array(fileToolStateSchema) });
export const fileBodySchema = fileAttachmentSchema;
export const noteBodySchema = fileNoteSchema;

/**
 * An app id as a part of a document id: `:` separates the parts, so an id holding one (a file imported with its own
 * ids may) is written with `%3A`, and `%` with `%25`. The app's own ids hold neither and are written as they are.
 */
export const idPart = (id: string) => id.replaceAll('%', '%25').replaceAll(':', '%3A');
/** The app id a part of a document id stands for ({@link idPart} undone). */
export const idOfPart = (part: string) => part.replace(/%3A|%25/g, (escape) => (escape === '%3A' ? ':' : '%'));
/** A document id's parts after its kind, as app ids: `run:<session>:<run>` → [session, run]. */
export const idsOfDocId = (id: string) => id.split(':').slice(1).map(idOfPart);

export const sessionDocId = (sessionId: string) => `session:${idPart(sessionId)}`;
export const runDocPrefix = (sessionId: string) => `run:${idPart(sessionId)}:`;
export const runDocId = (sessionId: string, runId: string) => `${runDocPrefix(sessionId)}${idPart(runId)}`;
export const toolStateDocId = (sessionId: string) => `toolstate:${idPart(sessionId)}`;
export const fileDocPrefix = (sessionId: string) => `file:${idPart(sessionId)}:`;
export const fileDocId = (sessionId: string, fileId: string) => `${fileDocPrefix(sessionId)}${idPart(fileId)}`;
export const noteDocId = (noteId: string) => `note:${idPart(noteId)}`;

/** The run a `run:` document of this session is named after (the one it holds in the one-run form). */
export const runIdOfDocId = (sessionId: string, docId: string) => idOfPart(docId.slice(runDocPrefix(sessionId).length));

/** The runs of a checked `run:` document of this session, each with its id. */
export function runsOfDoc(sessionId: string, docId: string, body: RunDoc): Array<RunBody & { id: string }> {
  if ('runs' in body) return body.runs;
  const { removed: _removed, ...run } = body;
  return [{ ...run, id: runIdOfDocId(sessionId, docId) }];
}

/** The session a document id belongs to, if any. */
export function sessionOfDocId(id: string): string | undefined {
  const kind = id.slice(0, id.indexOf(':'));
  if (kind === 'session' || kind === 'run' || kind === 'toolstate' || kind === 'file') return idsOfDocId(id)[0];
  return undefined;
}

/**
 * A session's documents. The run the session is running now is left out (it is written once, when finished);
 * message seqs are not sent (each device orders runs by time and numbers the messages itself). A run already in a
 * document (`packs`) stays in it; the new ones are packed in order, up to {@link PACK_CHARS} a document.
 */
export function sessionDocs(file: FileSession, packs: RunPacks = new Map()): PlainDoc[] {
  const meta: SessionMeta = { title: file.title, titleEdited: file.titleEdited, createdAt: file.createdAt };
  if (file.overrides) meta.overrides = file.overrides;
  if (file.forkedFrom) meta.forkedFrom = file.forkedFrom;
  const docs: PlainDoc[] = [{ id: sessionDocId(file.id), body: meta }];
  docs.push(...runDocs(file.id, finishedRuns(file), packs));
  if (file.toolState.length > 0) docs.push({ id: toolStateDocId(file.id), body: { entries: file.toolState } });
  for (const attachment of file.attachments) docs.push({ id: fileDocId(file.id, attachment.id), body: attachment });
  return docs;
}

/** A session's finished runs by id, in message order (the running one and runs without messages left out). */
function finishedRuns(file: FileSession): Map<string, RunBody> {
  const running = file.status === 'running' ? file.activeRunId : undefined;
  const runs = new Map<string, { messages: Omit<FileMessage, 'seq'>[]; spans: FileSpan[] }>();
  const runOf = (runId: string) => {
    let run = runs.get(runId);
    if (!run) runs.set(runId, (run = { messages: [], spans: [] }));
    return run;
  };
  for (const { seq: _seq, ...message } of file.messages) runOf(message.runId).messages.push(message);
  for (const span of file.spans) runOf(span.runId).spans.push(span);
  const finished = new Map<string, RunBody>();
  for (const [runId, run] of runs) {
    if (runId === running || run.messages.length === 0) continue;
    const startedAt = Math.min(...run.messages.map((message) => message.createdAt));
    finished.set(runId, { startedAt, ...run });
  }
  return finished;
}

/** The run its id names as its own body (as every run was before packs); other runs as `{runs}`, each with its id. */
function runDoc(sessionId: string, id: string, held: Array<[string, RunBody]>): PlainDoc {
  const [only] = held;
  if (held.length === 1 && only && id === runDocId(sessionId, only[0])) return { id, body: only[1] };
  return {
    id,
    body: { runs: held.map(([runId, run]) => ({ id: runId, ...run })) },
    runs: held.map(([runId]) => runId),
  };
}

/** The `run:` documents: each marked one with those of its runs still here, then the new runs packed. */
function runDocs(sessionId: string, runs: Map<string, RunBody>, packs: RunPacks): PlainDoc[] {
  const docs: PlainDoc[] = [];
  const placed = new Set<string>();
  for (const [id, runIds] of packs) {
    const held = runIds.flatMap((runId): Array<[string, RunBody]> => {
      placed.add(runId);
      const run = runs.get(runId);
      return run ? [[runId, run]] : [];
    });
    // Every run of it gone here: no document, so the exporter removes it.
    if (held.length > 0) docs.push(runDoc(sessionId, id, held));
  }
  // The new runs, in order, in packs of up to PACK_CHARS (a run larger than that is a pack of its own).
  const fresh: Array<Array<[string, RunBody]>> = [];
  let chars = 0;
  for (const [runId, run] of runs) {
    if (placed.has(runId)) continue;
    const size = JSON.stringify(run).length;
    const last = fresh.at(-1);
    if (last && chars + size <= PACK_CHARS) {
      last.push([runId, run]);
      chars += size;
    } else {
      fresh.push([[runId, run]]);
      chars = size;
    }
  }
  for (const pack of fresh) docs.push(runDoc(sessionId, runDocId(sessionId, pack[0]?.[0] ?? ''), pack));
  return docs;
}

/** The parts of a session read back from its documents (each already decrypted and checked). */
export interface SessionParts {
  meta: SessionMeta;
  runs: RunBody[];
  toolState: z.output<typeof toolStateBodySchema> | undefined;
  files: z.output<typeof fileBodySchema>[];
}

/**
 * A session's records from its documents: runs ordered by when they started (two devices' runs interleave by time),
 * messages numbered from 0 in that order, each message and span once (by id) however many documents hold it.
 */
export function sessionRecordsOf(sessionId: string, parts: SessionParts): SessionRecords {
  const runs = [...parts.runs].sort((a, b) => a.startedAt - b.startedAt);
  const seen = new Set<string>();
  const seenSpans = new Set<string>();
  const messages: SessionRecords['messages'] = [];
  const spans: SessionRecords['spans'] = [];
  for (const run of runs) {
    for (const message of run.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push({ ...message, sessionId, seq: messages.length });
    }
    for (const span of run.spans) {
      if (seenSpans.has(span.spanId)) continue;
      seenSpans.add(span.spanId);
      spans.push({ ...span, sessionId });
    }
  }
  const lastAt = messages.at(-1)?.createdAt ?? parts.meta.createdAt;
  const session: SessionRecords['session'] = {
    id: sessionId,
    title: parts.meta.title,
    titleEdited: parts.meta.titleEdited,
    createdAt: parts.meta.createdAt,
    updatedAt: Math.max(lastAt, parts.meta.createdAt),
    messageCount: messages.length,
    spanCount: spans.length,
    nextSeq: messages.length,
    status: messages.length > 0 ? 'done' : 'idle',
  };
  if (parts.meta.overrides) session.overrides = parts.meta.overrides;
  if (parts.meta.forkedFrom) session.forkedFrom = parts.meta.forkedFrom;
  return {
    session,
    messages,
    spans,
    toolState: (parts.toolState?.entries ?? []).map((entry) => ({ ...entry, sessionId })),
    attachments: parts.files.map((file) => ({ ...file, sessionId })),
  };
}

/** A note's document: the note and its embedding (model, dimension, numbers). */
export function noteDoc(note: Note & { vector?: FileNoteVector }): PlainDoc {
  return { id: noteDocId(note.id), body: note };
}

/** The synced parts of the settings: custom tools, MCP servers without their headers, the roster, prices. */
export function settingsDocs(settings: Settings): PlainDoc[] {
  const { delegation, maxDelegationDepth, maxDelegations, maxRunTokens, agents } = settings;
  return [
    { id: 'settings:customTools', body: { value: settings.customTools } },
    { id: 'settings:mcpServers', body: { value: settings.mcpServers.map((server) => ({ ...server, headers: '' })) } },
    {
      id: 'settings:agents',
      body: { value: { delegation, maxDelegationDepth, maxDelegations, maxRunTokens, agents } },
    },
    { id: 'settings:prices', body: { value: settings.modelPrices } },
  ];
}

/**
 * The settings with a synced part applied; MCP servers keep this device's headers (matched by URL), and the result
 * is checked by the caller with the settings schema (a bad part changes nothing).
 */
export function applySettingsDoc(settings: Settings, id: string, value: unknown): Record<string, unknown> | undefined {
  if (id === 'settings:customTools') return { ...settings, customTools: value };
  if (id === 'settings:prices') return { ...settings, modelPrices: value };
  if (id === 'settings:agents' && value !== null && typeof value === 'object') return { ...settings, ...value };
  if (id === 'settings:mcpServers' && Array.isArray(value)) {
    const headers = new Map(settings.mcpServers.map((server) => [server.url, server.headers]));
    return {
      ...settings,
      mcpServers: value.map((server: unknown) =>
        server !== null && typeof server === 'object' && 'url' in server
          ? { ...server, headers: headers.get(String(server.url)) ?? '' }
          : server,
      ),
    };
  }
  return undefined;
}
