import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** Strings of the attachment bar: the Attach button, the drop zone and why a file was not attached. */
const en = {
  attach: 'Attach',
  attachTitle:
    'Attach text, Markdown, JSON or CSV files (up to {limit} each; CSV, TSV and JSON up to {dataLimit}); the agent reads them with read_file and queries tables with query_data',
  drop: 'Drop files to attach them to this session',
  remove: 'Remove',
  dismiss: 'Dismiss',
  unsupported: '{name}: only text, Markdown, JSON and CSV files can be attached.',
  tooLarge: '{name} is {size}; attached files are limited to {limit}. Attach a smaller file or an excerpt.',
  notText: '{name} is not UTF-8 text (a binary file?), so it was not attached.',
  tooMany: '{name} was not attached: a session holds at most {count} files. Remove one first.',
  storage: '{name} could not be saved. {message}',
} as const;

/** A key of the attachment strings. */
export type AttachmentStringKey = keyof typeof en;

const zhCN: Record<AttachmentStringKey, string> = {
  attach: '附加',
  attachTitle:
    '附加文本、Markdown、JSON 或 CSV 文件（每个不超过 {limit}；CSV、TSV 和 JSON 不超过 {dataLimit}），智能体用 read_file 读取，用 query_data 查询表格',
  drop: '松开即可把文件附加到本会话',
  remove: '移除',
  dismiss: '关闭',
  unsupported: '{name}：只能附加文本、Markdown、JSON 和 CSV 文件。',
  tooLarge: '{name} 大小为 {size}，附件上限是 {limit}。请附加更小的文件或节选。',
  notText: '{name} 不是 UTF-8 文本（可能是二进制文件），未能附加。',
  tooMany: '{name} 未附加：每个会话最多 {count} 个文件，请先移除一个。',
  storage: '{name} 保存失败。{message}',
};

/** The attachment strings in every language. */
export const attachmentDictionary = defineDictionary<AttachmentStringKey>('attachments', { en, 'zh-CN': zhCN });

/** The attachment translate function for a language. */
export function createAttachmentTranslate(language: Language): Translate<AttachmentStringKey> {
  return createTranslate(attachmentDictionary, language);
}
