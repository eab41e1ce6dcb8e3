// A file attached to or removed from a session syncs by itself, with no message sent after it.
import { describe, expect, it } from 'vitest';
import { addAttachment, deleteAttachment, listAttachments } from '../../db/attachments.ts';
import { saveStep } from '../../db/save-step.ts';
import { createSession } from '../../db/sessions.ts';
import { couchServer, device, settingsFor } from './engine-test-helpers.ts';

describe('session files', () => {
  it('a file attached, then removed, on one device is on the other, then gone', async () => {
    const server = await couchServer();
    const a = await device();
    await createSession(a.db, { id: 'sess_files', now: 1_000 });
    await saveStep(a.db, {
      sessionId: 'sess_files',
      entries: [
        { id: 'm1', sessionId: 'sess_files', runId: 'r1', createdAt: 2_000, message: { role: 'user', content: 'hi' } },
      ],
      spans: [],
      session: { status: 'done', updatedAt: 2_000 },
    });
    await a.engine.start(settingsFor(server.url));
    const b = await device();
    await b.engine.start(settingsFor(server.url));
    const file = {
      id: 'file_1',
      sessionId: 'sess_files',
      name: 'sales.csv',
      mimeType: 'text/csv',
      size: 7,
      text: 'a,b\n1,2',
    };
    // Attached a millisecond "before" the last message (clocks differ): still sent.
    await addAttachment(a.db, { ...file, createdAt: 1_999 });
    a.engine.localChanged();
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect((await listAttachments(b.db, 'sess_files')).map((entry) => [entry.name, entry.text])).toEqual([
      ['sales.csv', 'a,b\n1,2'],
    ]);
    await deleteAttachment(a.db, 'file_1', 3_000);
    a.engine.localChanged();
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(await listAttachments(b.db, 'sess_files')).toEqual([]);
  });
});
