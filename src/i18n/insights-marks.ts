import { createTranslate, defineDictionary, toLanguage, type Translate } from './translate.ts';

/**
 * The few Insights strings the first screen needs (the header button, the trace panel's cost and stuck marks); the
 * view's own strings (insights.ts) load with it.
 */
const en = {
  open: 'Insights',
  cost: 'Cost',
  noPrice: 'no price',
  costTitle: 'Estimated from the token figures and the prices in Settings ({prices}).',
  costUnpriced: 'No price for {models}: set one in Settings.',
  costRun: 'this run {cost}',
  costCall: 'this call {cost} ({sources})',
  sourceReported: '{count} reported',
  sourceCounted: '{count} counted',
  sourceEstimated: '{count} estimated',
  stuckBadge: 'Possibly stuck',
  stuckSteps: '{steps} steps (more than {threshold})',
  stuckErrors: 'the same error {count} times ({error})',
  stuckCalls: '{tool} called {count} times with the same arguments',
};

export type InsightsMarksKey = keyof typeof en;

const zhCN: Record<InsightsMarksKey, string> = {
  open: '洞察',
  cost: '费用',
  noPrice: '无价格',
  costTitle: '根据 token 数据与设置中的价格估算（{prices}）。',
  costUnpriced: '{models} 没有价格：请在设置中填写。',
  costRun: '本次运行 {cost}',
  costCall: '本次调用 {cost}（{sources}）',
  sourceReported: '{count} 个报告',
  sourceCounted: '{count} 个计数',
  sourceEstimated: '{count} 个估算',
  stuckBadge: '可能卡住',
  stuckSteps: '{steps} 步（超过 {threshold}）',
  stuckErrors: '同一错误出现 {count} 次（{error}）',
  stuckCalls: '{tool} 以相同参数被调用 {count} 次',
};

/** The Insights marks in every supported language. */
export const insightsMarksDictionary = defineDictionary<InsightsMarksKey>('insights-marks', { en, 'zh-CN': zhCN });

/** Looks up an Insights mark; `{name}` placeholders are filled from `values`. */
export type InsightsMarksTranslate = Translate<InsightsMarksKey>;

/** The Insights marks translate function for a language (a locale tag is accepted). */
export function createInsightsMarksTranslate(locale: string = 'en'): InsightsMarksTranslate {
  return createTranslate(insightsMarksDictionary, toLanguage(locale));
}
