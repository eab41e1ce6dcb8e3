import { createTranslate, defineDictionary, toLanguage, type Translate } from './translate.ts';

/**
 * Strings of the Memory view and the compaction divider in the chat. Accessible names that tests rely on stay
 * English in `aria-label`s; these strings are what people read.
 */
const en = {
  title: 'Memory',
  description:
    'Long-term notes shared by all sessions. The agent saves them with save_note and recalls related ones before it answers; you can add, edit and delete them here.',
  searchPlaceholder: 'Search notes',
  noteCount: '{count} {count|note|notes}',
  noteCountOne: '1 note',
  empty: 'No notes yet. Add one below, or ask the agent to remember something.',
  noMatches: 'No notes match “{query}”.',
  newNote: 'New note',
  newNotePlaceholder: 'Something the agent should remember, e.g. “I prefer answers in metric units.”',
  tags: 'Tags',
  tagsPlaceholder: 'Optional, separated by commas',
  add: 'Add note',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  confirmDelete: 'Delete this note? The agent will no longer recall it.',
  confirmDeleteYes: 'Delete',
  updatedAt: 'Updated {date}',
  savedByAgent: 'Saved by the agent',
  addFailed: 'The note could not be added: {error}',
  updateFailed: 'The note could not be saved: {error}',
  deleteFailed: 'The note could not be deleted: {error}',
  contentRequired: 'A note needs some text.',

  dividerSummarised: '{count} earlier {count|message|messages} summarised',
  dividerSummarisedOne: '1 earlier message summarised',
  dividerDropped: '{count} earlier {count|message|messages} left out of the context',
  dividerDroppedOne: '1 earlier message left out of the context',
  dividerTruncated: 'Long messages shortened for the model',
  dividerShowSummary: 'Show the summary the model sees',
  dividerNoSummary: 'Summarising failed, so these messages were left out instead. They stay here in the chat.',
  dividerExplanation: 'Only the model’s context is shortened: the original messages stay here.',
} as const;

/** A key of the memory strings (typed on the English table). */
export type MemoryStringKey = keyof typeof en;

const zhCN: Record<MemoryStringKey, string> = {
  title: '记忆',
  description:
    '所有会话共享的长期笔记。智能体用 save_note 保存笔记，并在回答前回忆相关内容；你可以在这里添加、编辑和删除。',
  searchPlaceholder: '搜索笔记',
  noteCount: '{count} 条笔记',
  noteCountOne: '1 条笔记',
  empty: '还没有笔记。可以在下方添加，或让智能体记住某件事。',
  noMatches: '没有与“{query}”匹配的笔记。',
  newNote: '新笔记',
  newNotePlaceholder: '希望智能体记住的内容，例如“回答时请使用公制单位。”',
  tags: '标签',
  tagsPlaceholder: '可选，用逗号分隔',
  add: '添加笔记',
  edit: '编辑',
  save: '保存',
  cancel: '取消',
  delete: '删除',
  confirmDelete: '删除这条笔记？智能体将不再回忆它。',
  confirmDeleteYes: '删除',
  updatedAt: '更新于 {date}',
  savedByAgent: '由智能体保存',
  addFailed: '无法添加笔记：{error}',
  updateFailed: '无法保存笔记：{error}',
  deleteFailed: '无法删除笔记：{error}',
  contentRequired: '笔记需要填写内容。',

  dividerSummarised: '已摘要之前的 {count} 条消息',
  dividerSummarisedOne: '已摘要之前的 1 条消息',
  dividerDropped: '之前的 {count} 条消息未放入上下文',
  dividerDroppedOne: '之前的 1 条消息未放入上下文',
  dividerTruncated: '过长的消息已为模型截短',
  dividerShowSummary: '查看模型看到的摘要',
  dividerNoSummary: '摘要失败，因此这些消息没有放入上下文。它们仍保留在聊天中。',
  dividerExplanation: '只缩短了模型的上下文：原始消息仍保留在这里。',
};

/** The memory strings in every supported language. */
export const memoryDictionary = defineDictionary<MemoryStringKey>('memory', { en, 'zh-CN': zhCN });

/** The memory strings' tables (for tests). */
export const memoryStrings = memoryDictionary.strings;

/** Looks up a memory string; `{name}` placeholders are filled from `values`. */
export type MemoryTranslate = Translate<MemoryStringKey>;

/** The memory translate function for a language (a locale tag is accepted). */
export function createMemoryTranslate(locale: string = 'en'): MemoryTranslate {
  return createTranslate(memoryDictionary, toLanguage(locale));
}

/** The English translate function, the default of the memory components. */
export const englishMemory: MemoryTranslate = createMemoryTranslate('en');
