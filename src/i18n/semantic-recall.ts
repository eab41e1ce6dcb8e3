import { embeddingTextEnglish, type EmbeddingText, type EmbeddingTextKey } from '../model/embedding-text.ts';
import { createTranslate, defineDictionary, renderMessages, type Language, type Translate } from './translate.ts';

/** 简体中文 wording of embedding failures; the English table is the model layer's own. */
const embeddingZh: Record<EmbeddingTextKey, string> = {
  'no-endpoint':
    '{baseUrl} 上的接口没有嵌入（embeddings）API：/embeddings 返回 404 Not Found。有些服务商（例如 DeepSeek）只提供聊天。',
  'not-enabled':
    '{baseUrl} 上的服务器能做嵌入，但启动时没有开启：/embeddings 返回 {status} Not Implemented。llama.cpp 需要 `llama-server --embeddings`。',
  'chat-only':
    '{baseUrl} 上的模型“{model}”是聊天模型，不是嵌入模型，服务器拒绝用它做嵌入。请在设置中填写嵌入模型（vLLM 用 `--task embed` 提供嵌入模型）。',
  'unknown-model': '{baseUrl} 上的接口不认识嵌入模型“{model}”。请检查 设置 → 记忆 → 嵌入模型 中的名称。',
  unauthorized: '{baseUrl} 上的接口拒绝了用于嵌入的 API 密钥（HTTP {status}）。',
  unreachable: '发往 {baseUrl} 的嵌入请求没有得到回应（服务器未运行，或不允许本页面的跨域请求）。',
  'bad-response': '{baseUrl} 上的接口对嵌入请求的回应不是向量列表。',
  failed: '发往 {baseUrl} 的嵌入请求失败（HTTP {status}）。',
  'local-none': '没有为浏览器中的模型选择嵌入模型文件：请在 设置 → 记忆 → 嵌入模型 中选择一个 GGUF 文件。',
  'local-failed': '嵌入模型文件“{model}”无法在此浏览器中生成嵌入。',
  said: '它说：“{message}”',
  fallback: '语义回忆不可用，因此只按词语回忆了笔记。{reason}',
};

/** Embedding failures and recall's fallback notice in every language. */
export const embeddingNoticeDictionary = defineDictionary<EmbeddingTextKey>('embedding-notices', {
  en: embeddingTextEnglish,
  'zh-CN': embeddingZh,
});

/** An embedding message in a UI language. */
export function embeddingNoticeIn(language: Language, text: EmbeddingText | readonly EmbeddingText[]): string {
  return renderMessages(embeddingNoticeDictionary, language, text);
}

/** Strings of the semantic recall settings. */
const en = {
  semanticRecall: 'Semantic recall',
  semanticRecallHint:
    'Also recall notes by meaning: notes and messages are embedded through the endpoint’s /embeddings, and the two rankings are fused. Needs “Recall notes”.',
  embeddingModel: 'Embedding model',
  embeddingModelPlaceholder: 'text-embedding-3-small',
  demoEmbedder:
    'Demo provider: a local demo embedder (hashed character n-grams and a small synonym table — not a trained model). Nothing leaves the page.',
  localEmbedder:
    'In this browser: a GGUF model file from Local models (an embedding model such as nomic-embed or bge) embeds the notes, loaded beside the chat model. Nothing leaves the page.',
  noLocalEmbedder: 'None (recall by words only)',
  testEmbeddings: 'Test embeddings',
  testing: 'Testing…',
  testOk: 'Embeddings work: “{model}” returns vectors of {dimensions} numbers.',
  searchWords: 'embeddings vector meaning similarity',
} as const;

/** A key of the semantic recall strings. */
export type SemanticRecallStringKey = keyof typeof en;

const zhCN: Record<SemanticRecallStringKey, string> = {
  semanticRecall: '语义回忆',
  semanticRecallHint:
    '同时按含义回忆笔记：笔记和消息通过接口的 /embeddings 做嵌入，两种排序融合在一起。需要开启“回忆笔记”。',
  embeddingModel: '嵌入模型',
  embeddingModelPlaceholder: '例如 text-embedding-3-small',
  demoEmbedder: '演示服务商：本地演示嵌入器（字符 n-gram 哈希加一个小同义词表——不是训练过的模型）。数据不会离开页面。',
  localEmbedder:
    '在此浏览器中：用“本地模型”中的一个 GGUF 模型文件（嵌入模型，例如 nomic-embed 或 bge）为笔记做嵌入，与聊天模型一起加载。数据不会离开页面。',
  noLocalEmbedder: '无（只按词语回忆）',
  testEmbeddings: '测试嵌入',
  testing: '正在测试…',
  testOk: '嵌入可用：“{model}”返回 {dimensions} 维的向量。',
  searchWords: '嵌入 向量 含义 相似度 语义',
};

/** The semantic recall strings in every language. */
export const semanticRecallDictionary = defineDictionary<SemanticRecallStringKey>('semantic-recall', {
  en,
  'zh-CN': zhCN,
});

/** The semantic recall strings in one language. */
export function createSemanticRecallTranslate(language: Language): Translate<SemanticRecallStringKey> {
  return createTranslate(semanticRecallDictionary, language);
}
