import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** Citations in answers, the Passage dialog, the sources list and the search_knowledge span. */
const en = {
  passageTitle: 'Passage {label}',
  close: 'Close',
  document: 'Document',
  page: 'Page {page}',
  heading: 'Section: {heading}',
  passageText: 'Passage text',
  loadingPassage: 'Reading the passage from the library…',
  documentGone: 'This document is no longer in the Knowledge library; this is the text the answer cited.',
  renderingPage: 'Rendering page {page}…',
  pageImage: 'Page {page} of {document}',
  pageFailed: 'The page could not be rendered: {error}',
  citationTitle: 'Open the cited passage: {document}',
  sourcesHeading: 'Sources',
  candidatesHeading: 'Candidate passages',
  candidateScores: 'full-text {fullText} · cosine {cosine} · rank {rank}',
  noScore: 'none',
  'reason.shares-words': 'kept: shares words with the query',
  'reason.similar-meaning': 'kept: similar in meaning to the query',
  'reason.shares-words-and-meaning': 'kept: shares words and is similar in meaning',
  'reason.below-score': 'cut: full-text score below the threshold',
  'reason.not-similar-enough': 'cut: cosine similarity below the threshold',
  'reason.over-limit': 'cut: beyond the most passages returned',
} as const;

/** A key of the knowledge citation strings. */
export type KnowledgeCiteKey = keyof typeof en;

const zhCN: Record<KnowledgeCiteKey, string> = {
  passageTitle: '段落 {label}',
  close: '关闭',
  document: '文档',
  page: '第 {page} 页',
  heading: '章节：{heading}',
  passageText: '段落文字',
  loadingPassage: '正在从知识库读取段落…',
  documentGone: '这份文档已不在知识库中；以下是回答引用的文字。',
  renderingPage: '正在渲染第 {page} 页…',
  pageImage: '{document} 第 {page} 页',
  pageFailed: '无法渲染该页：{error}',
  citationTitle: '打开引用的段落：{document}',
  sourcesHeading: '来源',
  candidatesHeading: '候选段落',
  candidateScores: '全文 {fullText} · 余弦 {cosine} · 排名 {rank}',
  noScore: '无',
  'reason.shares-words': '保留：与查询有共同的词',
  'reason.similar-meaning': '保留：与查询含义相近',
  'reason.shares-words-and-meaning': '保留：有共同的词且含义相近',
  'reason.below-score': '舍弃：全文得分低于阈值',
  'reason.not-similar-enough': '舍弃：余弦相似度低于阈值',
  'reason.over-limit': '舍弃：超出返回段落的上限',
};

/** The knowledge citation strings in every language. */
export const knowledgeCiteDictionary = defineDictionary<KnowledgeCiteKey>('knowledge-cite', { en, 'zh-CN': zhCN });

/** The knowledge citation strings in one language. */
export function createKnowledgeCiteTranslate(language: Language): Translate<KnowledgeCiteKey> {
  return createTranslate(knowledgeCiteDictionary, language);
}
