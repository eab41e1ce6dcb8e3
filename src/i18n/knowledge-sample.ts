import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** The first-run offer of the demo's sample Knowledge document (its own small dictionary: it loads once idle). */
const en = {
  sampleTitle: 'Sample document',
  sampleBody:
    'Add a short guide written for this demo to the Knowledge library, then ask about it: the demo model searches it with search_knowledge and cites the passage it used.',
  sampleButton: 'Add the sample document and ask',
  sampleFailed: 'The sample document could not be added: {error}',
} as const;

/** A key of the sample document strings. */
export type KnowledgeSampleKey = keyof typeof en;

const zhCN: Record<KnowledgeSampleKey, string> = {
  sampleTitle: '示例文档',
  sampleBody:
    '把为本演示编写的一份简短指南加入知识库，然后就它提问：演示模型会用 search_knowledge 搜索它，并引用所用的段落。',
  sampleButton: '加入示例文档并提问',
  sampleFailed: '无法加入示例文档：{error}',
};

/** The sample document strings in every language. */
export const knowledgeSampleDictionary = defineDictionary<KnowledgeSampleKey>('knowledge-sample', {
  en,
  'zh-CN': zhCN,
});

/** The sample document strings in one language. */
export function createKnowledgeSampleTranslate(language: Language): Translate<KnowledgeSampleKey> {
  return createTranslate(knowledgeSampleDictionary, language);
}
