import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** The in-browser model's words in the trace (Span details of an llm span of a local run). */
const en = {
  speed: 'Speed',
  speedValue: 'generation {generation} tok/s · prompt {prompt} tok/s',
  file: 'Model file',
  quantisation: 'Quantisation',
  threads: 'Threads',
  contextSize: 'Context size',
  contextValue: '{tokens} tokens',
};

export type LocalModelKey = keyof typeof en;

const zhCN: Record<LocalModelKey, string> = {
  speed: '速度',
  speedValue: '生成 {generation} tok/s · 提示处理 {prompt} tok/s',
  file: '模型文件',
  quantisation: '量化',
  threads: '线程',
  contextSize: '上下文大小',
  contextValue: '{tokens} 个 token',
};

/** The local model's trace strings in every supported language. */
export const localModelDictionary = defineDictionary<LocalModelKey>('local-model', { en, 'zh-CN': zhCN });

export function createLocalModelTranslate(language: Language): Translate<LocalModelKey> {
  return createTranslate(localModelDictionary, language);
}
