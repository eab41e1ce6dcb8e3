import { z } from 'zod';
import type { FileMessage, FileSession } from './session-file-schema.ts';
import { describeIssues, quoteLabel } from './safe-json.ts';
import { titleFromMessage } from './save-step.ts';
import { UNTITLED } from './schema.ts';

const TEXT_CONTENT_TYPES = new Set(['text', 'multimodal_text']);

const contentSchema = z
  .object({
    content_type: z.string(),
    parts: z.array(z.unknown()).optional(),
    text: z.string().optional(),
    thoughts: z.array(z.object({ summary: z.string().optional(), content: z.string().optional() })).optional(),
  })
  .superRefine((content, context) => {
    if (TEXT_CONTENT_TYPES.has(content.content_type) && content.parts === undefined) {
      context.addIssue({ code: 'custom', path: ['parts'], message: 'expected array' });
    }
  });

const messageSchema = z.object({
  author: z.object({ role: z.string() }),
  create_time: z.number().finite().nullable().optional(),
  content: contentSchema,
  recipient: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});

const nodeSchema = z.object({
  message: messageSchema.nullable().optional(),
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
type ChatGptMessage = z.output<typeof messageSchema>;

/** Whether parsed JSON looks like a ChatGPT export: conversations with a `mapping`. */
export function isChatGptExport(value: unknown): boolean {
  // An empty array is an (empty) conversations.json: it has no format marker of ours.
  if (Array.isArray(value) && value.length === 0) return true;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'object' && first !== null && 'mapping' in first;
}

/** The node ids of the conversation's main branch, oldest first: `current_node` up through `parent` links. */
function mainBranch(conversation: Conversation): { ok: true; ids: string[] } | { ok: false; error: string } {
  const { mapping } = conversation;
  let current = conversation.current_node ?? undefined;
  if (current === undefined) {
    // No current node recorded: take the latest child from the root down.
    const root = Object.keys(mapping).find((key) => !mapping[key]?.parent);
    current = root;
    const visited = new Set<string>();
    for (let node = root ? mapping[root] : undefined; node?.children?.length; ) {
      const child = node.children[node.children.length - 1];
      if (child === undefined || visited.has(child) || !Object.hasOwn(mapping, child)) break;
      visited.add(child);
      current = child;
      node = mapping[child];
    }
    if (current === undefined) return { ok: true, ids: [] };
  }
  if (!Object.hasOwn(mapping, current)) {
    return { ok: false, error: `current_node: refers to "${current}", which is not in mapping` };
  }
  const ids: string[] = [];
  const seen = new Set<string>();
  for (let id: string | undefined = current; id !== undefined; ) {
    if (seen.has(id)) return { ok: false, error: `mapping.${id}.parent: the parent links form a loop` };
    seen.add(id);
    ids.push(id);
    const parent: string | null | undefined = mapping[id]?.parent;
    if (parent === null || parent === undefined) break;
    if (!Object.hasOwn(mapping, parent)) {
      return { ok: false, error: `mapping.${id}.parent: refers to "${parent}", which is not in mapping` };
    }
    id = parent;
  }
  return { ok: true, ids: ids.toReversed() };
}

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (typeof part === 'object' && part !== null) {
    const record = part as Record<string, unknown>;
    if (typeof record.text === 'string') return record.text;
    const kind = typeof record.content_type === 'string' ? record.content_type.replace(/_/g, ' ') : 'attachment';
    return `[${kind}]`;
  }
  return '';
}

function messageText(message: ChatGptMessage): string {
  const { content } = message;
  if (TEXT_CONTENT_TYPES.has(content.content_type)) return (content.parts ?? []).map(partText).join('\n').trim();
  if (content.content_type === 'code' && content.text) return `\`\`\`\n${content.text}\n\`\`\``;
  return '';
}

function isHidden(message: ChatGptMessage): boolean {
  return message.metadata?.is_visually_hidden_from_conversation === true;
}

function toSession(conversation: Conversation, branch: string[], index: number): FileSession {
  const conversationTime = (conversation.create_time ?? 0) * 1000;
  const messages: FileMessage[] = [];
  let runId = `run_chatgpt_${index}_0`;
  let runs = 0;
  let reasoning: string[] = [];
  for (const nodeId of branch) {
    const message = conversation.mapping[nodeId]?.message;
    if (!message || isHidden(message)) continue;
    if (message.content.content_type === 'thoughts') {
      for (const thought of message.content.thoughts ?? []) if (thought.content) reasoning.push(thought.content);
      continue;
    }
    const role = message.author.role;
    const toUser = message.recipient === undefined || message.recipient === null || message.recipient === 'all';
    if ((role !== 'user' && role !== 'assistant') || !toUser) continue;
    const content = messageText(message);
    if (!content) continue;
    if (role === 'user' && messages.length > 0) runId = `run_chatgpt_${index}_${++runs}`;
    const entry: FileMessage = {
      id: `msg_chatgpt_${index}_${messages.length}`,
      seq: messages.length,
      runId,
      createdAt: message.create_time ? message.create_time * 1000 : conversationTime,
      message: role === 'user' ? { role: 'user', content } : { role: 'assistant', content },
    };
    if (role === 'assistant' && reasoning.length > 0) entry.reasoning = reasoning.join('\n\n');
    if (role === 'assistant') reasoning = [];
    messages.push(entry);
  }
  const firstUser = messages.find((entry) => entry.message.role === 'user');
  const title = conversation.title?.trim() || (firstUser ? titleFromMessage(firstUser.message.content ?? '') : UNTITLED);
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
 * Converts a ChatGPT data export (an array of conversations, or one conversation) into sessions holding
 * each conversation's main branch. Conversations without visible messages are skipped.
 */
export function parseChatGptExport(
  value: unknown,
  fileName: string,
): { ok: true; sessions: FileSession[] } | { ok: false; error: string } {
  const conversations = Array.isArray(value) ? value : [value];
  const sessions: FileSession[] = [];
  for (const [index, raw] of conversations.entries()) {
    const label = `${fileName}: conversation ${index + 1}${quoteLabel((raw as { title?: unknown } | null)?.title)}`;
    const parsed = chatGptConversationSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, error: `${label}: ${describeIssues(parsed.error.issues)}` };
    const branch = mainBranch(parsed.data);
    if (!branch.ok) return { ok: false, error: `${label}: ${branch.error}` };
    const session = toSession(parsed.data, branch.ids, index);
    if (session.messages.length > 0) sessions.push(session);
  }
  if (sessions.length === 0) return { ok: false, error: `${fileName}: no conversation has messages to import` };
  return { ok: true, sessions };
}
