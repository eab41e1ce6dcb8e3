import { z } from 'zod';
import { importErrorText } from '../i18n/import-errors.ts';
import { translate, type Language } from '../i18n/index.ts';
import { chatGptMessageSchema, messagePiece } from './chatgpt-message-text.ts';
import { describeIssues } from './safe-json.ts';
import { titleFromMessage } from './save-step.ts';
import { UNTITLED } from './schema.ts';
import type { FileMessage, FileSession } from './session-file-schema.ts';

const nodeSchema = z.object({
  message: chatGptMessageSchema.nullable().optional(),
  parent: z.string().nullable().optional(),
  children: z.array(z.string()).optional(),
});

/** One conversation of a ChatGPT data export (`conversations.json`), as far as the import reads it. */
export const chatGptConversationSchema = z.object({
  title: z.string().nullable().optional(),
  create_time: z.number().finite().nullable().optional(),
  update_time: z.number().finite().nullable().optional(),
  mapping: z.record(z.string(), nodeSchema),
  current_node: z.string().nullable().optional(),
});

type Conversation = z.output<typeof chatGptConversationSchema>;
type Mapping = Conversation['mapping'];

/** Why a conversation of an export was not imported. */
export type SkipReason = 'no-mapping' | 'unreadable' | 'no-messages';

/** A conversation left out of an import, named by its title (or id, or place in the file). */
export interface SkippedConversation {
  fileName: string;
  name: string;
  reason: SkipReason;
  /** For `unreadable`: the field and what is wrong with it. */
  detail?: string;
}

const MARKER_KEYS = ['mapping', 'current_node', 'conversation_id'];

function looksLikeConversation(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && MARKER_KEYS.some((key) => key in value)
  );
}

/** Whether parsed JSON looks like a ChatGPT export: conversations with a `mapping`, `current_node` or `conversation_id`. */
export function isChatGptExport(value: unknown): boolean {
  // An empty array is an (empty) conversations.json: it has no format marker of ours.
  if (Array.isArray(value)) return value.length === 0 || value.some(looksLikeConversation);
  return looksLikeConversation(value);
}

/** How the report names a conversation: its title, else its id, else its place in the file. */
function conversationName(raw: unknown, index: number): string {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  for (const key of ['title', 'conversation_id', 'id']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) {
      const flat = value.replace(/\s+/g, ' ').trim();
      return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
    }
  }
  return `#${index + 1}`;
}

function childrenIn(mapping: Mapping, id: string): string[] {
  return (mapping[id]?.children ?? []).filter((child) => child !== id && Object.hasOwn(mapping, child));
}

/**
 * Where the branch to import ends: `current_node`, or — when it is missing or outside `mapping` (a truncated
 * tree) — the newest message that is a leaf of what `mapping` holds.
 */
function branchEnd(conversation: Conversation): string | undefined {
  const { mapping } = conversation;
  const current = conversation.current_node;
  if (current && Object.hasOwn(mapping, current)) return current;
  let best: { id: string; time: number } | undefined;
  const ids = Object.keys(mapping);
  const leaves = ids.filter((id) => childrenIn(mapping, id).length === 0);
  for (const id of leaves.length > 0 ? leaves : ids) {
    const node = mapping[id];
    const time = node?.message ? (node.message.create_time ?? Number.MIN_SAFE_INTEGER) : Number.NEGATIVE_INFINITY;
    // Later in the file wins a tie: exports list nodes oldest first.
    if (!best || time >= best.time) best = { id, time };
  }
  return best?.id;
}

/** The node ids of the branch to import, oldest first: from its end up through `parent` links as far as they go. */
function branchIds(conversation: Conversation): string[] {
  const { mapping } = conversation;
  const ids: string[] = [];
  const seen = new Set<string>();
  for (let id = branchEnd(conversation); id !== undefined && Object.hasOwn(mapping, id) && !seen.has(id);) {
    seen.add(id);
    ids.push(id);
    id = mapping[id]?.parent ?? undefined;
  }
  return ids.toReversed();
}

