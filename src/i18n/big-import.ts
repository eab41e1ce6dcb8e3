import { createTranslate, defineDictionary, type Language, type TextValues } from './translate.ts';

/** What a streamed (ChatGPT) import shows: its write progress, Cancel, and a file too big for the free storage. */
const en = {
  progressWrite: 'Importing {file}: {done} of {total} conversations ({bytes} of {size} read)',
  cancel: 'Cancel',
  cancelledNothing: 'Import cancelled: nothing was imported.',
  cancelledKept: 'Import cancelled: {count} kept (the conversations imported before Cancel).',
  overQuota:
    '{file}: the file is {size}, more than the {free} of storage this browser has free ({used} used of {quota}). Free space (export and delete old sessions) and try again.',
} as const;

/** A string of the streamed import. */
export type BigImportKey = keyof typeof en;

const zhCN: Record<BigImportKey, string> = {
  progressWrite: '正在导入 {file}：{done} / {total} 个对话（已读取 {bytes} / {size}）',
  cancel: '取消',
  cancelledNothing: '导入已取消：没有导入任何内容。',
  cancelledKept: '导入已取消：保留了 {count}（取消前已导入的对话）。',
  overQuota:
    '{file}：文件大小为 {size}，超过此浏览器剩余的存储空间 {free}（已用 {used}，共 {quota}）。请先释放空间（导出并删除旧会话）再试。',
};

/** The streamed-import strings in every language. */
export const bigImportDictionary = defineDictionary<BigImportKey>('big-import', { en, 'zh-CN': zhCN });

/** A streamed-import string in a language. */
export function bigImportText(language: Language, key: BigImportKey, values?: TextValues): string {
  return createTranslate(bigImportDictionary, language)(key, values);
}
