/**
 * Share session (issue 37): encrypt a read-only snapshot of one session (the session export's JSON) and put it on
 * the sync server, or save it as an encrypted file when no server is saved; and open a shared snapshot from its
 * link, read-only, with `Import a copy` through the ordinary import. Loaded with the Share dialog or the shared view.
 */
import type { ImportedSession } from '../../db/parse-import-file.ts';
import { createCouchDatabase } from '../../sync/couch-http.ts';
import { diagnoseSyncServer } from '../../sync/doctor.ts';
import {
  decryptSnapshot,
  downloadShare,
  encryptSnapshot,
  fromBase64Url,
  newShare,
  ShareError,
  shareUrl,
  toBase64Url,
  uploadShare,
} from '../../sync/share.ts';
import type { SyncProblem, SyncSettings } from '../../sync/sync-types.ts';
import { services } from '../services.ts';
import { currentLanguage } from './current-language.ts';
import { syncIsOn } from '../sync-settings-record.ts';

/** What Share session came to. `no-server`: nothing uploaded; `saveFile` downloads the encrypted snapshot. */
export type ShareOutcome =
  | { kind: 'link'; url: string }
  | { kind: 'no-server'; url: string; saveFile: () => void }
  | { kind: 'problem'; problem: SyncProblem; settings: SyncSettings }
  | { kind: 'failed'; error: string };

/**
 * The server saved in Settings → Sync (URL and database set), or undefined. Only the server, database, user and
 * password are used: sharing and opening a share need no passphrase.
 */
async function savedServer(): Promise<SyncSettings | undefined> {
  const { loadSyncSettings } = await import('./sync-actions.ts');
  const settings = await loadSyncSettings();
  return syncIsOn(settings) ? settings : undefined;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const fetchOf = () => services().fetch;

/** The encrypted-file form of a snapshot (when no sync server is saved). */
interface ShareFile {
  format: 'glassbox-share';
  version: 1;
  id: string;
  data: string;
}

/** Encrypts the session's snapshot and uploads it (or prepares the file); the link carries the key in its fragment. */
export async function shareSession(sessionId: string): Promise<ShareOutcome> {
  try {
    const file = await services().persistence.exportSessions({ sessionIds: [sessionId], all: false });
    const { docId, key } = newShare();
    const ciphertext = await encryptSnapshot(file.text, key, docId);
    const url = shareUrl(location.href, docId, key);
    const settings = await savedServer();
    if (!settings) {
      const shareFile: ShareFile = { format: 'glassbox-share', version: 1, id: docId, data: toBase64Url(ciphertext) };
      const name = file.fileName.replace(/\.json$/, '.glassbox-share.json');
      return { kind: 'no-server', url, saveFile: () => services().download?.(name, JSON.stringify(shareFile)) };
    }
    try {
      await uploadShare(settings, docId, ciphertext, fetchOf());
    } catch (error) {
      const problem = await diagnoseSyncServer(settings, fetchOf());
      return problem ? { kind: 'problem', problem, settings } : { kind: 'failed', error: message(error) };
    }
    return { kind: 'link', url };
  } catch (error) {
    return { kind: 'failed', error: message(error) };
  }
}

/** Creates the missing database the doctor named. */
export function createShareDatabase(settings: SyncSettings): Promise<void> {
  return createCouchDatabase(settings, fetchOf());
}

/** A shared snapshot ready to show: the session, and the file text `Import a copy` imports. */
export interface SharedSnapshot {
  session: ImportedSession;
  text: string;
  fileName: string;
}

export type SharedOutcome =
  | { kind: 'session'; snapshot: SharedSnapshot }
  | { kind: 'error'; error: ShareError }
  | { kind: 'problem'; problem: SyncProblem; settings: SyncSettings }
  | { kind: 'no-server' };

/**
 * The snapshot as one session's export and nothing else: whatever the sender's file says, it imports as a session
 * file (never as "Export all", so it brings no tools, agents or notes).
 */
export async function toSnapshot(text: string): Promise<SharedSnapshot> {
  let file: Record<string, unknown>;
  try {
    file = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new ShareError('not-a-session', message(error));
  }
  const { tools: _tools, roster: _roster, notes: _notes, ...rest } = file;
  const sessionText = JSON.stringify({ ...rest, scope: 'session' });
  const fileName = 'glassbox-shared-session.json';
  const { parseImportFile } = await import('../../db/session-file.ts');
  const parsed = parseImportFile(sessionText, fileName, { language: currentLanguage() });
  if (!parsed.ok) throw new ShareError('not-a-session', parsed.error);
  const [session] = parsed.sessions;
  if (!session || parsed.sessions.length !== 1 || session.source !== 'glassbox') {
    throw new ShareError('not-a-session', `${parsed.sessions.length} sessions`);
  }
  return { session, text: sessionText, fileName };
}

const asShareError = (error: unknown) =>
  error instanceof ShareError ? error : new ShareError('not-a-session', message(error));

/** Downloads, decrypts and checks the snapshot a link names; the doctor names a server that refuses. */
export async function openSharedSession(docId: string, key: Uint8Array): Promise<SharedOutcome> {
  const settings = await savedServer();
  if (!settings) return { kind: 'no-server' };
  let bytes: Uint8Array;
  try {
    bytes = await downloadShare(settings, docId, fetchOf());
  } catch (error) {
    const shareError = asShareError(error);
    if (shareError.kind === 'missing') return { kind: 'error', error: shareError };
    const problem = await diagnoseSyncServer(settings, fetchOf());
    return problem ? { kind: 'problem', problem, settings } : { kind: 'error', error: shareError };
  }
  try {
    return { kind: 'session', snapshot: await toSnapshot(await decryptSnapshot(bytes, key, docId)) };
  } catch (error) {
    return { kind: 'error', error: asShareError(error) };
  }
}

/** Opens a snapshot saved as an encrypted file, with the key of its link. */
export async function openSharedFile(file: File, docId: string, key: Uint8Array): Promise<SharedOutcome> {
  try {
    const shareFile = JSON.parse(await file.text()) as Partial<ShareFile>;
    if (shareFile.format !== 'glassbox-share' || typeof shareFile.data !== 'string' || shareFile.id !== docId) {
      throw new ShareError('tampered', 'not the file of this link');
    }
    const text = await decryptSnapshot(fromBase64Url(shareFile.data), key, docId);
    return { kind: 'session', snapshot: await toSnapshot(text) };
  } catch (error) {
    return {
      kind: 'error',
      error: error instanceof SyntaxError ? new ShareError('tampered', error.message) : asShareError(error),
    };
  }
}

/**
 * Imports the snapshot as a new session through the ordinary import (`importFiles`, handed in by the caller: this
 * module is loaded lazily, and importing file-actions from a lazy chunk would split the first-load chunk), then
 * leaves the shared view.
 */
export async function importSharedCopy(
  snapshot: SharedSnapshot,
  importFiles: (files: File[]) => Promise<void>,
): Promise<void> {
  await importFiles([new File([snapshot.text], snapshot.fileName, { type: 'application/json' })]);
  closeSharedView();
}

/** Leaves the shared view: the fragment goes, the chat comes back. */
export function closeSharedView(): void {
  history.replaceState(history.state, '', location.pathname + location.search);
  globalThis.dispatchEvent(new HashChangeEvent('hashchange'));
}
