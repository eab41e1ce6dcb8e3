import { AGENT_TEXT_KEYS } from '../agent/notice-text.ts';
import { z } from 'zod';
import type { FileNoteVector } from './note-vector-file.ts';
import { rosterSettingsShape } from '../config/agents.ts';
import { portableToolsSchema } from '../tools/custom/portable.ts';
import { SPAN_KIND_VALUES } from '../trace/span.ts';
import { storableJson } from '../json/deep-json.ts';
import { fileKnowledgeDocumentSchema } from './knowledge-file.ts';
import { fileDatasetSchema } from './datasets-file.ts';

/** The `format` marker of a Glassbox sessions file. */
export const SESSION_FILE_FORMAT = 'glassbox.sessions';

/** The newest sessions-file version this build writes and reads. */
export const SESSION_FILE_VERSION = 1;

const id = z.string().min(1).max(200);
const text = z.string().max(20_000_000);
const time = z.number().finite().nonnegative();
// Free-form data (span attributes, tool state): a value too deep to clone or store becomes its JSON text (issue 35).
const freeValue = z.unknown().transform((value) => storableJson(value));

const toolCallSchema = z.object({
  id: z.string().max(200),
  type: z.literal('function'),
  function: z.object({ name: z.string().max(200), arguments: text }),
});

/** A message in OpenAI chat format. */
export const chatMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: text }),
  z.object({ role: z.literal('user'), content: text }),
  z.object({ role: z.literal('assistant'), content: text.nullable(), tool_calls: z.array(toolCallSchema).optional() }),
  z.object({ role: z.literal('tool'), tool_call_id: z.string().max(200), content: text }),
]);

const transcriptMetaSchema = z.object({
  finishReason: z.string().max(100).optional(),
  notice: z.string().max(10_000).optional(),
  // The notices as messages; one this version does not know is dropped (the English `notice` stays).
  noticeText: z
    .array(
      z.object({
        key: z.enum(AGENT_TEXT_KEYS),
        values: z.record(z.string().max(100), z.union([z.string().max(10_000), z.number()])).optional(),
      }),
    )
    .max(20)
    .optional()
    .catch(undefined),
  toolStatus: z.enum(['ok', 'error', 'denied', 'cancelled']).optional(),
  toolName: z.string().max(200).optional(),
  durationMs: z.number().finite().nonnegative().optional(),
  synthetic: z.boolean().optional(),
  rawText: text.optional(),
  partial: z.boolean().optional(),
  replayed: z.boolean().optional(),
  plan: z.array(z.string().max(2000)).max(50).optional(),
  planNext: z.string().max(2000).optional(),
  cached: z.boolean().optional(),
  draftOf: z.string().max(200).optional(),
  checkClaims: z.array(z.string().max(2000)).max(50).optional(),
  delegation: z.object({ parentCallId: z.string().min(1).max(200), agent: z.string().min(1).max(100) }).optional(),
});

/** A message of an exported session (its session is the one that holds it). */
export const fileMessageSchema = z.object({
  id,
  seq: z.number().int().nonnegative(),
  runId: id,
  createdAt: time,
  message: chatMessageSchema,
  reasoning: text.optional(),
  spanId: id.optional(),
  meta: transcriptMetaSchema.optional(),
});

/** A span of an exported session. */
export const fileSpanSchema = z.object({
  traceId: z.string().max(200),
  spanId: id,
  parentSpanId: id.optional(),
  runId: id,
  kind: z.enum(SPAN_KIND_VALUES),
  name: z.string().max(1000),
  startTime: time,
  endTime: time.optional(),
  status: z.enum(['running', 'ok', 'error', 'cancelled']),
  error: z.object({ type: z.string().max(1000), message: text }).optional(),
  attributes: z.record(z.string(), freeValue),
});

/** One tool-state value of an exported session. */
export const fileToolStateSchema = z.object({ key: z.string().min(1).max(200), value: freeValue, updatedAt: time });

/** A file attached to an exported session. */
export const fileAttachmentSchema = z.object({
  id,
  name: z.string().min(1).max(1000),
  mimeType: z.string().max(200),
  size: z.number().int().nonnegative(),
  text,
  createdAt: time,
});

/** A long-term note in an export. */
export const fileNoteSchema = z.object({
  id,
  content: text.min(1),
  tags: z.array(z.string().max(200)),
  createdAt: time,
  updatedAt: time,
  sessionId: id.optional(),
  pinned: z.boolean().optional(),
  /** The note's embedding (see note-vector-file.ts), checked on its own: a bad one is left out, the note kept. */
  vector: z.custom<FileNoteVector>(() => true).optional(),
});

