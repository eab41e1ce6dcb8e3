import { useMemo } from 'react';
import { resolveLanguage, translate, type AppStringKey, type Language, type TextValues } from '../i18n/index.ts';
import { createNameTranslate, type NameTranslate } from '../i18n/names.ts';
import { browserLanguages } from '../store/actions/current-language.ts';
import { useAppStore } from '../store/app-store.ts';

/** The UI language now in effect. */
export function useLanguage(): Language {
  const setting = useAppStore((state) => state.settings.language);
  return resolveLanguage(setting, browserLanguages());
}

/** A translate function for the app strings in the current language. */
export function useT(): (key: AppStringKey, values?: TextValues) => string {
  const language = useLanguage();
  return useMemo(() => (key: AppStringKey, values?: TextValues) => translate(language, key, values), [language]);
}

/** Accessible names outside the UI contract, in the current language (contract names stay English literals). */
export function useNames(): NameTranslate {
  const language = useLanguage();
  return useMemo(() => createNameTranslate(language), [language]);
}
