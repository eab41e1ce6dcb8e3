import { en, type AppStringKey } from './en.ts';
import { createTranslate, defineDictionary, toLanguage, type Language, type TextValues } from './translate.ts';
import { zhCN } from './zh-CN.ts';

export { createTranslate, defineDictionary, fillPlaceholders, toLanguage, LANGUAGES } from './translate.ts';
export type { Dictionary, Language, TextRef, TextValues, Translate } from './translate.ts';

/** The strings of the app shell, sessions and settings. */
export const appDictionary = defineDictionary<AppStringKey>('app', { en, 'zh-CN': zhCN });

/** The language to show: the setting, or the browser's language when set to system. */
export function resolveLanguage(setting: 'system' | Language, browserLanguages: readonly string[]): Language {
  if (setting !== 'system') return setting;
  return browserLanguages.some((language) => toLanguage(language) === 'zh-CN') ? 'zh-CN' : 'en';
}

/** Looks up an app string, filling `{name}` placeholders. */
export function translate(language: Language, key: AppStringKey, values?: TextValues): string {
  return createTranslate(appDictionary, language)(key, values);
}

export type { AppStringKey };
