import { createTranslate, defineDictionary, type Language, type TextValues } from './translate.ts';

/** English strings of what slash commands show in the chat. */
const en = {
  helpTitle: 'Commands',
  helpNew: '/new — start a new session',
  helpSessions: '/sessions — show the session list',
  helpSwitch: '/switch <title or id> — open a session',
  helpTrace: '/trace — show the trace panel',
  helpState: '/state — show this session’s state: todos, attached files, summary, notes',
  helpExport: '/export — download this session as JSON',
  helpHelp: '/help — this list',
  helpKeys: 'Keys: Enter sends, Shift+Enter adds a line, Esc stops, Alt+N new session, Ctrl+K focuses the message box.',
  unknownCommand: 'Unknown command /{name}.',
  noSessionMatches: 'No session matches “{query}”. Sessions:',
  stateTitle: 'State of this session',
  todosNone: 'Todos: none',
  todosHeading: 'Todos ({count}):',
  filesNone: 'Attached files: none',
  filesHeading: 'Attached files ({count}):',
  summaryNone: 'Summary: none yet (the conversation has not been compacted)',
  summaryHeading: 'Summary of earlier messages: {text}',
  notesHeading: 'Long-term notes (all sessions): {count}',
};

/** A key of the command strings. */
export type CommandStringKey = keyof typeof en;

const zhCN: Record<CommandStringKey, string> = {
  helpTitle: '命令',
  helpNew: '/new — 新建会话',
  helpSessions: '/sessions — 显示会话列表',
  helpSwitch: '/switch <标题或 id> — 打开某个会话',
  helpTrace: '/trace — 显示追踪面板',
  helpState: '/state — 显示本会话的状态：待办、附件、摘要、笔记',
  helpExport: '/export — 将本会话下载为 JSON',
  helpHelp: '/help — 显示此列表',
  helpKeys: '快捷键：Enter 发送，Shift+Enter 换行，Esc 停止，Alt+N 新建会话，Ctrl+K 聚焦输入框。',
  unknownCommand: '未知命令 /{name}。',
  noSessionMatches: '没有与“{query}”匹配的会话。现有会话：',
  stateTitle: '本会话的状态',
  todosNone: '待办：无',
  todosHeading: '待办（{count}）：',
  filesNone: '附件：无',
  filesHeading: '附件（{count}）：',
  summaryNone: '摘要：暂无（对话尚未压缩）',
  summaryHeading: '早先消息的摘要：{text}',
  notesHeading: '长期笔记（所有会话）：{count} 条',
};

/** The strings slash commands show in the chat. */
export const commandDictionary = defineDictionary<CommandStringKey>('commands', { en, 'zh-CN': zhCN });

/** Looks up a command string, filling `{name}` placeholders. */
export function commandText(language: Language, key: CommandStringKey, values?: TextValues): string {
  return createTranslate(commandDictionary, language)(key, values);
}
