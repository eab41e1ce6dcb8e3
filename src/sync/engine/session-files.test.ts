// A file attached to or removed from a session syncs by itself, with no message sent after it; a large one too.
import { describe, expect, it } from 'vitest';
import { addAttachment, deleteAttachment, listAttachments } from '../../db/attachments.ts';
import { saveStep } from '../../db/save-step.ts';
import { createSession } from '../../db/sessions.ts';
import { decryptDoc, encryptDoc, INLINE_CIPHERTEXT, type EngineContext } from './context.ts';
import { couchServer, device, settingsFor } from './engine-test-helpers.ts';
import type { PouchDoc } from './pouch.ts';

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

  it('a file larger than CouchDB takes as a document (8 MB) goes up: its ciphertext as an attachment', async () => {
    const server = await couchServer();
    const a = await device();
    await createSession(a.db, { id: 'sess_big', now: 1_000, title: 'Readings' });
    const row = 'day,station,reading\n2026-01-01,north,12.5\n';
    const text = row.repeat(Math.ceil(9_000_000 / row.length));
    const file = { id: 'file_big', sessionId: 'sess_big', name: 'readings.csv', mimeType: 'text/csv' };
    await addAttachment(a.db, { ...file, size: text.length, text, createdAt: 2_000 });
    await a.engine.start(settingsFor(server.url));
    expect(a.state()).toBe('idle');
    // (A device that pulls it is the browser's: e2e/sync-files.spec.ts. PouchDB in Node reads attachments over HTTP
    // as Blobs its Node storage cannot take.)
    const stored = (await (await fetch(`${server.url}/glassbox/file:sess_big:file_big`)).json()) as {
      c?: string;
      _attachments?: { c?: { length: number } };
    };
    expect(stored.c).toBeUndefined();
    expect(stored._attachments?.c?.length).toBeGreaterThan(9_000_000);
    expect(await server.rawDump('glassbox')).not.toContain('north,12.5');
  });

  it('reads a document whose ciphertext is an attachment, from the stub a listing gives', async () => {
    const a = await device();
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const local = new a.Pouch('files-local');
    const failed: string[] = [];
    const context = { key, local, failed: (id: string) => failed.push(id) } as unknown as EngineContext;
    const body = { text: 'x'.repeat(INLINE_CIPHERTEXT) };
    const doc = await encryptDoc(context, 'file:s:f', body);
    expect(doc.c).toBeUndefined();
    await local.bulkDocs([doc]);
    const [row] = (await local.allDocs({ include_docs: true })).rows;
    expect(row?.doc?._attachments).toMatchObject({ c: { stub: true } });
    expect(await decryptDoc(context, row?.doc as PouchDoc)).toEqual(body);
    expect(failed).toEqual([]);
  });
});
