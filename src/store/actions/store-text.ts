import { resolveLanguage, type Language, type TextValues } from '../../i18n/index.ts';
import { createMessageTranslate, type MessageKey } from '../../i18n/messages.ts';
import { useAppStore } from '../app-store.ts';

/** The UI language now in effect, as the store sees it (the setting, or the browser's language). */
export function currentLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return resolveLanguage(useAppStore.getState().settings.language, browser);
}

/** A store message (alert, toast, notice) in the current language. */
export function storeText(key: MessageKey, values?: TextValues): string {
  return createMessageTranslate(currentLanguage())(key, values);
}
