import type { Settings } from '../../config/settings.ts';
import { resolveLanguage, wantedLanguage, type Language } from '../../i18n/index.ts';
import { prepareLanguage } from '../../i18n/chinese.ts';
import { useAppStore } from '../app-store.ts';

let languagesNow: readonly string[] | undefined;

/** The browser's languages, read once until they change (every message row asks for the UI language). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (!languagesNow) {
    languagesNow = navigator.languages ?? [navigator.language];
    globalThis.addEventListener?.('languagechange', () => (languagesNow = undefined), { once: true });
  }
  return languagesNow;
}

/** The language the app shows now: the setting, or the browser's when set to system. */
export function currentLanguage(): Language {
  return resolveLanguage(useAppStore.getState().settings.language, browserLanguages());
}

/**
 * Loads the strings of the language a setting asks for (Chinese is a chunk of its own), before that setting applies
 * or the first paint, so no text shows in English first: a promise to wait for, or undefined when they are there.
 */
export function prepareLanguageOf(setting: Settings['language']): Promise<void> | undefined {
  return prepareLanguage(wantedLanguage(setting, browserLanguages()));
}
