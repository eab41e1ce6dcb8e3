import { createTranslate, defineDictionary, type Language, type TextValues } from './translate.ts';

/**
 * Why an import file was refused, shown after "Import failed" in the alert. The sentence is translated; a field's
 * problem inside it (`messages.4.id: duplicate message id m1`, zod's own wording) stays the technical English detail.
 */
const en = {
  tooLarge: '{file}: the file is larger than {limit}, the import limit',
  tooLargeSize: '{file}: the file is {size}; imports are limited to {limit}.',
  empty: '{file}: the file is empty',
  notJson: '{file}: not valid JSON ({reason}); the file may be truncated or not an export',
  notExport:
    '{file}: not a Glassbox sessions export (format "{format}"), a ChatGPT conversations.json or an OTLP/HTTP JSON trace file',
  newerVersion:
    '{file}: written by a newer Glassbox (file version {version}; this version reads up to {supported}). Update Glassbox to import it.',
  unreadable: '{file}: the file could not be read ({reason}).',
  unparsable: '{file}: the file could not be parsed ({reason}).',
  workerFailed: 'the import worker failed',
  session: 'session {index}{title}',
  trace: 'trace {index}{title}',
  noConversations: '{file}: no conversation has messages to import',
  noConversationsWhy: '{file}: no conversation has messages to import ({reasons})',
} as const;

/** A reason an import file was refused. */
export type ImportErrorKey = keyof typeof en;

const zhCN: Record<ImportErrorKey, string> = {
  tooLarge: '{file}：文件超过导入上限 {limit}',
  tooLargeSize: '{file}：文件大小为 {size}，导入上限为 {limit}。',
  empty: '{file}：文件是空的',
  notJson: '{file}：不是有效的 JSON（{reason}）；文件可能不完整，或不是导出文件',
  notExport:
    '{file}：既不是 Glassbox 会话导出文件（format "{format}"），也不是 ChatGPT 的 conversations.json 或 OTLP/HTTP JSON 追踪文件',
  newerVersion:
    '{file}：由更新版本的 Glassbox 写入（文件版本 {version}；此版本最高只能读取 {supported}）。请更新 Glassbox 后再导入。',
  unreadable: '{file}：无法读取文件（{reason}）。',
  unparsable: '{file}：无法解析文件（{reason}）。',
  workerFailed: '导入 worker 出错',
  session: '第 {index} 个会话{title}',
  trace: '第 {index} 条追踪{title}',
  noConversations: '{file}：没有包含可导入消息的对话',
  noConversationsWhy: '{file}：没有包含可导入消息的对话（{reasons}）',
};

/** The reasons an import file was refused, in every language. */
export const importErrorDictionary = defineDictionary<ImportErrorKey>('import-errors', { en, 'zh-CN': zhCN });

/** A reason an import file was refused, in a language. */
export function importErrorText(language: Language, key: ImportErrorKey, values?: TextValues): string {
  return createTranslate(importErrorDictionary, language)(key, values);
}
