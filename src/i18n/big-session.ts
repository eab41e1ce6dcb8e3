import { createTranslate, defineDictionary, type Language, type TextValues } from './translate.ts';

/** What the trace shows while a long session's earlier runs are not read yet (issue 20: 10,000 messages, 50,000 spans). */
const en = {
  olderRuns: 'Showing the latest run. {count} earlier spans are not loaded yet; the totals above leave them out.',
  loadOlder: 'Load earlier runs',
  loadingOlder: 'Loading earlier runs…',
} as const;

/** A string of a long session's trace. */
export type BigSessionKey = keyof typeof en;

const zhCN: Record<BigSessionKey, string> = {
  olderRuns: '当前只显示最近一次运行。还有 {count} 个更早的 span 尚未加载，上方的合计不包含它们。',
  loadOlder: '加载更早的运行',
  loadingOlder: '正在加载更早的运行…',
};

/** The long-session strings in every language. */
export const bigSessionDictionary = defineDictionary<BigSessionKey>('big-session', { en, 'zh-CN': zhCN });

/** A long-session string in a language. */
export function bigSessionText(language: Language, key: BigSessionKey, values?: TextValues): string {
  return createTranslate(bigSessionDictionary, language)(key, values);
}
