import { createTranslate, defineDictionary, type Language, type TextValues } from './translate.ts';

/** English strings about browser storage: the Settings line, the near-full warning, writes kept in memory. */
const en = {
  heading: 'Storage',
  usage: '{used} of {quota}',
  persistent: 'persistent',
  notPersistent: 'not persistent (the browser may clear it when space runs low)',
  persistenceUnknown: 'persistence unknown',
  unknown: 'unknown (this browser does not report storage use)',
  nearlyFull:
    'Storage is {percent}% full. Export the sessions you want to keep, then delete old sessions to free space.',
  keptInMemory:
    'Storage is full: the latest changes are kept in memory and not yet saved. Export or delete old sessions; they will be saved when space is free.',
  allSaved: 'Storage has space again: the changes kept in memory are saved.',
};

export type StorageStringKey = keyof typeof en;

const zhCN: Record<StorageStringKey, string> = {
  heading: '存储',
  usage: '已用 {used}，共 {quota}',
  persistent: '持久存储',
  notPersistent: '非持久存储（空间不足时浏览器可能清除）',
  persistenceUnknown: '持久状态未知',
  unknown: '未知（此浏览器不报告存储用量）',
  nearlyFull: '存储已用 {percent}%。请导出要保留的会话，然后删除旧会话以释放空间。',
  keptInMemory: '存储已满：最新的更改暂存在内存中，尚未保存。请导出或删除旧会话；有空间后会自动保存。',
  allSaved: '存储已有空间：暂存在内存中的更改已保存。',
};

/** The storage strings in every language. */
export const storageDictionary = defineDictionary<StorageStringKey>('storage', { en, 'zh-CN': zhCN });

/** A storage string in the given language, `{name}` placeholders filled. */
export function storageText(language: Language, key: StorageStringKey, values?: TextValues): string {
  return createTranslate(storageDictionary, language)(key, values);
}

/** A byte count for people: `12.4 MB`, `2.1 GB` (decimal units, as browsers report quotas). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?';
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}
