import { createTranslate, defineDictionary, type Language, type TextValues } from './translate.ts';

/** English strings of the Settings tabs (the tabs' accessible names stay English, see settings-tabs.tsx). */
const en = {
  'tab.model': 'Model',
  'tab.agent': 'Agent',
  'tab.tools': 'Tools',
  'tab.memory': 'Memory',
  'tab.tracing': 'Tracing',
  'tab.data': 'Data',
  'tab.appearance': 'Appearance',
  tablist: 'Settings sections',
};

export type SettingsTabsStringKey = keyof typeof en;

const zhCN: Record<SettingsTabsStringKey, string> = {
  'tab.model': '模型',
  'tab.agent': '智能体',
  'tab.tools': '工具',
  'tab.memory': '记忆',
  'tab.tracing': '追踪',
  'tab.data': '数据',
  'tab.appearance': '外观',
  tablist: '设置分类',
};

/** The Settings tab strings in every language. */
export const settingsTabsDictionary = defineDictionary<SettingsTabsStringKey>('settings-tabs', { en, 'zh-CN': zhCN });

/** A Settings tab string in the given language. */
export function settingsTabsText(language: Language, key: SettingsTabsStringKey, values?: TextValues): string {
  return createTranslate(settingsTabsDictionary, language)(key, values);
}
