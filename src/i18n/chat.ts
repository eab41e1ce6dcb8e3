import { createTranslate, defineDictionary, toLanguage, type Translate } from './translate.ts';

/**
 * Strings of the chat pane. Accessible names that tests rely on (Send, Stop, Approve…) stay English
 * in `aria-label`s; these strings are what people read.
 */
const en = {
  send: 'Send',
  stop: 'Stop',
  sendHint: 'Send (Enter)',
  stopHint: 'Stop (Esc)',
  messagePlaceholder: 'Message Glassbox — Enter to send, Shift+Enter for a new line, / for commands',
  commandsTitle: 'Commands',
  commandNeedsArgument: 'Type {argument} after /{name}, then press Enter.',
  commandNewDescription: 'Start a new session',
  commandSessionsDescription: 'Show the session list',
  commandSwitchDescription: 'Switch to a session by its title or id',
  commandSwitchArgument: 'title or id',
  commandTraceDescription: 'Show the trace of this session',
  commandStateDescription: 'Show the session state: todos, notes, summary',
  commandExportDescription: 'Export this session as a JSON file',
  commandHelpDescription: 'List the commands and keyboard shortcuts',

  you: 'You',
  assistant: 'Assistant',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed — select the text and copy it by hand',
  copyCode: 'Copy code',
  copyMessage: 'Copy message',
  regenerate: 'Regenerate',
  editMessage: 'Edit message',
  editedMessage: 'Edited message',
  deleteTurn: 'Delete turn',
  saveAndResend: 'Save and resend',
  editKeysHint: '{save}: Enter. {cancel}: Esc.',
  cancel: 'Cancel',
  close: 'Close',
  reasoning: 'Reasoning',
  thinking: 'Thinking…',

  toolCall: 'Tool call {tool}',
  toolArguments: 'Arguments',
  toolResult: 'Result',
  nestedTooDeep: 'nested too deep to show: {levels} levels',
  toolError: 'Error',
  noArguments: 'no arguments',
  showInTrace: 'Show in trace',
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  toolStatusOk: 'Done',
  toolReplayed: 'Replayed',
  toolCached: 'cached',
  toolCachedHint: 'Answered from this session’s cache: the same call with the same arguments ran before.',
  toolStatusError: 'Failed',
  toolStatusDenied: 'Denied',
  toolStatusCancelled: 'Cancelled',
  toolStatusRunning: 'Running',
  toolStatusPreparing: 'Preparing',
  toolStatusAwaitingApproval: 'Awaiting approval',
  delegationTo: 'Delegation to {agent}',
  delegationMessages: '{count} {count|message|messages}',
  delegationWorking: 'working…',
  toolStatusNoResult: 'No result',
  approve: 'Approve',
  deny: 'Deny',
  approvalPrompt: 'This tool needs your approval before it runs. Check the arguments.',
  toolResultOf: 'Result of {tool}',
  observation: 'Observation',
  formatReminder: 'Format reminder',

  noticeCutOff: 'The answer was cut off: it reached the output token limit.',
  noticeContentFilter: 'The provider’s content filter stopped this answer.',
  noticePartial: 'Stopped — the partial answer is kept.',

  jumpToLatest: 'Jump to latest',
  showPlainText: 'Show as plain text',
  showFormatted: 'Show formatted',
  moreToolCalls: 'Show {count} more tool calls (of {total})',
  emptyChat: 'Ask anything. The agent can use tools, and every step shows up in the trace.',

  loadImage: 'Load image from {host}',
  loadImageUnknownHost: 'Load image',
  imageNotLoadedHint: 'Remote images are loaded only when you ask, so nobody learns you read this.',
  imageRemoved: 'Image removed: unsafe address',
  imageFailed: 'The image could not be loaded.',
  unsafeLink: 'Link removed: unsafe address',
  plainText: 'text',

  runStatusIdle: 'Ready',
  runStatusRunning: 'Running…',
  runStatusDone: 'Done',
  runStatusError: 'Error',
  runStatusStopped: 'Stopped',
  runStatusInterrupted: 'Interrupted — you can resume the run',

  retry: 'Retry',
  resume: 'Resume',
  interruptedTitle: 'This run was interrupted.',
  interruptedAdvice:
    'The tab was closed or reloaded while the agent was working. Resume continues from the saved messages without repeating finished tool calls.',
  dismiss: 'Dismiss',

  queuedTitle: 'Queued — sent one by one when the agent is free',
  queuedPausedTitle: 'Paused — the queued messages wait until you go on',
  queuedEdit: 'Edit',
  queuedRemove: 'Remove',
  queuedSave: 'Save',
  queuedResume: 'Resume queue',
} as const;

/** A key of the chat strings (typed on the English table). */
export type ChatStringKey = keyof typeof en;

/** Languages the chat strings are written in. */
export type ChatLocale = 'en' | 'zh-CN';

