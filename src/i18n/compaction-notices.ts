import { compactionTextEnglish, type CompactionText, type CompactionTextKey } from '../context/compaction-text.ts';
import { defineDictionary, renderMessages, type Language } from './translate.ts';

/** 简体中文 wording of compaction notices; the English table is the context layer's own. */
const zhCN: Record<CompactionTextKey, string> = {
  'shortened.one': '有 1 条过长的消息放不进上下文窗口，已为模型截短（保留开头和结尾）。',
  'shortened.other': '有 {count} 条过长的消息放不进上下文窗口，已为模型截短（保留开头和结尾）。',
  fullTextStays: '完整内容仍保留在聊天中。',
  'summarised.one': '为适应模型的上下文窗口，已摘要之前的 1 条消息；原始消息仍保留在聊天中。',
  'summarised.other': '为适应模型的上下文窗口，已摘要之前的 {count} 条消息；原始消息仍保留在聊天中。',
  'dropped.one': '摘要早先的对话失败（{reason}），因此最早的 1 条消息没有放入模型的上下文；它仍保留在聊天中。',
  'dropped.other':
    '摘要早先的对话失败（{reason}），因此最早的 {count} 条消息没有放入模型的上下文；它们仍保留在聊天中。',
  nothingDropped: '摘要早先的对话失败（{reason}），而且没有可以省去的更早消息。',
};

/** Compaction notices in every language. */
export const compactionNoticeDictionary = defineDictionary<CompactionTextKey>('compaction-notices', {
  en: compactionTextEnglish,
  'zh-CN': zhCN,
});

/** A compaction notice in a UI language. */
export function compactionNoticeIn(language: Language, text: readonly CompactionText[]): string {
  return renderMessages(compactionNoticeDictionary, language, text);
}