function toSession(conversation: Conversation, branch: string[], index: number): FileSession {
  const conversationTime = (conversation.create_time ?? 0) * 1000;
  const messages: FileMessage[] = [];
  let runId = `run_chatgpt_${index}_0`;
  let runs = 0;
  let reasoning: string[] = [];
  // The assistant's turn so far: its answers, tool calls and tool output, shown as one message.
  let turn: { texts: string[]; createdAt: number; reasoning: string[] } | undefined;
  const push = (role: 'user' | 'assistant', content: string, createdAt: number, thoughts: string[] = []) => {
    const entry: FileMessage = {
      id: `msg_chatgpt_${index}_${messages.length}`,
      seq: messages.length,
      runId,
      createdAt,
      message: role === 'user' ? { role: 'user', content } : { role: 'assistant', content },
    };
    if (thoughts.length > 0) entry.reasoning = thoughts.join('\n\n');
    messages.push(entry);
  };
  const endTurn = () => {
    if (turn) push('assistant', turn.texts.join('\n\n'), turn.createdAt, turn.reasoning);
    turn = undefined;
  };
  for (const nodeId of branch) {
    const message = conversation.mapping[nodeId]?.message;
    if (!message) continue;
    const piece = messagePiece(message);
    const createdAt = message.create_time ? message.create_time * 1000 : (turn?.createdAt ?? conversationTime);
    if (piece.kind === 'reasoning') reasoning.push(piece.text);
    else if (piece.kind === 'user') {
      endTurn();
      if (messages.length > 0) runId = `run_chatgpt_${index}_${++runs}`;
      push('user', piece.text, createdAt);
      reasoning = [];
    } else if (piece.kind === 'assistant') {
      turn ??= { texts: [], createdAt, reasoning: [] };
      turn.texts.push(piece.text);
      turn.reasoning.push(...reasoning);
      reasoning = [];
    }
  }
  endTurn();
  const firstUser = messages.find((entry) => entry.message.role === 'user');
  const title =
    conversation.title?.trim() || (firstUser ? titleFromMessage(firstUser.message.content ?? '') : UNTITLED);
  const lastTime = messages.reduce((latest, entry) => Math.max(latest, entry.createdAt), conversationTime);
  return {
    id: `sess_chatgpt_${index}`,
    title,
    titleEdited: false,
    createdAt: conversationTime || messages[0]?.createdAt || 0,
    updatedAt: conversation.update_time ? conversation.update_time * 1000 : lastTime,
    status: 'idle',
    messages,
    spans: [],
    toolState: [],
    attachments: [],
  };
}

/**
 * Converts a ChatGPT data export (an array of conversations, or one conversation) into sessions holding each
 * conversation's current branch. Conversations that cannot be read, or show no messages, are skipped and
 * reported; the file is refused only when none is left.
 */
export function parseChatGptExport(
  value: unknown,
  fileName: string,
  language: Language = 'en',
): { ok: true; sessions: FileSession[]; skipped: SkippedConversation[] } | { ok: false; error: string } {
  const conversations = Array.isArray(value) ? value : [value];
  const sessions: FileSession[] = [];
  const skipped: SkippedConversation[] = [];
  for (const [index, raw] of conversations.entries()) {
    const converted = convertConversation(raw, index, fileName);
    if ('session' in converted) sessions.push(converted.session);
    else skipped.push(converted.skipped);
  }
  if (sessions.length === 0) return { ok: false, error: noConversationsError(skipped, fileName, language) };
  return { ok: true, sessions, skipped };
}

/**
 * One conversation of an export (the `index`-th) as a session holding its current branch, or why it is skipped.
 * The session's ids are placeholders: an import gives ChatGPT sessions fresh ids.
 */
export function convertConversation(
  raw: unknown,
  index: number,
  fileName: string,
): { session: FileSession } | { skipped: SkippedConversation } {
  const name = conversationName(raw, index);
  if (
    typeof raw !== 'object' ||
    raw === null ||
    !('mapping' in raw) ||
    raw.mapping === undefined ||
    raw.mapping === null
  ) {
    return { skipped: { fileName, name, reason: 'no-mapping' } };
  }
  const parsed = chatGptConversationSchema.safeParse(raw);
  if (!parsed.success)
    return { skipped: { fileName, name, reason: 'unreadable', detail: describeIssues(parsed.error.issues) } };
  const session = toSession(parsed.data, branchIds(parsed.data), index);
  return session.messages.length > 0 ? { session } : { skipped: { fileName, name, reason: 'no-messages' } };
}

/** The refusal of an export none of whose conversations can be imported, with each one's reason. */
export function noConversationsError(
  skipped: readonly SkippedConversation[],
  fileName: string,
  language: Language,
): string {
  const reasons = skipped.map((skip) => `"${skip.name}": ${describeSkip(skip, language)}`).join('; ');
  return importErrorText(language, reasons ? 'noConversationsWhy' : 'noConversations', { file: fileName, reasons });
}

/** A skip reason in a language, with the words of the app's import report. */
export function describeSkip(skip: SkippedConversation, language: Language = 'en'): string {
  if (skip.reason === 'no-mapping') return translate(language, 'import.skip.noMapping');
  if (skip.reason === 'no-messages') return translate(language, 'import.skip.noMessages');
  return translate(language, 'import.skip.unreadable', { detail: skip.detail ?? 'invalid data' });
}
