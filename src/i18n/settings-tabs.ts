import { createTranslate, defineDictionary, type Language, type TextValues } from './translate.ts';

/** English strings of the Settings tabs and search (the tabs' accessible names stay English, see settings-tabs.tsx). */
const en = {
  'tab.model': 'Model',
  'tab.agent': 'Agent',
  'tab.tools': 'Tools',
  'tab.memory': 'Memory',
  'tab.tracing': 'Tracing',
  'tab.data': 'Data',
  'tab.sync': 'Sync',
  'tab.appearance': 'Appearance',
  tablist: 'Settings sections',
  searchPlaceholder: 'Search settings',
  searchStatus: 'Settings found: {count}',
  noMatch: 'No setting matches “{query}”.',
  noMatchInTab: 'Nothing in this tab matches “{query}”. Tabs with matches show how many.',
  compactionWords: 'compaction summary summarise context',
  storageWords: 'quota persistent disk space usage',
};

export type SettingsTabsStringKey = keyof typeof en;

const zhCN: Record<SettingsTabsStringKey, string> = {
  'tab.model': '模型',
  'tab.agent': '智能体',
  'tab.tools': '工具',
  'tab.memory': '记忆',
  'tab.tracing': '追踪',
  'tab.data': '数据',
  'tab.sync': '同步',
  'tab.appearance': '外观',
  tablist: '设置分类',
  searchPlaceholder: '搜索设置',
  searchStatus: '找到 {count} 项设置',
  noMatch: '没有与“{query}”匹配的设置。',
  noMatchInTab: '此标签页中没有与“{query}”匹配的设置。有匹配的标签页会显示数量。',
  compactionWords: '压缩 摘要 总结 上下文',
  storageWords: '配额 持久 磁盘 空间 用量',
};

/** The Settings tab strings in every language. */
export const settingsTabsDictionary = defineDictionary<SettingsTabsStringKey>('settings-tabs', { en, 'zh-CN': zhCN });

/** A Settings tab string in the given language. */
export function settingsTabsText(language: Language, key: SettingsTabsStringKey, values?: TextValues): string {
  return createTranslate(settingsTabsDictionary, language)(key, values);
}
