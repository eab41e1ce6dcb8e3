import { defineDictionary } from './translate.ts';

/**
 * The header's Knowledge button, on the first screen: two words in a file of their own, since the Knowledge dialog's
 * strings (knowledge.ts) load with the dialog and would otherwise come with the first load.
 */
export const knowledgeButtonDictionary = defineDictionary<'open'>('knowledge-button', {
  en: { open: 'Knowledge' },
  'zh-CN': { open: '知识库' },
});
