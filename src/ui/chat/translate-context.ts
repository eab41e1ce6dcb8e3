import { createContext, useContext } from 'react';
import { defaultChatTranslate, type ChatTranslate } from '../../i18n/chat.ts';

/** The chat's translate function for deep children (Markdown renderers) that take no props from us. */
export const ChatTranslateContext = createContext<ChatTranslate>(defaultChatTranslate);

/** Reads the chat's translate function. */
export function useChatTranslate(): ChatTranslate {
  return useContext(ChatTranslateContext);
}
