/**
 * The one translate factory. Every dictionary (app, chat, commands, first run, memory, trace, runtime) is made with
 * `defineDictionary` and read with `createTranslate`: both languages must have every key (the types require it and
 * src/i18n/i18n.test.ts checks it), so there is no English fallback to hide a missing translation.
 */
import { fillPlaceholders, renderText, type TextRef, type TextValues } from '../model/message-text.ts';

export { fillPlaceholders, type TextRef, type TextValue, type TextValues } from '../model/message-text.ts';

/** A UI language. */
export type Language = 'en' | 'zh-CN';

/** Every UI language, English first. */
export const LANGUAGES: readonly Language[] = ['en', 'zh-CN'];

/** Looks up a string in one language, filling `{name}` placeholders from `values`. */
export type Translate<K extends string> = (key: K, values?: TextValues) => string;

/** A dictionary: the same keys in every language. */
export interface Dictionary<K extends string> {
  /** A short name for test failures, e.g. `chat`. */
  readonly name: string;
  readonly strings: { readonly [L in Language]: Readonly<Record<K, string>> };
}

/** Declares a dictionary from its English and Chinese tables. */
export function defineDictionary<K extends string>(
  name: string,
  strings: { readonly [L in Language]: Readonly<Record<K, string>> },
): Dictionary<K> {
  return { name, strings };
}

/** The translate function of one dictionary in one language. */
export function createTranslate<K extends string>(dictionary: Dictionary<K>, language: Language): Translate<K> {
  const table = dictionary.strings[language];
  const render = (ref: TextRef): string => fillPlaceholders(table[ref.key as K] ?? ref.key, ref.values, render);
  return (key, values) => fillPlaceholders(table[key], values, render);
}

/** How a language joins sentences: a space in English, nothing in Chinese. */
export const SENTENCE_SEPARATOR: { readonly [L in Language]: string } = { en: ' ', 'zh-CN': '' };

/** Renders runtime messages (see src/model/message-text.ts) with a dictionary in one language. */
export function renderMessages<K extends string>(
  dictionary: Dictionary<K>,
  language: Language,
  parts: TextRef<K> | readonly TextRef<K>[],
): string {
  return renderText(dictionary.strings[language], parts, SENTENCE_SEPARATOR[language]);
}

/** The language for a locale tag: Chinese tags give `zh-CN`, anything else English. */
export function toLanguage(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
