/**
 * The one translate factory. Every dictionary (app, chat, commands, first run, memory, trace, runtime) is made with
 * `defineDictionary` and read with `createTranslate`: both languages must have every key (the types require it and
 * src/i18n/i18n.test.ts checks it), so there is no English fallback to hide a missing translation.
 */

/** A UI language. */
export type Language = 'en' | 'zh-CN';

/** Every UI language, English first. */
export const LANGUAGES: readonly Language[] = ['en', 'zh-CN'];

/** Values for a string's `{name}` placeholders. */
export type TextValues = Readonly<Record<string, string | number>>;

/** Looks up a string in one language, filling `{name}` placeholders from `values`. */
export type Translate<K extends string> = (key: K, values?: TextValues) => string;

/** A dictionary: the same keys in every language. */
export interface Dictionary<K extends string> {
  /** A short name for test failures, e.g. `chat`. */
  readonly name: string;
  readonly strings: { readonly [L in Language]: Readonly<Record<K, string>> };
}

/** A message to translate later: a dictionary key and its placeholder values. */
export interface TextRef<K extends string> {
  key: K;
  values?: TextValues;
}

/** Declares a dictionary from its English and Chinese tables. */
export function defineDictionary<K extends string>(
  name: string,
  strings: { readonly [L in Language]: Readonly<Record<K, string>> },
): Dictionary<K> {
  return { name, strings };
}

/** Fills `{name}` placeholders; unknown names stay as written. */
export function fillPlaceholders(template: string, values?: TextValues): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : match));
}

/** The translate function of one dictionary in one language. */
export function createTranslate<K extends string>(dictionary: Dictionary<K>, language: Language): Translate<K> {
  const table = dictionary.strings[language];
  return (key, values) => fillPlaceholders(table[key], values);
}

/** The language for a locale tag: Chinese tags give `zh-CN`, anything else English. */
export function toLanguage(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
