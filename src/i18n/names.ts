import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/**
 * Accessible names (`aria-label`s) that are not in the UI contract, keyed by their English text. The names in
 * UI-CONTRACT.md (Send, Stop, Settings, Span tree…) stay English literals in every language; these ones are
 * read out in the UI language like the visible text next to them.
 */
const en = {
  'Toggle sessions': 'Toggle sessions',
  'Toggle trace': 'Toggle trace',
  Panes: 'Panes',
  'Attach files': 'Attach files',
  'Attached files': 'Attached files',
  'Remove {file}': 'Remove {file}',
  Retry: 'Retry',
  Dismiss: 'Dismiss',
  'Connect a model': 'Connect a model',
  'Jump to latest': 'Jump to latest',
  Commands: 'Commands',
  'Tool call {tool}': 'Tool call {tool}',
  Arguments: 'Arguments',
  Result: 'Result',
  Error: 'Error',
  'Show in trace': 'Show in trace',
  'Edited message': 'Edited message',
  Cancel: 'Cancel',
  'Save and resend': 'Save and resend',
  'Copy message': 'Copy message',
  'Edit message': 'Edit message',
  Regenerate: 'Regenerate',
  'Delete turn': 'Delete turn',
  'Copy code': 'Copy code',
  Tags: 'Tags',
  'Search notes': 'Search notes',
  Notes: 'Notes',
  'Edit note': 'Edit note',
  'Note text': 'Note text',
  'Note tags': 'Note tags',
  'Cancel editing': 'Cancel editing',
  'Save note': 'Save note',
  'Delete note': 'Delete note',
  'Confirm deletion': 'Confirm deletion',
  'Keep note': 'Keep note',
  'Session title': 'Session title',
  'Matching messages': 'Matching messages',
  'App update': 'App update',
  'Reload to update': 'Reload to update',
  Storage: 'Storage',
  'Max tool calls': 'Max tool calls',
  'Time limit': 'Time limit',
  'Compaction share': 'Compaction share',
  Temperature: 'Temperature',
  Theme: 'Theme',
  'OTLP endpoint': 'OTLP endpoint',
  'OTLP headers': 'OTLP headers',
  'Copy JSON': 'Copy JSON',
  'Session totals': 'Session totals',
  'Collapse all': 'Collapse all',
  'Close comparison': 'Close comparison',
  'Search spans': 'Search spans',
  'Filter by kind': 'Filter by kind',
  'Errors only': 'Errors only',
} as const;

/** An accessible name that follows the UI language. */
export type NameKey = keyof typeof en;

const zhCN: Record<NameKey, string> = {
  'Toggle sessions': '显示/隐藏会话',
  'Toggle trace': '显示/隐藏追踪',
  Panes: '窗格',
  'Attach files': '附加文件',
  'Attached files': '已附加的文件',
  'Remove {file}': '移除 {file}',
  Retry: '重试',
  Dismiss: '关闭',
  'Connect a model': '连接模型',
  'Jump to latest': '跳到最新',
  Commands: '命令',
  'Tool call {tool}': '工具调用 {tool}',
  Arguments: '参数',
  Result: '结果',
  Error: '错误',
  'Show in trace': '在追踪中查看',
  'Edited message': '编辑后的消息',
  Cancel: '取消',
  'Save and resend': '保存并重新发送',
  'Copy message': '复制消息',
  'Edit message': '编辑消息',
  Regenerate: '重新生成',
  'Delete turn': '删除这一轮',
  'Copy code': '复制代码',
  Tags: '标签',
  'Search notes': '搜索笔记',
  Notes: '笔记',
  'Edit note': '编辑笔记',
  'Note text': '笔记内容',
  'Note tags': '笔记标签',
  'Cancel editing': '取消编辑',
  'Save note': '保存笔记',
  'Delete note': '删除笔记',
  'Confirm deletion': '确认删除',
  'Keep note': '保留笔记',
  'Session title': '会话标题',
  'Matching messages': '匹配的消息',
  'App update': '应用更新',
  'Reload to update': '重新加载以更新',
  Storage: '存储',
  'Max tool calls': '最大工具调用数',
  'Time limit': '时间上限',
  'Compaction share': '压缩阈值',
  Temperature: '温度',
  Theme: '主题',
  'OTLP endpoint': 'OTLP 收集器地址',
  'OTLP headers': 'OTLP 请求头',
  'Copy JSON': '复制 JSON',
  'Session totals': '会话合计',
  'Collapse all': '全部折叠',
  'Close comparison': '关闭对比',
  'Search spans': '搜索 span',
  'Filter by kind': '按类型筛选',
  'Errors only': '只看错误',
};

/** Accessible names outside the UI contract, in every language. */
export const namesDictionary = defineDictionary<NameKey>('names', { en, 'zh-CN': zhCN });

/** Translates an accessible name. */
export type NameTranslate = Translate<NameKey>;

/** The accessible-name translate function for a language. */
export function createNameTranslate(language: Language): NameTranslate {
  return createTranslate(namesDictionary, language);
}
