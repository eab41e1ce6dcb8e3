import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/**
 * The sync doctor's alerts, Share session and the shared-session view (issue 37). Each problem names its cause in
 * the contract's words (unreachable, CORS, user or password, database, passphrase); the Chinese keeps the English
 * word in brackets where it is the technical name people search for.
 */
const en = {
  'problem.unreachable':
    'The sync server is unreachable: nothing answers at {detail}. Check the URL and that the server is running.',
  'problem.cors':
    'The sync server answers, but CORS is not enabled for this page, so the browser may not read its answers. In CouchDB (local.ini, or Fauxton → Configuration → CORS) set: {detail}',
  'problem.auth': 'The sync server refused the user or password ({detail}). Check Sync user and Sync password.',
  'problem.database-missing': 'The database “{detail}” does not exist on the sync server.',
  'problem.passphrase':
    'The passphrase does not match the one this database is encrypted with. Nothing was written on either side.',
  'problem.quota': 'The sync server is out of space or over its quota: {detail}',
  'problem.nonsense': 'What answers at this URL is not a CouchDB server. It sent: {detail}',
  'problem.decrypt':
    'A document could not be decrypted and was skipped ({detail}); nothing on this device was overwritten.',
  createDatabase: 'Create database',
  creatingDatabase: 'Creating the database…',
  createFailed: 'The database could not be created: {error}',
  'share.title': 'Share session',
  'share.uploading': 'Encrypting and uploading a read-only snapshot of this session…',
  'share.ready':
    'Whoever opens this link in Glassbox with the same sync server, database and user saved sees this session read-only and can import a copy. The key is only in the part after #, which browsers never send: the server holds ciphertext only.',
  'share.link': 'Share link',
  'share.copy': 'Copy link',
  'share.copied': 'Link copied',
  'share.copyFailed': 'Could not copy the link',
  'share.noServer':
    'No sync server is saved (Settings → Sync). You can save the encrypted snapshot as a file and send it with the link: the key in the link opens it.',
  'share.saveFile': 'Save encrypted file',
  'share.failed': 'The snapshot could not be uploaded: {error}',
  'share.noSession': 'Open a session to share it.',
  'share.retry': 'Try again',
  'view.title': 'Shared session (read-only): {title}',
  'view.loading': 'Downloading and decrypting the shared session…',
  'view.readOnly': 'A read-only snapshot someone shared with you. Import a copy to continue it here.',
  'view.import': 'Import a copy',
  'view.close': 'Close shared session',
  'view.badLink': 'This share link is not valid: its id or key is malformed (was it cut off when copied?).',
  'view.missing':
    'This shared session is not on the sync server: it was deleted, or the link points to another database.',
  'view.tampered':
    'The shared session could not be decrypted: the key in the link does not match, or the data was changed.',
  'view.notSession': 'What was shared is not a Glassbox session: {error}',
  'view.noServer':
    'To open a shared session, save the same sync server, database and user in Settings → Sync (the passphrase is not needed), or open the encrypted file it was saved as.',
  'view.openFile': 'Open shared file',
  'view.server': 'The sync server refused the request: {error}',
};

export type SyncShareKey = keyof typeof en;

const zhCN: Record<SyncShareKey, string> = {
  'problem.unreachable': '无法连接同步服务器（unreachable）：{detail} 没有响应。请检查地址，并确认服务器正在运行。',
  'problem.cors':
    '同步服务器有响应，但没有为此页面启用 CORS，浏览器无法读取它的回答。请在 CouchDB 中（local.ini，或 Fauxton → Configuration → CORS）设置：{detail}',
  'problem.auth': '同步服务器拒绝了用户名或密码（user or password，{detail}）。请检查同步用户和同步密码。',
  'problem.database-missing': '同步服务器上不存在数据库（database）“{detail}”。',
  'problem.passphrase': '口令（passphrase）与此数据库加密时使用的口令不一致。两端都没有写入任何内容。',
  'problem.quota': '同步服务器空间不足或超出配额：{detail}',
  'problem.nonsense': '此地址上响应的不是 CouchDB 服务器。它返回了：{detail}',
  'problem.decrypt': '有一个文档无法解密，已跳过（{detail}）；本设备上的内容没有被覆盖。',
  createDatabase: '创建数据库',
  creatingDatabase: '正在创建数据库…',
  createFailed: '无法创建数据库：{error}',
  'share.title': '分享会话',
  'share.uploading': '正在加密并上传此会话的只读快照…',
  'share.ready':
    '在保存了相同同步服务器、数据库和用户的 Glassbox 中打开此链接，即可只读查看此会话并导入副本。密钥只在 # 之后的部分，浏览器从不发送这部分：服务器上只有密文。',
  'share.link': '分享链接',
  'share.copy': '复制链接',
  'share.copied': '链接已复制',
  'share.copyFailed': '无法复制链接',
  'share.noServer':
    '尚未保存同步服务器（设置 → 同步）。可以把加密快照保存为文件，与链接一起发送：链接中的密钥可以打开它。',
  'share.saveFile': '保存加密文件',
  'share.failed': '无法上传快照：{error}',
  'share.noSession': '请先打开一个会话再分享。',
  'share.retry': '重试',
  'view.title': '分享的会话（只读）：{title}',
  'view.loading': '正在下载并解密分享的会话…',
  'view.readOnly': '这是别人分享给你的只读快照。导入副本即可在这里继续。',
  'view.import': '导入副本',
  'view.close': '关闭分享的会话',
  'view.badLink': '此分享链接无效：其中的 ID 或密钥格式不正确（复制时是否被截断？）。',
  'view.missing': '同步服务器上没有这个分享的会话：它已被删除，或者链接指向另一个数据库。',
  'view.tampered': '无法解密分享的会话：链接中的密钥不匹配，或者数据已被改动。',
  'view.notSession': '分享的内容不是 Glassbox 会话：{error}',
  'view.noServer':
    '要打开分享的会话，请在“设置 → 同步”中保存相同的同步服务器、数据库和用户（不需要口令），或打开保存的加密文件。',
  'view.openFile': '打开分享的文件',
  'view.server': '同步服务器拒绝了请求：{error}',
};

/** The strings of the sync doctor and Share session in every supported language. */
export const syncShareDictionary = defineDictionary<SyncShareKey>('sync-share', { en, 'zh-CN': zhCN });

/** The sync doctor's and Share session's translate function for a language. */
export function createSyncShareTranslate(language: Language): Translate<SyncShareKey> {
  return createTranslate(syncShareDictionary, language);
}
