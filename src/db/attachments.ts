import type { IDBPTransaction } from 'idb';
import type { AttachmentInfo, AttachmentStore } from '../tools/tool-context.ts';
import type { AttachmentRecord, GlassboxDB } from './schema.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

type FilesTransaction = IDBPTransaction<GlassboxDB, ('attachments' | 'sessions')[], 'readwrite'>;

/**
 * A file attached or removed is activity in its session: its `updatedAt` moves on (at least 1 ms), so the session's
 * sync signature changes and sync sends the change although no message was saved.
 */
async function touchSession(tx: FilesTransaction, sessionId: string, at: number): Promise<void> {
  const sessions = tx.objectStore('sessions');
  const session = await sessions.get(sessionId);
  if (session) await sessions.put({ ...session, updatedAt: Math.max(at, session.updatedAt + 1) });
}

/** Stores a file attached to a session (a new id, or an update of the same id). */
export async function addAttachment(db: GlassboxDatabase, attachment: AttachmentRecord): Promise<void> {
  await runTransaction(db, ['attachments', 'sessions'], 'readwrite', async (tx) => {
    await tx.objectStore('attachments').put(attachment);
    await touchSession(tx, attachment.sessionId, attachment.createdAt);
  });
}

/** Deletes an attachment; resolves to whether it existed. */
export async function deleteAttachment(db: GlassboxDatabase, id: string, now = Date.now()): Promise<boolean> {
  return runTransaction(db, ['attachments', 'sessions'], 'readwrite', async (tx) => {
    const record = await tx.objectStore('attachments').get(id);
    await tx.objectStore('attachments').delete(id);
    if (record) await touchSession(tx, record.sessionId, now);
    return record !== undefined;
  });
}

function byAge(a: { createdAt: number; name: string }, b: { createdAt: number; name: string }): number {
  return a.createdAt - b.createdAt || a.name.localeCompare(b.name);
}

/** A session's attachments, oldest first. */
export function listAttachments(db: GlassboxDatabase, sessionId: string): Promise<AttachmentRecord[]> {
  return readStorage(async () => (await db.getAllFromIndex('attachments', 'by-session', sessionId)).sort(byAge));
}

function infoOf(db: GlassboxDatabase, { text: _text, ...info }: AttachmentRecord): AttachmentInfo {
  return { ...info, database: db.name };
}

/**
 * The attachment store of the app, backed by IndexedDB. `listInfo` reads only the session's keys: a record's metadata
 * is remembered from when this page stored or read it (a stored record never changes; a new file gets a new id), so
 * a run does not read a 50 MB file on the main thread just to learn its name.
 */
export function createAttachmentStore(db: GlassboxDatabase) {
  const known = new Map<string, AttachmentInfo>();
  const remember = (records: AttachmentRecord[]): AttachmentRecord[] => {
    for (const record of records) known.set(record.id, infoOf(db, record));
    return records;
  };
  return {
    list: async (sessionId) => remember(await listAttachments(db, sessionId)),
    listInfo: (sessionId) =>
      readStorage(async () => {
        const ids = await db.getAllKeysFromIndex('attachments', 'by-session', sessionId);
        const infos = await Promise.all(
          ids.map(async (id) => {
            const info = known.get(id);
            if (info) return info;
            const record = await db.get('attachments', id);
            if (!record) return undefined;
            remember([record]);
            return infoOf(db, record);
          }),
        );
        return infos.filter((info): info is AttachmentInfo => info !== undefined).sort(byAge);
      }),
    add: async (attachment: AttachmentRecord) => {
      await addAttachment(db, attachment);
      remember([attachment]);
    },
    remove: async (id: string) => {
      known.delete(id);
      await deleteAttachment(db, id);
    },
  } satisfies Required<AttachmentStore> & Record<string, unknown>;
}
