import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** What an error boundary shows when the part it guards fails, and the offer to recover a session that failed to open. */
const en = {
  'part.message': 'This message',
  'part.spanDetails': 'The span details',
  'part.trace': 'The trace panel',
  'part.dialog': 'This dialog',
  'part.chat': 'This session',
  'part.sessions': 'The session list',
  'part.app': 'Glassbox',
  failed: '{part} could not be shown: {error}',
  failedLabel: '{part} could not be shown',
  restWorks: 'The rest of Glassbox keeps working. Copy the details to report the problem.',
  reloadHint: 'Reload to start again: a session that failed while opening is not opened again.',
  copyDetails: 'Copy details',
  copied: 'Details copied',
  copyFailed: 'Could not copy the details',
  tryAgain: 'Try again',
  reload: 'Reload',
  newSession: 'New session',
  export: 'Export',
  delete: 'Delete',
  openAnyway: 'Open anyway',
  dismiss: 'Dismiss',
  recoveryLabel: 'Session that failed to open',
  recoveryCrashed: 'Glassbox stopped while opening “{title}” last time, so it opened a new session instead.',
  recoveryLoadFailed: 'Glassbox could not open “{title}” ({error}), so it opened a new session instead.',
  recoveryOffer: 'You can export it, delete it, or try to open it again.',
  chatOffer: 'Export it or delete it, or start a new session; the next start opens a new session rather than this one.',
};

export type CrashKey = keyof typeof en;

const zhCN: Record<CrashKey, string> = {
  'part.message': '这条消息',
  'part.spanDetails': '跨度详情',
  'part.trace': '追踪面板',
  'part.dialog': '此对话框',
  'part.chat': '此会话',
  'part.sessions': '会话列表',
  'part.app': 'Glassbox',
  failed: '{part}无法显示：{error}',
  failedLabel: '{part}无法显示',
  restWorks: 'Glassbox 的其他部分仍可正常使用。复制详情即可报告此问题。',
  reloadHint: '重新加载即可重新开始：打开时出错的会话不会再次被打开。',
  copyDetails: '复制详情',
  copied: '详情已复制',
  copyFailed: '无法复制详情',
  tryAgain: '重试',
  reload: '重新加载',
  newSession: '新建会话',
  export: '导出',
  delete: '删除',
  openAnyway: '仍然打开',
  dismiss: '关闭',
  recoveryLabel: '未能打开的会话',
  recoveryCrashed: '上次打开“{title}”时 Glassbox 停止了运行，因此这次改为打开一个新会话。',
  recoveryLoadFailed: 'Glassbox 无法打开“{title}”（{error}），因此改为打开一个新会话。',
  recoveryOffer: '你可以导出或删除它，也可以再试着打开它。',
  chatOffer: '可以导出或删除它，或新建会话；下次启动时会打开新会话，而不是这个会话。',
};

/** The crash notices' strings in every supported language. */
export const crashDictionary = defineDictionary<CrashKey>('crash', { en, 'zh-CN': zhCN });

/** The crash notices' translate function for a language. */
export function createCrashTranslate(language: Language): Translate<CrashKey> {
  return createTranslate(crashDictionary, language);
}
