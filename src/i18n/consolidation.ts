import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** Strings of consolidation: a compacted stretch of conversation kept as a long-term note. */
const en = {
  setting: 'Save compacted history as a note',
  hint: 'When a long conversation is summarised to fit the context window, the summary is also kept in Memory (tagged “consolidated”), where you can read or delete it.',
  searchWords: 'consolidate consolidation long-term memory summary note',
} as const;

/** A key of the consolidation strings. */
export type ConsolidationStringKey = keyof typeof en;

const zhCN: Record<ConsolidationStringKey, string> = {
  setting: '将压缩的历史保存为笔记',
  hint: '长对话为放进上下文窗口而被总结时，摘要也会作为一条带整合标签的笔记保存到记忆中，你可以在那里查看或删除。',
  searchWords: '整合 长期记忆 摘要 笔记 压缩',
};

/** The consolidation strings in every language. */
export const consolidationDictionary = defineDictionary<ConsolidationStringKey>('consolidation', { en, 'zh-CN': zhCN });

/** The consolidation translate function for a language. */
export function createConsolidationTranslate(language: Language): Translate<ConsolidationStringKey> {
  return createTranslate(consolidationDictionary, language);
}
