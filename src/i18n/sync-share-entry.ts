import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/**
 * The one word of Share session on the first screen (the sidebar's button). Everything else of the feature is in
 * sync-share.ts, loaded with its dialog: this table stays tiny because the sidebar is part of the first load.
 */
const en = { share: 'Share session' };

export type SyncShareEntryKey = keyof typeof en;

const zhCN: Record<SyncShareEntryKey, string> = { share: '分享会话' };

/** The Share session button's label in every supported language. */
export const syncShareEntryDictionary = defineDictionary<SyncShareEntryKey>('sync-share-entry', {
  en,
  'zh-CN': zhCN,
});

/** The Share session button's translate function for a language. */
export function createSyncShareEntryTranslate(language: Language): Translate<SyncShareEntryKey> {
  return createTranslate(syncShareEntryDictionary, language);
}