/** A session with everything it owns, as exported. */
export const fileSessionSchema = z
  .object({
    id,
    title: z.string().max(1000),
    titleEdited: z.boolean().default(false),
    createdAt: time,
    updatedAt: time,
    status: z.enum(['idle', 'running', 'done', 'error', 'stopped', 'interrupted']),
    activeRunId: id.optional(),
    lastError: z.string().max(100_000).optional(),
    summary: z
      .object({
        text,
        coveredUntilSeq: z.number().int(),
        coveredMessages: z.number().int().nonnegative().optional(),
        updatedAt: time,
      })
      .optional(),
    forkedFrom: z.object({ sessionId: id, runId: id, spanId: id, step: z.number().int().nonnegative() }).optional(),
    // The session's own model and system prompt ("Session model and prompt"); absent: the global settings.
    overrides: z
      .object({ model: z.string().min(1).max(500).optional(), systemPrompt: z.string().min(1).max(100_000).optional() })
      .optional(),
    messages: z.array(fileMessageSchema),
    spans: z.array(fileSpanSchema),
    toolState: z.array(fileToolStateSchema).default([]),
    attachments: z.array(fileAttachmentSchema).default([]),
  })
  .superRefine((session, context) => {
    const messageIds = new Set<string>();
    let previousSeq = -1;
    session.messages.forEach((message, index) => {
      if (messageIds.has(message.id)) {
        context.addIssue({
          code: 'custom',
          path: ['messages', index, 'id'],
          message: `duplicate message id ${message.id}`,
        });
      }
      messageIds.add(message.id);
      if (message.seq <= previousSeq) {
        context.addIssue({
          code: 'custom',
          path: ['messages', index, 'seq'],
          message: 'seq must increase from message to message',
        });
      }
      previousSeq = message.seq;
    });
    const spanIds = new Set<string>();
    session.spans.forEach((span, index) => {
      if (spanIds.has(span.spanId)) {
        context.addIssue({
          code: 'custom',
          path: ['spans', index, 'spanId'],
          message: `duplicate span id ${span.spanId}`,
        });
      }
      spanIds.add(span.spanId);
    });
    const keys = new Set<string>();
    session.toolState.forEach((entry, index) => {
      if (keys.has(entry.key)) {
        context.addIssue({ code: 'custom', path: ['toolState', index, 'key'], message: `duplicate key ${entry.key}` });
      }
      keys.add(entry.key);
    });
  });

/** The envelope of a sessions file; sessions and notes are validated one by one for precise errors. */
export const sessionFileEnvelopeSchema = z.object({
  format: z.literal(SESSION_FILE_FORMAT),
  version: z.number().int().positive(),
  exportedAt: z.string().max(100),
  scope: z.enum(['session', 'all']).optional(),
  sessions: z.array(z.unknown()),
  notes: z.array(z.unknown()).optional(),
  roster: z.unknown().optional(),
});

/** The team of agents in an "Export all" file (PRODUCT.md §8). */
export const fileRosterSchema = z.object(rosterSettingsShape);

/** A whole sessions file as written by this version. */
export const sessionFileSchema = z.object({
  format: z.literal(SESSION_FILE_FORMAT),
  version: z.literal(SESSION_FILE_VERSION),
  exportedAt: z.string(),
  scope: z.enum(['session', 'all']),
  sessions: z.array(fileSessionSchema),
  notes: z.array(fileNoteSchema).optional(),
  roster: fileRosterSchema.optional(),
  /** Custom tool definitions and MCP servers (without headers); see src/tools/custom/portable.ts. */
  tools: z.optional(portableToolsSchema),
  /** The Knowledge library (Export all); see knowledge-file.ts. */
  knowledge: z.array(fileKnowledgeDocumentSchema).optional(),
  /** Eval datasets with their items (Export all); see src/db/datasets-file.ts. */
  datasets: z.array(fileDatasetSchema).optional(),
});

/** A sessions file: what Export writes and Import reads. */
export type SessionFile = z.output<typeof sessionFileSchema>;

/** One session in a sessions file. */
export type FileSession = z.output<typeof fileSessionSchema>;

/** One message in a sessions file. */
export type FileMessage = z.output<typeof fileMessageSchema>;

/** One span in a sessions file. */
export type FileSpan = z.output<typeof fileSpanSchema>;
