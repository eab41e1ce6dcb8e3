import { chineseReady } from './chinese.ts';
import { en, type AppStringKey } from './en.ts';
import { createTranslate, defineDictionary, toLanguage, type Language, type TextValues } from './translate.ts';
import { zhCN } from './zh-CN.ts';

export { createTranslate, defineDictionary, fillPlaceholders, toLanguage, LANGUAGES } from './translate.ts';
export type { Dictionary, Language, TextRef, TextValues, Translate } from './translate.ts';

/** The strings of the app shell, sessions and settings. */
export const appDictionary = defineDictionary<AppStringKey>('app', { en, 'zh-CN': zhCN });

/** The language a setting asks for: the setting, or the browser's language when set to system. */
export function wantedLanguage(setting: 'system' | Language, browserLanguages: readonly string[]): Language {
  if (setting !== 'system') return setting;
  return browserLanguages.some((language) => toLanguage(language) === 'zh-CN') ? 'zh-CN' : 'en';
}

/**
 * The language to show: the one the setting asks for, Chinese only once its strings are loaded (src/i18n/chinese.ts:
 * `prepareLanguage` runs before a language applies and before the first paint), English until then.
 */
export function resolveLanguage(setting: 'system' | Language, browserLanguages: readonly string[]): Language {
  const wanted = wantedLanguage(setting, browserLanguages);
  return wanted === 'zh-CN' && !chineseReady() ? 'en' : wanted;
}

/** Looks up an app string, filling `{name}` placeholders. */
export function translate(language: Language, key: AppStringKey, values?: TextValues): string {
  return createTranslate(appDictionary, language)(key, values);
}

export type { AppStringKey };
