import { createTranslate, defineDictionary, type Language, type TextValues, type Translate } from './translate.ts';

/**
 * Messages the store shows in alerts, toasts and notices (connection checks, trace export, sessions running in
 * another tab, runs that fail). The store translates them with the current language when it sets them.
 */
const en = {
  baseUrlMissing: 'Enter the base URL first, e.g. http://localhost:11434/v1.',
  modelNotListed: 'The endpoint answers, but it does not list the model "{model}". Available: {models}.',
  tracesSent: 'Traces sent to {url}.',
  tracesFailed: 'Sending traces failed: {error}',
  runningElsewhere: 'This session is running in another tab. Wait for it to finish there, or stop it with Stop.',
  deleteRunningElsewhere: 'This session is running in another tab. It can be deleted once the run has ended.',
  sessionBusy: 'The agent is still working on this session. Wait for the run to finish, or press Stop first.',
  agentLoadFailed: 'The agent could not be loaded ({error}). Check the connection and reload the page.',
  runFailed: 'The run failed.',
  runFailedUnexpectedly: 'The run failed unexpectedly.',
} as const;

/** A key of the store messages. */
export type MessageKey = keyof typeof en;

const zhCN: Record<MessageKey, string> = {
  baseUrlMissing: '请先填写接口地址，例如 http://localhost:11434/v1。',
  modelNotListed: '接口有响应，但没有列出模型“{model}”。可用模型：{models}。',
  tracesSent: '追踪已发送到 {url}。',
  tracesFailed: '发送追踪失败：{error}',
  runningElsewhere: '这个会话正在另一个标签页中运行。请等它在那里完成，或用“停止”中止它。',
  deleteRunningElsewhere: '这个会话正在另一个标签页中运行。运行结束后才能删除。',
  sessionBusy: '智能体仍在处理这个会话。请等运行结束，或先按“停止”。',
  agentLoadFailed: '无法加载智能体（{error}）。请检查网络连接并重新加载页面。',
  runFailed: '运行失败。',
  runFailedUnexpectedly: '运行意外失败。',
};

/** A store message as data (key + values): the view words it in the reader's language. */
export interface StoreMessage {
  key: MessageKey;
  values?: TextValues;
}

/** The store's messages in every language. */
export const messagesDictionary = defineDictionary<MessageKey>('messages', { en, 'zh-CN': zhCN });

/** The store-message translate function for a language. */
export function createMessageTranslate(language: Language): Translate<MessageKey> {
  return createTranslate(messagesDictionary, language);
}