const zhCN: Record<ChatStringKey, string> = {
  send: '发送',
  stop: '停止',
  sendHint: '发送（Enter）',
  stopHint: '停止（Esc）',
  messagePlaceholder: '给 Glassbox 发消息 — Enter 发送，Shift+Enter 换行，/ 调出命令',
  commandsTitle: '命令',
  commandNeedsArgument: '在 /{name} 后输入{argument}，然后按 Enter。',
  commandNewDescription: '新建会话',
  commandSessionsDescription: '显示会话列表',
  commandSwitchDescription: '按标题或 id 切换会话',
  commandSwitchArgument: '标题或 id',
  commandTraceDescription: '显示本会话的追踪',
  commandStateDescription: '显示会话状态：待办、笔记、摘要',
  commandExportDescription: '将本会话导出为 JSON 文件',
  commandHelpDescription: '列出命令和快捷键',

  you: '你',
  assistant: '助手',
  copy: '复制',
  copied: '已复制',
  copyFailed: '复制失败 — 请手动选择文本复制',
  copyCode: '复制代码',
  copyMessage: '复制消息',
  regenerate: '重新生成',
  editMessage: '编辑消息',
  editedMessage: '编辑后的消息',
  deleteTurn: '删除这一轮',
  saveAndResend: '保存并重新发送',
  editKeysHint: '{save}：Enter。{cancel}：Esc。',
  cancel: '取消',
  close: '关闭',
  reasoning: '推理过程',
  thinking: '思考中…',

  toolCall: '工具调用 {tool}',
  toolArguments: '参数',
  toolResult: '结果',
  nestedTooDeep: '嵌套过深，未全部显示：共 {levels} 层',
  toolError: '错误',
  noArguments: '无参数',
  showInTrace: '在追踪中查看',
  showDetails: '显示详情',
  hideDetails: '隐藏详情',
  toolStatusOk: '完成',
  toolReplayed: '已重放',
  toolCached: '已缓存',
  toolCachedHint: '来自本会话的缓存：之前已用相同参数运行过同一调用。',
  toolStatusError: '失败',
  toolStatusDenied: '已拒绝',
  toolStatusCancelled: '已取消',
  toolStatusRunning: '运行中',
  toolStatusPreparing: '准备中',
  toolStatusAwaitingApproval: '等待批准',
  delegationTo: '委派给 {agent}',
  delegationMessages: '{count} 条消息',
  delegationWorking: '进行中…',
  toolStatusNoResult: '无结果',
  approve: '批准',
  deny: '拒绝',
  approvalPrompt: '此工具运行前需要你的批准。请检查参数。',
  toolResultOf: '{tool} 的结果',
  observation: '观察',
  formatReminder: '格式提醒',

  noticeCutOff: '回答被截断（cut off）：已达到输出 token 上限。',
  noticeContentFilter: '服务商的内容过滤器中止了这个回答。',
  noticePartial: '已停止 — 保留了部分回答。',

  jumpToLatest: '跳到最新',
  showPlainText: '显示为纯文本',
  showFormatted: '显示格式',
  moreToolCalls: '再显示 {count} 个工具调用（共 {total} 个）',
  emptyChat: '随便问。智能体可以调用工具，每一步都会显示在追踪中。',

  loadImage: '加载来自 {host} 的图片',
  loadImageUnknownHost: '加载图片',
  imageNotLoadedHint: '远程图片只在你要求时加载，这样没人知道你读过这条消息。',
  imageRemoved: '图片已移除：地址不安全',
  imageFailed: '图片无法加载。',
  unsafeLink: '链接已移除：地址不安全',
  plainText: '文本',

  runStatusIdle: '就绪',
  runStatusRunning: '运行中…',
  runStatusDone: '完成',
  runStatusError: '出错',
  runStatusStopped: '已停止',
  runStatusInterrupted: '已中断 — 可以继续运行',

  retry: '重试',
  resume: '继续',
  interruptedTitle: '这次运行被中断了。',
  interruptedAdvice: '智能体工作时标签页被关闭或刷新。“继续”会从已保存的消息接着运行，不会重复已完成的工具调用。',
  dismiss: '关闭',

  queuedTitle: '已排队 — 智能体空闲后逐条发送',
  queuedPausedTitle: '已暂停 — 排队的消息会等你继续',
  queuedEdit: '编辑',
  queuedRemove: '移除',
  queuedSave: '保存',
  queuedResume: '继续发送队列',
};

/** The chat strings in every supported language. */
export const chatDictionary = defineDictionary<ChatStringKey>('chat', { en, 'zh-CN': zhCN });

/** The chat strings' tables (for tests). */
export const chatStrings = chatDictionary.strings;

/** Looks up a chat string; `{name}` placeholders are filled from `values`. */
export type ChatTranslate = Translate<ChatStringKey>;

/** The chat translate function for a language (a locale tag such as `zh-CN` or `en-GB` is accepted). */
export function createChatTranslate(locale: ChatLocale | string = 'en'): ChatTranslate {
  return createTranslate(chatDictionary, toLanguage(locale));
}

/** The English translate function, the default of every chat component. */
export const defaultChatTranslate: ChatTranslate = createChatTranslate('en');
