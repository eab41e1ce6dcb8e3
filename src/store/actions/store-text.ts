import type { TextValues } from '../../i18n/index.ts';
import { createMessageTranslate, type MessageKey } from '../../i18n/messages.ts';
import { currentLanguage } from './current-language.ts';

/** A store message (alert, toast, notice) in the current language. */
export function storeText(key: MessageKey, values?: TextValues): string {
  return createMessageTranslate(currentLanguage())(key, values);
}
