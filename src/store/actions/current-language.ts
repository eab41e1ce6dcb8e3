import { resolveLanguage, type Language } from '../../i18n/index.ts';
import { useAppStore } from '../app-store.ts';

/** The language the app shows now: the setting, or the browser's when set to system. */
export function currentLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return resolveLanguage(useAppStore.getState().settings.language, browser);
}
