import { en, type AppStringKey } from './en.ts';
import { zhCN } from './zh-CN.ts';

/** A UI language. */
export type Language = 'en' | 'zh-CN';

/** The language to show: the setting, or the browser's language when set to system. */
export function resolveLanguage(setting: 'system' | Language, browserLanguages: readonly string[]): Language {
  if (setting !== 'system') return setting;
  return browserLanguages.some((language) => language.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

/** Looks up an app string, filling `{name}` placeholders. */
export function translate(language: Language, key: AppStringKey, values?: Record<string, string | number>): string {
  const template = language === 'zh-CN' ? zhCN[key] : en[key];
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** Makes a translate function for a dictionary pair with English fallback. */
export function dictionary<T extends Record<string, string>>(strings: { en: T; 'zh-CN': Partial<Record<keyof T, string>> }, language: Language) {
  return (key: keyof T & string): string => (language === 'zh-CN' ? strings['zh-CN'][key] : undefined) ?? strings.en[key] ?? key;
}

export type { AppStringKey };
