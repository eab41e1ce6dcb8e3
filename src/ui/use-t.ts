import { useMemo } from 'react';
import { resolveLanguage, translate, type AppStringKey, type Language } from '../i18n/index.ts';
import { useAppStore } from '../store/app-store.ts';

/** The UI language now in effect. */
export function useLanguage(): Language {
  const setting = useAppStore((state) => state.settings.language);
  return resolveLanguage(setting, typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
}

/** A translate function for the app strings in the current language. */
export function useT(): (key: AppStringKey, values?: Record<string, string | number>) => string {
  const language = useLanguage();
  return useMemo(() => (key: AppStringKey, values?: Record<string, string | number>) => translate(language, key, values), [language]);
}
