import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** The Knowledge dialog: the library of documents, adding them and what went wrong with a file. */
const en = {
  open: 'Knowledge',
  title: 'Knowledge',
  intro:
    'Documents added here are searched by the agent from every session. PDF, Markdown, text, HTML and DOCX, up to {limit} each.',
  add: 'Add documents',
  dropHint: 'or drop files here',
  empty: 'No documents yet.',
  pages: '{count} {count|page|pages}',
  passages: '{count} {count|passage|passages}',
  parsing: 'Reading {name}…',
  parsingProgress: 'Reading {name}: page {done} of {total}',
  cancel: 'Cancel',
  delete: 'Delete',
  noText: 'No text found: this looks like a scan (images only). It is kept but cannot be searched.',
  refusedUnreadable: '{name} could not be read: {detail}',
  refusedTooLarge: '{name} is too large: the limit is {limit}.',
  refusedType: '{name} is not a document the library reads. Accepted: {types}.',
  needsPassword: '{name} is protected by a password.',
  wrongPassword: 'The password for {name} is not right.',
  password: 'Password',
  openWithPassword: 'Open',
  skip: 'Skip',
  dismiss: 'Dismiss',
  storageFailed: '{name} could not be saved: {error}',
};

export type KnowledgeKey = keyof typeof en;

const zhCN: Record<KnowledgeKey, string> = {
  open: '知识库',
  title: '知识库',
  intro: '在这里添加的文档可供智能体在每个会话中检索。支持 PDF、Markdown、纯文本、HTML 和 DOCX，每个文件最大 {limit}。',
  add: '添加文档',
  dropHint: '或将文件拖放到这里',
  empty: '还没有文档。',
  pages: '{count} 页',
  passages: '{count} 个段落',
  parsing: '正在读取 {name}…',
  parsingProgress: '正在读取 {name}：第 {done} 页，共 {total} 页',
  cancel: '取消',
  delete: '删除',
  noText: '未找到文本：这似乎是扫描件（只有图像）。文档已保留，但无法检索。',
  refusedUnreadable: '无法读取 {name}：{detail}',
  refusedTooLarge: '{name} 太大：上限为 {limit}。',
  refusedType: '资料库无法读取 {name} 这类文件。支持：{types}。',
  needsPassword: '{name} 受密码保护。',
  wrongPassword: '{name} 的密码不正确。',
  password: '密码',
  openWithPassword: '打开',
  skip: '跳过',
  dismiss: '关闭',
  storageFailed: '无法保存 {name}：{error}',
};

/** The Knowledge dialog's strings in every supported language. */
export const knowledgeDictionary = defineDictionary<KnowledgeKey>('knowledge', { en, 'zh-CN': zhCN });

/** The Knowledge dialog's translate function for a language. */
export function createKnowledgeTranslate(language: Language): Translate<KnowledgeKey> {
  return createTranslate(knowledgeDictionary, language);
}
