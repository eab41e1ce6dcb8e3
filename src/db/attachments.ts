import type { AttachmentStore } from '../tools/tool-context.ts';
import type { AttachmentRecord } from './schema.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** Stores a file attached to a session (a new id, or an update of the same id). */
export async function addAttachment(db: GlassboxDatabase, attachment: AttachmentRecord): Promise<void> {
  await runTransaction(db, ['attachments'], 'readwrite', async (tx) => {
    await tx.objectStore('attachments').put(attachment);
  });
}

/** Deletes an attachment; resolves to whether it existed. */
export async function deleteAttachment(db: GlassboxDatabase, id: string): Promise<boolean> {
  return runTransaction(db, ['attachments'], 'readwrite', async (tx) => {
    const existed = (await tx.objectStore('attachments').getKey(id)) !== undefined;
    await tx.objectStore('attachments').delete(id);
    return existed;
  });
}

/** A session's attachments, oldest first. */
export function listAttachments(db: GlassboxDatabase, sessionId: string): Promise<AttachmentRecord[]> {
  return readStorage(async () =>
    (await db.getAllFromIndex('attachments', 'by-session', sessionId)).sort(
      (a, b) => a.createdAt - b.createdAt || a.name.localeCompare(b.name),
    ),
  );
}

/** The AttachmentStore tools use, backed by IndexedDB. */
export function createAttachmentStore(db: GlassboxDatabase): AttachmentStore {
  return { list: (sessionId) => listAttachments(db, sessionId) };
}
