// Ids the app did not make (a file imported with its own ids) may hold `:`, which separates a document id's parts, and
// `%`, which escapes it: a session with its run and file, a note, a dataset with an item and a Knowledge document
// with such ids reach the other device under the same ids.
import { describe, expect, it } from 'vitest';
import { addAttachment, listAttachments } from '../../db/attachments.ts';
import { createIndexedDbDatasetStore } from '../../db/datasets.ts';
import { addKnowledgeDocument, listKnowledgeDocuments } from '../../db/knowledge.ts';
import { passageId } from '../../knowledge/knowledge-events.ts';
import { listMessages } from '../../db/messages.ts';
import { addNote, listNotes } from '../../db/notes.ts';
import { saveStep } from '../../db/save-step.ts';
import { createSession } from '../../db/sessions.ts';
import { couchServer, device, settingsFor } from './engine-test-helpers.ts';
import { idOfPart, idPart, idsOfDocId, runDocId, sessionOfDocId } from './docs.ts';
import { datasetOfDocId, ditemDocId, knowledgeOfDocId, kfileDocId } from './library-docs.ts';

const SESSION = 'sess:a%3Ab';
const RUN = 'run:1';

describe('ids holding the separator', () => {
  it('escapes `:` and `%` in a document id, and reads the parts back', () => {
    expect(idPart('plain_id-1')).toBe('plain_id-1');
    expect(runDocId(SESSION, RUN)).toBe('run:sess%3Aa%253Ab:run%3A1');
    expect(idsOfDocId(runDocId(SESSION, RUN))).toEqual([SESSION, RUN]);
    expect(sessionOfDocId(runDocId(SESSION, RUN))).toBe(SESSION);
    expect(datasetOfDocId(ditemDocId('ds:1', 'item:2'))).toBe('ds:1');
    expect(knowledgeOfDocId(kfileDocId('kd:1', 3))).toBe('kd:1');
    expect(idOfPart(idPart('%25:%3A'))).toBe('%25:%3A');
  });

  it('syncs a session, note, dataset and Knowledge document whose ids hold them', async () => {
    const server = await couchServer();
    const a = await device();
    await createSession(a.db, { id: SESSION, now: 1_000 });
    await saveStep(a.db, {
      sessionId: SESSION,
      entries: [
        { id: 'm:1', sessionId: SESSION, runId: RUN, createdAt: 2_000, message: { role: 'user', content: 'odd q' } },
        {
          id: 'm:2',
          sessionId: SESSION,
          runId: RUN,
          createdAt: 2_001,
          message: { role: 'assistant', content: 'odd a' },
        },
      ],
      spans: [],
      session: { status: 'done', updatedAt: 2_001 },
    });
    const file = { sessionId: SESSION, name: 'a.txt', mimeType: 'text/plain', size: 1, text: 'x', createdAt: 2_002 };
    await addAttachment(a.db, { ...file, id: 'file:1' });
    await addNote(a.db, { content: 'odd note' }, { newId: () => 'note:1', now: () => 3_000 });
    const datasets = createIndexedDbDatasetStore(a.db);
    await datasets.save({ id: 'ds:1', name: 'Odd', scorers: [], createdAt: 1_000, updatedAt: 1_000 });
    await datasets.addItems([{ id: 'item:1', datasetId: 'ds:1', input: 'odd item', createdAt: 1_001 }], 1_001);
    const passage = { id: passageId('kd:1', 0), documentId: 'kd:1', ordinal: 0, headings: [] };
    await addKnowledgeDocument(
      a.db,
      { id: 'kd:1', name: 'odd.md', format: 'markdown', bytes: 4, passages: 1, addedAt: 2_000 },
      [{ ...passage, text: 'odd' }],
      new Blob(['odd\n'], { type: 'text/markdown' }),
    );
    await a.engine.start(settingsFor(server.url));
    const b = await device();
    await b.engine.start(settingsFor(server.url));
    expect(b.status()?.failed).toBe(0);
    expect((await listMessages(b.db, SESSION)).map((entry) => [entry.id, entry.message.content])).toEqual([
      ['m:1', 'odd q'],
      ['m:2', 'odd a'],
    ]);
    expect((await listAttachments(b.db, SESSION)).map((entry) => entry.id)).toEqual(['file:1']);
    expect((await listNotes(b.db)).map((note) => note.id)).toEqual(['note:1']);
    expect((await createIndexedDbDatasetStore(b.db).items('ds:1')).map((item) => item.id)).toEqual(['item:1']);
    expect((await listKnowledgeDocuments(b.db)).map((document) => document.id)).toEqual(['kd:1']);
  });
});
