// A generated ChatGPT `conversations.json` in the real shape (the fields and nesting of the exports in
// ../shared/real-data/chatgpt/): a root node, a hidden system message, then user and assistant turns with their
// metadata, `current_node` at the last answer. Deterministic, and produced one conversation at a time, so a file
// of hundreds of MB is written without being held whole.
import { seededRandom } from './span-fixtures.ts';
import { WORDS } from './fixture-words.ts';

const CJK = ['浏览器', '会话', '消息', '模型', '工具', '追踪', '存储', '索引', '搜索', '导入', '对话', '回答'];

/** Options of {@link chatGptExportChunks}. */
export interface ChatGptExportOptions {
  conversations: number;
  /** Messages (user and assistant) per conversation, on average. */
  messagesPerConversation: number;
  /** Characters of text per message, on average. */
  messageLength: number;
  seed?: number;
}

function words(random: () => number, length: number, chinese: boolean): string {
  let text = '';
  while (text.length < length) {
    if (chinese) text += CJK[Math.floor(random() * CJK.length)];
    else text += `${text ? ' ' : ''}${WORDS[Math.floor(random() * WORDS.length)]}`;
  }
  return text;
}

/** The marker text of conversation `index`'s last answer: `Answer <index>.<n>`. */
export function lastAnswerMarker(index: number, messages: number): string {
  return `Answer ${index}.${Math.ceil(messages / 2)}`;
}

function uuid(random: () => number): string {
  const hex = () =>
    Math.floor(random() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-8${hex().slice(1)}-${hex()}${hex()}${hex()}`;
}

/** How many messages conversation `index` has: between half and one and a half times the average. */
export function conversationMessages(options: ChatGptExportOptions, index: number): number {
  const random = seededRandom((options.seed ?? 11) * 100_003 + index);
  const spread = Math.floor(options.messagesPerConversation * (0.5 + random()));
  return Math.max(2, spread - (spread % 2));
}

/** A node of the conversation's `mapping`, with its message (a hidden one for the system prompt). */
function mappingNode(
  id: string,
  parent: string,
  role: 'system' | 'user' | 'assistant',
  text: string,
  time: number,
  hidden = false,
): { id: string; message: Record<string, unknown>; parent: string; children: string[] } {
  return {
    id,
    message: {
      id,
      author: { role, name: null, metadata: {} },
      create_time: time,
      update_time: null,
      content: { content_type: 'text', parts: [text] },
      status: 'finished_successfully',
      end_turn: role === 'assistant' ? true : null,
      weight: hidden ? 0 : 1,
      metadata: hidden
        ? { is_visually_hidden_from_conversation: true }
        : role === 'assistant'
          ? {
              finish_details: { type: 'stop' },
              citations: [],
              model_slug: 'gpt-4o',
              parent_id: parent,
              timestamp_: 'absolute',
            }
          : { timestamp_: 'absolute', message_type: null },
      recipient: 'all',
      channel: null,
    },
    parent,
    children: [],
  };
}

/** One conversation of the export, as an object. */
export function chatGptConversation(options: ChatGptExportOptions, index: number): Record<string, unknown> {
  const random = seededRandom((options.seed ?? 11) * 100_003 + index);
  random();
  const messages = conversationMessages(options, index);
  const start = 1_700_000_000 + index * 3600;
  const rootId = `client-created-root-${index}`;
  const systemId = uuid(random);
  const mapping: Record<string, unknown> = {
    [rootId]: { id: rootId, message: null, parent: null, children: [systemId] },
  };
  const system = mappingNode(systemId, rootId, 'system', '', start, true);
  mapping[systemId] = system;
  let previous = system;
  const chinese = index % 7 === 3;
  for (let n = 0; n < messages; n += 1) {
    const id = uuid(random);
    const role = n % 2 === 0 ? 'user' : 'assistant';
    const turn = Math.floor(n / 2) + 1;
    const label = role === 'user' ? `Question ${index}.${turn}` : `Answer ${index}.${turn}`;
    const length = Math.max(8, Math.floor(options.messageLength * (0.4 + random() * 1.2)));
    const current = mappingNode(
      id,
      previous.id,
      role,
      `${label} ${words(random, length, chinese)}`,
      start + n * 30 + random(),
    );
    previous.children.push(id);
    mapping[id] = current;
    previous = current;
  }
  const conversationId = uuid(random);
  return {
    title: chinese ? `对话 ${index}` : `Conversation ${index}`,
    create_time: start,
    update_time: start + messages * 30,
    mapping,
    moderation_results: [],
    current_node: previous.id,
    plugin_ids: null,
    conversation_id: conversationId,
    conversation_template_id: null,
    gizmo_id: null,
    gizmo_type: null,
    is_archived: false,
    is_starred: null,
    safe_urls: [],
    blocked_urls: [],
    default_model_slug: 'gpt-4o',
    conversation_origin: null,
    voice: null,
    async_status: null,
    disabled_tool_ids: [],
    is_do_not_remember: false,
    memory_scope: 'global_enabled',
    id: conversationId,
  };
}

/** The export's text in pieces: `[`, each conversation (with its comma), `]`. Join them, or write them one by one. */
export function* chatGptExportChunks(options: ChatGptExportOptions): Generator<string> {
  yield '[';
  for (let index = 0; index < options.conversations; index += 1) {
    yield `${index === 0 ? '' : ', '}${JSON.stringify(chatGptConversation(options, index))}`;
  }
  yield ']';
}
