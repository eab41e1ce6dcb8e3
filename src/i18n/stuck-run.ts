import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** The chat's mark on a run that looks stuck (the reasons' words are the Insights marks'). */
const en = {
  badge: 'Stuck run',
  why: 'Possibly stuck: {reasons}. Click to show the run in the trace.',
};

export type StuckRunKey = keyof typeof en;

const zhCN: Record<StuckRunKey, string> = {
  badge: '运行可能卡住',
  why: '可能卡住：{reasons}。点击在追踪中查看这次运行。',
};

/** The stuck-run mark's strings in every supported language. */
export const stuckRunDictionary = defineDictionary<StuckRunKey>('stuck-run', { en, 'zh-CN': zhCN });

/** The stuck-run mark's translate function for a language. */
export function createStuckRunTranslate(language: Language): Translate<StuckRunKey> {
  return createTranslate(stuckRunDictionary, language);
}
