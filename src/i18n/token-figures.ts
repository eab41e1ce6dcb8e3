import { createTranslate, defineDictionary, toLanguage, type Translate } from './translate.ts';

/** Span details' token and cost figures of a model call, each saying where its tokens come from. */
const en = {
  inputTokens: 'Input tokens',
  outputTokens: 'Output tokens',
  reasoningTokens: 'Reasoning tokens',
  cachedTokens: 'Cached tokens',
  figure: '{tokens} ({source})',
  reported: 'reported',
  counted: 'counted',
  estimated: 'estimated',
  reportedTitle: 'Reported by the endpoint.',
  countedTitle: 'Counted with the {encoding} tokenizer: the endpoint reported no usage.',
  estimatedTitle: 'Estimated: the endpoint reported no usage and this model has no known tokenizer.',
  cost: 'Cost',
  noPrice: 'no price (set one in Settings)',
};

export type TokenFiguresKey = keyof typeof en;

const zhCN: Record<TokenFiguresKey, string> = {
  inputTokens: '输入令牌',
  outputTokens: '输出令牌',
  reasoningTokens: '推理令牌',
  cachedTokens: '缓存令牌',
  figure: '{tokens}（{source}）',
  reported: '报告',
  counted: '计数',
  estimated: '估算',
  reportedTitle: '由端点报告。',
  countedTitle: '用 {encoding} 分词器计数：端点未报告用量。',
  estimatedTitle: '估算：端点未报告用量，且此模型没有已知的分词器。',
  cost: '费用',
  noPrice: '无价格（请在设置中填写）',
};

/** The token figures in every supported language. */
export const tokenFiguresDictionary = defineDictionary<TokenFiguresKey>('token-figures', { en, 'zh-CN': zhCN });

export type TokenFiguresTranslate = Translate<TokenFiguresKey>;

/** The token figures translate function for a language (a locale tag is accepted). */
export function createTokenFiguresTranslate(locale: string = 'en'): TokenFiguresTranslate {
  return createTranslate(tokenFiguresDictionary, toLanguage(locale));
}
