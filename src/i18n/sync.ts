import { createTranslate, defineDictionary, type Language, type TextValues } from './translate.ts';

/** English strings of sync (Settings → Sync, its status, problems and conflict notices). Loaded with the sync UI. */
const en = {
  legend: 'Sync through CouchDB (end-to-end encrypted)',
  intro:
    'Your sessions, notes, custom tools, MCP servers (without headers), agents and prices on every device, through a CouchDB server you run or rent. Everything is encrypted in this browser with your passphrase: the server sees ciphertext only. API keys, MCP headers and these credentials never leave this device.',
  url: 'Server URL',
  database: 'Database',
  user: 'User',
  password: 'Password',
  passphrase: 'Passphrase (the same on every device; it cannot be recovered)',
  live: 'Live sync (send and receive as changes happen)',
  syncNow: 'Sync now',
  cancel: 'Cancel sync',
  progress: 'Syncing: {done} of {total} documents',
  'state.off': 'Sync is off',
  'state.syncing': 'Syncing…',
  'state.idle': 'Synced',
  'state.paused': 'Sync paused: the server is unreachable or offline; it retries',
  'state.error': 'Sync stopped by a problem',
  lastSynced: 'last synced {time}',
  never: 'not synced yet',
  pending: '{count} pending',
  failed: '{count} failed',
  'conflict.session-title':
    'Sync conflict: this session was renamed on two devices. “{subject}” was kept; the other name was “{detail}”.',
  'conflict.note':
    'Sync conflict: a note was edited on two devices. “{subject}” was kept; the other text is kept as a second note tagged “conflict copy”.',
  'conflict.delete-vs-edit':
    'Sync conflict: “{subject}” was deleted on one device and edited on another; the edited version was kept.',
  'conflict.setting': 'Sync conflict: {subject} changed on two devices; the version CouchDB chose was kept.',
  'conflict.tool-state':
    'Sync conflict: the tool state (to-dos and other tool data) of “{subject}” changed on two devices; the version CouchDB chose was kept.',
  'conflict.session-file':
    'Sync conflict: a file attached to “{subject}” changed on two devices; the version CouchDB chose was kept.',
  'setting.customTools': 'Custom tools',
  'setting.mcpServers': 'MCP servers',
  'setting.agents': 'Agents and delegation',
  'setting.prices': 'Model prices',
  dismiss: 'Dismiss',
};

export type SyncStringKey = keyof typeof en;

const zhCN: Record<SyncStringKey, string> = {
  legend: '通过 CouchDB 同步（端到端加密）',
  intro:
    '通过你自己运行或租用的 CouchDB 服务器，在每台设备上使用相同的会话、笔记、自定义工具、MCP 服务器（不含请求头）、智能体和价格。所有内容都在本浏览器中用你的口令加密：服务器只能看到密文。API 密钥、MCP 请求头和这些凭据永远不会离开本设备。',
  url: '服务器 URL',
  database: '数据库',
  user: '用户',
  password: '密码',
  passphrase: '口令（每台设备相同；无法找回）',
  live: '实时同步（有变化时即时收发）',
  syncNow: '立即同步',
  cancel: '取消同步',
  progress: '正在同步：{done} / {total} 个文档',
  'state.off': '同步已关闭',
  'state.syncing': '正在同步…',
  'state.idle': '已同步',
  'state.paused': '同步已暂停：服务器无法访问或处于离线状态，稍后会重试',
  'state.error': '同步因问题而停止',
  lastSynced: '上次同步于 {time}',
  never: '尚未同步',
  pending: '{count} 项待发送',
  failed: '{count} 项失败',
  'conflict.session-title':
    '同步冲突（conflict）：此会话在两台设备上被重命名。保留了“{subject}”；另一个名称是“{detail}”。',
  'conflict.note':
    '同步冲突（conflict）：一条笔记在两台设备上被编辑。保留了“{subject}”；另一版本另存为标记“conflict copy”的第二条笔记。',
  'conflict.delete-vs-edit':
    '同步冲突（conflict）：“{subject}”在一台设备上被删除，在另一台上被编辑；已保留编辑后的版本。',
  'conflict.setting': '同步冲突（conflict）：{subject} 在两台设备上被修改；保留了 CouchDB 选定的版本。',
  'conflict.tool-state':
    '同步冲突（conflict）：“{subject}”的工具状态（待办事项等工具数据）在两台设备上被修改；保留了 CouchDB 选定的版本。',
  'conflict.session-file': '同步冲突（conflict）：“{subject}”的一个附件在两台设备上被修改；保留了 CouchDB 选定的版本。',
  'setting.customTools': '自定义工具',
  'setting.mcpServers': 'MCP 服务器',
  'setting.agents': '智能体与委派',
  'setting.prices': '模型价格',
  dismiss: '关闭',
};

/** The sync strings in every language. */
export const syncDictionary = defineDictionary<SyncStringKey>('sync', { en, 'zh-CN': zhCN });

/** A sync string in the given language. */
export function syncText(language: Language, key: SyncStringKey, values?: TextValues): string {
  return createTranslate(syncDictionary, language)(key, values);
}
