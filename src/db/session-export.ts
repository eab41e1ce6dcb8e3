import type { FileMessage, FileSession, FileSpan } from './session-file-schema.ts';
import type { AttachmentRecord, MessageRecord, SessionRecord, SpanRecord, ToolStateRecord } from './schema.ts';
import { sessionNumberRange, sessionStringRange } from './schema.ts';
import { messagesOfChunks } from './message-chunks.ts';
import { spansOfChunks } from './spans.ts';
import { readStorage, type GlassboxDatabase } from './transaction.ts';
import { mapJson, stringifyJson } from '../json/deep-json.ts';

/** Whether JSON.stringify would write some character of the text as an escape (quotes, backslashes, controls). */
function escapedInJson(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return true;
  }
  return false;
}

/** Replaces any occurrence of a secret in every string of a JSON-like value (at any depth). */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  // Usually no secret occurs at all: one search of the JSON text says so, instead of copying every string. A secret
  // with characters JSON escapes could hide from that search, so those always take the full walk.
  if (!secrets.some(escapedInJson)) {
    const json = stringifyJson(value) ?? '';
    if (!secrets.some((secret) => json.includes(secret))) return value;
  }
  const redact = (text: string) =>
    secrets.reduce(
      (result, secret) => (result.includes(secret) ? result.split(secret).join('[redacted]') : result),
      text,
    );
  return mapJson(value, redact) as T;
}

// Attribute names that could carry credentials: never exported, at any depth.
const SECRET_ATTRIBUTE = /header|authorization|api[-_]?key|secret|password|cookie/i;

function withoutSecretAttributes(value: unknown): unknown {
  return mapJson(
    value,
    (text) => text,
    (key) => !SECRET_ATTRIBUTE.test(key),
  );
}

function toFileMessage(record: MessageRecord): FileMessage {
  const { sessionId: _sessionId, ...message } = record;
  return message;
}

function toFileSpan(record: SpanRecord): FileSpan {
  const { sessionId: _sessionId, attributes, ...span } = record;
  return { ...span, attributes: withoutSecretAttributes(attributes) as Record<string, unknown> };
}

/** Everything one session owns, as stored. */
export interface SessionExportRecords {
  session: SessionRecord;
  messages: MessageRecord[];
  spans: SpanRecord[];
  toolState: ToolStateRecord[];
  attachments: AttachmentRecord[];
}

/** A session's records in the export shape, with credentials removed. */
export function toFileSession(data: SessionExportRecords, secrets: readonly string[]): FileSession {
  const { session } = data;
  const exported: FileSession = {
    id: session.id,
    title: session.title,
    titleEdited: session.titleEdited,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    status: session.status,
    messages: [...data.messages].sort((a, b) => a.seq - b.seq).map(toFileMessage),
    spans: data.spans.map(toFileSpan),
    toolState: [...data.toolState]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ key, value, updatedAt }) => ({ key, value, updatedAt })),
    attachments: [...data.attachments]
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .map(({ sessionId: _sessionId, ...attachment }) => attachment),
  };
  if (session.activeRunId !== undefined) exported.activeRunId = session.activeRunId;
  if (session.lastError !== undefined) exported.lastError = session.lastError;
  if (session.summary !== undefined) exported.summary = { ...session.summary };
  if (session.forkedFrom !== undefined) exported.forkedFrom = { ...session.forkedFrom };
  if (session.overrides !== undefined) exported.overrides = { ...session.overrides };
  return redactSecrets(exported, secrets);
}

/** One session with everything it owns, read in one transaction, in the export shape (secrets removed). */
export async function collectSessionForExport(
  db: GlassboxDatabase,
  sessionId: string,
  secrets: readonly string[],
): Promise<FileSession | undefined> {
  const data = await readStorage(async () => {
    const tx = db.transaction(['sessions', 'messageChunks', 'spanChunks', 'toolState', 'attachments'], 'readonly');
    const [session, messageChunks, chunks, toolState, attachments] = await Promise.all([
      tx.objectStore('sessions').get(sessionId),
      tx.objectStore('messageChunks').getAll(sessionNumberRange(sessionId)),
      tx.objectStore('spanChunks').getAll(sessionStringRange(sessionId)),
      tx.objectStore('toolState').getAll(sessionStringRange(sessionId)),
      tx.objectStore('attachments').index('by-session').getAll(sessionId),
    ]);
    await tx.done;
    return { session, messages: messagesOfChunks(messageChunks), spans: spansOfChunks(chunks), toolState, attachments };
  });
  if (!data.session) return undefined;
  return toFileSession({ ...data, session: data.session }, secrets);
}
